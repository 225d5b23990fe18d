import type { AdminVerificationRow } from "@domain/admin.ts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { describe, expect, it } from "vitest";
import { listOf, renderRoute } from "../shared/test-helpers.tsx";
import VerificationsPage from "./VerificationsPage.tsx";

const photo = (key: string) => ({
  key,
  url: `/storage/profiles/${key}`,
  thumbUrl: `/storage/profiles/thumbs/${key}`,
  renditions: null,
  placeholder: null,
});

const kofi: AdminVerificationRow = {
  id: "v1",
  member: {
    userId: "u-kofi",
    email: "kofi.mensah@example.com",
    name: "Kofi Mensah",
    photo: photo("photos/u-kofi1.jpg"),
  },
  likeness: 0.6234,
  createdAt: "2026-11-20T09:30:00.000Z",
  selfieUrl: "/api/admin/verifications/v1/selfie",
  source: "selfie",
  photos: [photo("photos/u-kofi1.jpg"), photo("photos/u-kofi2.jpg")],
};
const awa: AdminVerificationRow = {
  id: "v2",
  member: { userId: "u-awa", email: "awa.diop@example.com", name: "Awa Diop", photo: null },
  likeness: 0.58,
  createdAt: "2026-11-21T14:00:00.000Z",
  selfieUrl: "/api/admin/verifications/v2/selfie",
  source: "selfie",
  photos: [],
};

const LIST = "/api/admin/verifications?page=1&size=25";

/** The queue as the server holds it: a decision takes the row out, a second one is a 409. */
function stubQueue(initial: AdminVerificationRow[] = [kofi, awa]) {
  let queue = initial;
  return stubFetch((call) => {
    if (call.url === LIST) return { body: listOf(queue) };
    const decided = /^\/api\/admin\/verifications\/(\w+)\/(approve|refuse)$/.exec(call.url);
    if (decided && call.method === "POST") {
      const [, id, decision] = decided;
      if (!queue.some((v) => v.id === id))
        return {
          status: 409,
          body: {
            error: {
              code: "VERIFICATION_ALREADY_DECIDED",
              message: "Cette vérification a déjà été décidée par un administrateur",
            },
          },
        };
      queue = queue.filter((v) => v.id !== id);
      return {
        body: {
          id,
          userId: "u",
          outcome: decision === "approve" ? "verified" : "refused",
          decidedAt: "2026-11-22T10:00:00.000Z",
        },
      };
    }
    return undefined;
  });
}

const renderPage = () =>
  renderRoute(<VerificationsPage />, { path: "/admin/verifications", route: "/admin/verifications" });

describe("VerificationsPage", () => {
  it("shows each pending review: the selfie beside the profile photos, the likeness and the member", async () => {
    const { calls } = stubQueue();
    renderPage();
    const card = await screen.findByRole("article", { name: "Vérification de Kofi Mensah" });
    expect(calls[0]?.url).toBe(LIST);
    expect(screen.getByRole("heading", { level: 1, name: "Vérifications" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "2 vérifications à examiner" })).toBeInTheDocument();

    expect(within(card).getByRole("img", { name: "Selfie de vérification de Kofi Mensah" })).toHaveAttribute(
      "src",
      "/api/admin/verifications/v1/selfie",
    );
    const photos = within(card).getByRole("list", { name: "Photos de profil de Kofi Mensah" });
    expect(within(photos).getAllByRole("img")).toHaveLength(2);
    expect(within(photos).getAllByRole("link")[1]).toHaveAttribute(
      "href",
      "/storage/profiles/photos/u-kofi2.jpg",
    );
    // A whole percentage, with French spacing (collapsed by getByText).
    expect(within(card).getByText("62 %")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "Kofi Mensah" })).toHaveAttribute(
      "href",
      "/admin/users/u-kofi",
    );
    expect(within(card).getByText("kofi.mensah@example.com")).toBeInTheDocument();

    const other = screen.getByRole("article", { name: "Vérification d’Awa Diop" });
    expect(within(other).getByText("Aucune photo de profil.")).toBeInTheDocument();
    expect(within(other).getByText("58 %")).toBeInTheDocument();
  });

  it("approves after a confirmation; the card leaves the queue and focus returns to it", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubQueue();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Approuver la vérification de Kofi Mensah" }));
    const dialog = screen.getByRole("dialog", { name: "Approuver la vérification de Kofi Mensah" });
    expect(dialog).toHaveTextContent("Profil vérifié");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Approuver" }));

    expect(
      await screen.findByText(
        "Vérification de Kofi Mensah approuvée : son profil porte désormais le badge « Profil vérifié ».",
      ),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.url)).toEqual([
      "/api/admin/verifications/v1/approve",
    ]);
    await waitFor(() =>
      expect(screen.queryByRole("article", { name: "Vérification de Kofi Mensah" })).not.toBeInTheDocument(),
    );
    const heading = screen.getByRole("heading", { level: 2, name: "1 vérification à examiner" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("refuses only once confirmed, and can be cancelled", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubQueue();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Refuser la vérification d’Awa Diop" }));
    let dialog = screen.getByRole("dialog", { name: "Refuser la vérification d’Awa Diop" });
    await user.click(within(dialog).getByRole("button", { name: "Annuler" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    await user.click(screen.getByRole("button", { name: "Refuser la vérification d’Awa Diop" }));
    dialog = screen.getByRole("dialog", { name: "Refuser la vérification d’Awa Diop" });
    expect(dialog).toHaveTextContent("Le selfie et l’empreinte du visage sont effacés.");
    await user.click(within(dialog).getByRole("button", { name: "Refuser" }));
    expect(
      await screen.findByText(
        "Vérification d’Awa Diop refusée : le membre en verra le motif et pourra réessayer.",
      ),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.url).toBe("/api/admin/verifications/v2/refuse");
  });

  it("says so when another administrator decided first, and refreshes the queue", async () => {
    const user = userEvent.setup({ delay: null });
    let queue = [kofi];
    const { calls } = stubFetch((call) => {
      if (call.url === LIST) return { body: listOf(queue) };
      if (call.method === "POST") {
        queue = [];
        return {
          status: 409,
          body: {
            error: {
              code: "VERIFICATION_ALREADY_DECIDED",
              message: "Cette vérification a déjà été décidée par un administrateur",
            },
          },
        };
      }
      return undefined;
    });
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Refuser la vérification de Kofi Mensah" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Refuser" }));
    expect(
      await screen.findByText("Cette vérification a déjà été décidée par un administrateur"),
    ).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(await screen.findByText("Aucune vérification à examiner.")).toBeInTheDocument();
    expect(calls.filter((c) => c.url === LIST).length).toBeGreaterThanOrEqual(2);
  });

  it("shows a placeholder when the selfie cannot be loaded any more", async () => {
    stubQueue([kofi]);
    renderPage();
    const selfie = await screen.findByRole("img", { name: "Selfie de vérification de Kofi Mensah" });
    fireEvent.error(selfie);
    expect(
      screen.getByText("Selfie indisponible : la vérification a peut-être été décidée entre-temps."),
    ).toBeInTheDocument();
  });

  it("shows the empty queue, and a retry when the queue cannot be loaded", async () => {
    stubQueue([]);
    const { unmount } = renderPage();
    expect(await screen.findByText("Aucune vérification à examiner.")).toBeInTheDocument();
    unmount();

    stubFetch(() => ({
      status: 500,
      body: { error: { code: "INTERNAL_ERROR", message: "Une erreur est survenue" } },
    }));
    renderPage();
    expect(await screen.findByRole("button", { name: "Réessayer" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Impossible de charger les vérifications");
  });
});
