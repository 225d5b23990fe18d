import type { AdminList, MemberRef } from "@domain/admin.ts";
import { useMutation } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { parseJson, toApiError } from "@web/lib/api.ts";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { Check, Inbox, X } from "lucide-react";
import { describe, expect, it } from "vitest";
import { useAdminList, useRefreshAdmin } from "./admin-api.ts";
import { useListParams } from "./list-params.ts";
import { ReviewImage } from "./ReviewCard.tsx";
import { type ReviewDecision, ReviewQueue } from "./ReviewQueue.tsx";
import { listOf, renderRoute } from "./test-helpers.tsx";

interface Case {
  id: string;
  member: MemberRef;
  note: string;
}
type Decision = "accept" | "reject";

const member = (userId: string, name: string): MemberRef => ({
  userId,
  email: `${userId}@example.com`,
  name,
  photo: null,
});
const kofi: Case = { id: "c1", member: member("u-kofi", "Kofi Mensah"), note: "Premier cas" };
const nameless: Case = { id: "c2", member: member("u-anon", "  "), note: "Second cas" };

const DECISIONS: ReviewDecision<Case, Decision>[] = [
  {
    decision: "reject",
    label: "Rejeter",
    title: (name) => `Rejeter le cas de ${name}`,
    icon: X,
    variant: "danger",
    tone: "danger",
    pendingLabel: "Rejet…",
    body: (item, name) => <p>{`Le cas de ${name} (${item.note}) est rejeté.`}</p>,
    done: (name) => `Cas de ${name} rejeté.`,
  },
  {
    decision: "accept",
    label: "Accepter",
    title: (name) => `Accepter le cas de ${name}`,
    icon: Check,
    tone: "primary",
    pendingLabel: "Enregistrement…",
    body: (_item, name) => <p>{`Le cas de ${name} est accepté.`}</p>,
    done: (name) => `Cas de ${name} accepté.`,
  },
];

/**
 * A queue of « cases » at /api/admin/cases, wired as the pages wire theirs. The API has no such
 * route, so the requests are written out here (the pages use the typed client).
 */
async function send<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  const body = parseJson(await res.text());
  if (!res.ok) throw toApiError(res.status, body);
  return body as T;
}
const casesApi = {
  list: (query: Record<string, string>, signal: AbortSignal) =>
    send<AdminList<Case>>(`/api/admin/cases?${new URLSearchParams(query)}`, { signal }),
  decide: (id: string, decision: Decision) => send(`/api/admin/cases/${id}/${decision}`, { method: "POST" }),
};

function CasesPage() {
  const params = useListParams({ sorts: [], defaultDir: "asc", filters: [] });
  const list = useAdminList("cases", `page=${params.page}&size=${params.size}`, casesApi.list);
  const refresh = useRefreshAdmin();
  const decide = useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: Decision }) => casesApi.decide(id, decision),
    onSettled: () => refresh(),
  });
  return (
    <ReviewQueue
      title="Cas"
      intro="Les cas à examiner."
      list={list}
      params={params}
      decide={decide}
      decisions={DECISIONS}
      text={{
        headingId: "cases-queue",
        count: ["cas à examiner", "cas à examiner"],
        list: "Cas à examiner",
        loading: "Chargement des cas…",
        loadError: "Impossible de charger les cas",
        empty: "Aucun cas à examiner.",
        items: ["cas", "cas"],
      }}
      emptyIcon={Inbox}
      cardLabel={(name) => `Cas de ${name}`}
      facts={(item) => [{ term: "Note :", value: item.note }]}
      evidence={(item, name) => <p>{`Pièces de ${name} pour ${item.id}`}</p>}
    />
  );
}

const renderQueue = (route = "/admin/cases") => renderRoute(<CasesPage />, { path: "/admin/cases", route });

describe("ReviewQueue", () => {
  it("builds each card from the decisions: the member’s name in every label, the buttons in order", async () => {
    stubFetch((call) =>
      call.url.startsWith("/api/admin/cases?") ? { body: listOf([kofi, nameless]) } : undefined,
    );
    renderQueue();
    const card = await screen.findByRole("article", { name: "Cas de Kofi Mensah" });
    expect(screen.getByRole("heading", { level: 2, name: "2 cas à examiner" })).toBeInTheDocument();
    expect(card).toHaveTextContent(/Note\s*:\s*Premier cas/);
    expect(within(card).getByText("Pièces de Kofi Mensah pour c1")).toBeInTheDocument();
    expect(
      within(card)
        .getAllByRole("button")
        .map((b) => b.getAttribute("aria-label")),
    ).toEqual(["Rejeter le cas de Kofi Mensah", "Accepter le cas de Kofi Mensah"]);
    // No name on the profile: the e-mail address stands for it.
    expect(screen.getByRole("article", { name: "Cas de u-anon@example.com" })).toBeInTheDocument();
  });

  it("sends the decision confirmed in its own dialog, then announces it", async () => {
    const user = userEvent.setup({ delay: null });
    let queue = [kofi];
    const { calls } = stubFetch((call) => {
      if (call.url.startsWith("/api/admin/cases?")) return { body: listOf(queue) };
      if (call.method === "POST") queue = [];
      return { body: {} };
    });
    renderQueue();
    await user.click(await screen.findByRole("button", { name: "Rejeter le cas de Kofi Mensah" }));
    const dialog = screen.getByRole("dialog", { name: "Rejeter le cas de Kofi Mensah" });
    expect(dialog).toHaveTextContent("Le cas de Kofi Mensah (Premier cas) est rejeté.");
    await user.click(within(dialog).getByRole("button", { name: "Rejeter" }));
    expect(await screen.findByText("Cas de Kofi Mensah rejeté.")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.url)).toEqual([
      "/api/admin/cases/c1/reject",
    ]);
    expect(await screen.findByText("Aucun cas à examiner.")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole("heading", { level: 2, name: "File d’attente" })).toHaveFocus(),
    );
  });

  it("closes the dialog on a case gone meanwhile (404) and says why", async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch((call) => {
      if (call.url.startsWith("/api/admin/cases?")) return { body: listOf([kofi]) };
      return { status: 404, body: { error: { code: "NOT_FOUND", message: "Ce cas n’existe plus" } } };
    });
    renderQueue();
    await user.click(await screen.findByRole("button", { name: "Accepter le cas de Kofi Mensah" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Accepter" }));
    expect(await screen.findByText("Ce cas n’existe plus")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("pages through a long queue, and offers the first page when a later one has emptied", async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch((call) => {
      if (call.url === "/api/admin/cases?page=1&size=25")
        return { body: listOf([kofi], { total: 30, size: 25 }) };
      if (call.url === "/api/admin/cases?page=2&size=25")
        return { body: listOf([], { total: 0, page: 2, size: 25 }) };
      return undefined;
    });
    renderQueue("/admin/cases?page=2");
    expect(await screen.findByText("Cette page est vide.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Revenir à la première page" }));
    expect(await screen.findByRole("article", { name: "Cas de Kofi Mensah" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "30 cas à examiner" })).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Pagination" })).toBeInTheDocument();
  });
});

describe("ReviewImage", () => {
  it("links to the whole image only when given where, and says when it is not there", () => {
    render(
      <>
        <ReviewImage src="/a.jpg" href="/a.jpg" alt="Avec lien" caption="Un" unavailable="Absente." />
        <ReviewImage src="/b.jpg" alt="Sans lien" caption="Deux" unavailable="Indisponible." />
        <ReviewImage src={null} alt="Aucune" caption="Trois" unavailable="Partie." />
      </>,
    );
    expect(screen.getByRole("link", { name: "Avec lien" })).toHaveAttribute("href", "/a.jpg");
    const unlinked = screen.getByRole("img", { name: "Sans lien" });
    expect(unlinked.closest("a")).toBeNull();
    expect(screen.getByText("Partie.")).toBeInTheDocument();
    expect(screen.queryByRole("img", { name: "Aucune" })).not.toBeInTheDocument();

    fireEvent.error(unlinked);
    expect(screen.getByText("Indisponible.")).toBeInTheDocument();
    expect(screen.getAllByRole("figure")).toHaveLength(3);
  });
});
