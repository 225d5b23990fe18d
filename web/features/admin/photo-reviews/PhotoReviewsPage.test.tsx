import type { AdminPhotoReviewRow } from "@domain/admin.ts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { describe, expect, it } from "vitest";
import { listOf, renderRoute } from "../shared/test-helpers.tsx";
import PhotoReviewsPage from "./PhotoReviewsPage.tsx";

const photo = (key: string) => ({
  key,
  url: `/storage/profiles/${key}`,
  thumbUrl: `/storage/profiles/thumbs/${key}`,
  renditions: null,
  placeholder: null,
});

const kofi: AdminPhotoReviewRow = {
  id: "r1",
  reason: "reused",
  score: 2,
  createdAt: "2026-11-20T09:30:00.000Z",
  member: { userId: "u-kofi", email: "kofi.mensah@example.com", name: "Kofi Mensah", photo: null },
  photo: photo("photos/u-kofi1.jpg"),
  matched: {
    member: {
      userId: "u-awa",
      email: "awa.diop@example.com",
      name: "Awa Diop",
      photo: photo("photos/u-awa1.jpg"),
    },
    photo: photo("photos/u-awa1.jpg"),
  },
  memberPhotoCount: 3,
};
const binta: AdminPhotoReviewRow = {
  id: "r2",
  reason: "suggestive",
  score: 0.7234,
  createdAt: "2026-11-21T14:00:00.000Z",
  member: { userId: "u-binta", email: "binta.sow@example.com", name: "Binta Sow", photo: null },
  photo: photo("photos/u-binta1.jpg"),
  matched: null,
  memberPhotoCount: 1,
};
const moussa: AdminPhotoReviewRow = {
  ...kofi,
  id: "r3",
  member: { userId: "u-moussa", email: "moussa.ba@example.com", name: "Moussa Ba", photo: null },
  photo: photo("photos/u-moussa1.jpg"),
  matched: { member: null, photo: null },
};

const LIST = "/api/admin/photo-reviews?page=1&size=25";
const ALREADY = {
  status: 409,
  body: {
    error: {
      code: "PHOTO_REVIEW_ALREADY_DECIDED",
      message: "Cette photo a déjà été traitée par un administrateur",
    },
  },
};

/** The queue as the server holds it: a decision takes the row out, a second one is a 409. */
function stubQueue(initial: AdminPhotoReviewRow[] = [kofi, binta, moussa]) {
  let queue = initial;
  return stubFetch((call) => {
    if (call.url === LIST) return { body: listOf(queue) };
    const decided = /^\/api\/admin\/photo-reviews\/(\w+)\/(approve|remove|ban)$/.exec(call.url);
    if (decided && call.method === "POST") {
      const [, id, decision] = decided;
      if (!queue.some((r) => r.id === id)) return ALREADY;
      queue = queue.filter((r) => r.id !== id);
      return {
        body: {
          id,
          userId: "u",
          status: decision === "approve" ? "approved" : "removed",
          banned: decision === "ban",
          decidedAt: "2026-11-22T10:00:00.000Z",
        },
      };
    }
    return undefined;
  });
}

const renderPage = () =>
  renderRoute(<PhotoReviewsPage />, { path: "/admin/photo-reviews", route: "/admin/photo-reviews" });
const posts = (calls: { method: string; url: string }[]) =>
  calls.filter((c) => c.method === "POST").map((c) => c.url);

describe("PhotoReviewsPage", () => {
  it("shows the held photo beside the other account’s photo, or the nudity score, with the member", async () => {
    const { calls } = stubQueue();
    renderPage();
    const card = await screen.findByRole("article", { name: "Photo de Kofi Mensah à vérifier" });
    expect(calls[0]?.url).toBe(LIST);
    expect(screen.getByRole("heading", { level: 1, name: "Photos à vérifier" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "3 photos à vérifier" })).toBeInTheDocument();

    // Side by side: the photo sent, and the same photo on the other account (with a link to it).
    const [sent, other] = within(card).getAllByRole("figure");
    expect(sent).toHaveTextContent("Photo envoyée");
    expect(within(sent!).getByRole("img", { name: /^Photo envoyée par Kofi Mensah/ })).toHaveAttribute(
      "src",
      "/storage/profiles/photos/u-kofi1.jpg",
    );
    expect(other).toHaveTextContent("Même photo sur le compte d’Awa Diop");
    expect(within(other!).getByRole("link", { name: "Awa Diop" })).toHaveAttribute(
      "href",
      "/admin/users/u-awa",
    );
    expect(within(other!).getByRole("img", { name: /^Photo du compte d’Awa Diop/ })).toHaveAttribute(
      "src",
      "/storage/profiles/photos/u-awa1.jpg",
    );
    // The member: name (to their admin page), e-mail, photo count.
    expect(within(card).getByRole("link", { name: "Kofi Mensah" })).toHaveAttribute(
      "href",
      "/admin/users/u-kofi",
    );
    expect(within(card).getByText("kofi.mensah@example.com")).toBeInTheDocument();
    expect(card).toHaveTextContent(/Photos sur le profil\s*:\s*3/);

    // A doubtful photo: its score, as a whole percentage with French spacing.
    const doubtful = screen.getByRole("article", { name: "Photo de Binta Sow à vérifier" });
    expect(within(doubtful).getByText("Photo peut-être suggestive — score 72 %")).toBeInTheDocument();
    expect(within(doubtful).getAllByRole("figure")).toHaveLength(1);

    // The other account or its photo gone since.
    const orphan = screen.getByRole("article", { name: "Photo de Moussa Ba à vérifier" });
    expect(orphan).toHaveTextContent("Même photo sur un compte supprimé depuis");
    expect(within(orphan).getByText("Cette photo n’est plus sur le profil.")).toBeInTheDocument();
  });

  it("approves after a confirmation; the card leaves the queue and focus returns to it", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubQueue();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Approuver la photo de Kofi Mensah" }));
    const dialog = screen.getByRole("dialog", { name: "Approuver la photo de Kofi Mensah" });
    expect(dialog).toHaveTextContent("La photo devient visible sur le profil public de Kofi Mensah.");
    expect(posts(calls)).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Approuver" }));

    expect(
      await screen.findByText("Photo de Kofi Mensah approuvée : elle est désormais visible sur son profil."),
    ).toBeInTheDocument();
    expect(posts(calls)).toEqual(["/api/admin/photo-reviews/r1/approve"]);
    await waitFor(() =>
      expect(
        screen.queryByRole("article", { name: "Photo de Kofi Mensah à vérifier" }),
      ).not.toBeInTheDocument(),
    );
    const heading = screen.getByRole("heading", { level: 2, name: "2 photos à vérifier" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("removes the photo only once confirmed, and can be cancelled, from the keyboard", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubQueue();
    renderPage();
    const button = await screen.findByRole("button", { name: "Retirer la photo de Binta Sow" });
    button.focus();
    await user.keyboard("{Enter}");
    const opened = screen.getByRole("dialog", { name: "Retirer la photo de Binta Sow" });
    // (The browser moves focus into the dialog; the test environment's dialog does not.)
    within(opened).getByRole("button", { name: "Annuler" }).focus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(posts(calls)).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Retirer la photo de Binta Sow" }));
    const dialog = screen.getByRole("dialog", { name: "Retirer la photo de Binta Sow" });
    expect(dialog).toHaveTextContent("La photo est supprimée du profil de Binta Sow et de nos serveurs.");
    await user.click(within(dialog).getByRole("button", { name: "Retirer la photo" }));
    expect(await screen.findByText("Photo de Binta Sow retirée de son profil.")).toBeInTheDocument();
    expect(posts(calls)).toEqual(["/api/admin/photo-reviews/r2/remove"]);
  });

  it("bans the member after a confirmation that says what it does", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubQueue();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Bannir le membre Kofi Mensah" }));
    const dialog = screen.getByRole("dialog", { name: "Bannir le membre Kofi Mensah" });
    expect(dialog).toHaveTextContent(/toutes ses sessions sont fermées/);
    expect(dialog).toHaveTextContent(/La photo est supprimée/);
    await user.click(within(dialog).getByRole("button", { name: "Bannir le membre" }));
    expect(await screen.findByText("Compte de Kofi Mensah banni et photo retirée.")).toBeInTheDocument();
    expect(posts(calls)).toEqual(["/api/admin/photo-reviews/r1/ban"]);
  });

  it("says so when another administrator decided first, and refreshes the queue", async () => {
    const user = userEvent.setup({ delay: null });
    let queue = [kofi];
    const { calls } = stubFetch((call) => {
      if (call.url === LIST) return { body: listOf(queue) };
      if (call.method === "POST") {
        queue = [];
        return ALREADY;
      }
      return undefined;
    });
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Retirer la photo de Kofi Mensah" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Retirer la photo" }));
    expect(
      await screen.findByText("Cette photo a déjà été traitée par un administrateur"),
    ).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(await screen.findByText("Aucune photo à vérifier.")).toBeInTheDocument();
    expect(calls.filter((c) => c.url === LIST).length).toBeGreaterThanOrEqual(2);
  });

  it("keeps the dialog open with the server’s refusal when the decision fails otherwise", async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch((call) => {
      if (call.url === LIST) return { body: listOf([kofi]) };
      if (call.method === "POST")
        return {
          status: 500,
          body: { error: { code: "INTERNAL_ERROR", message: "Une erreur est survenue" } },
        };
      return undefined;
    });
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Approuver la photo de Kofi Mensah" }));
    const dialog = screen.getByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Approuver" }));
    expect(await within(dialog).findByText("Une erreur est survenue")).toBeInTheDocument();
    expect(screen.getByRole("article", { name: "Photo de Kofi Mensah à vérifier" })).toBeInTheDocument();
  });

  it("shows a placeholder when a photo cannot be loaded", async () => {
    stubQueue([binta]);
    renderPage();
    fireEvent.error(await screen.findByRole("img", { name: /^Photo envoyée par Binta Sow/ }));
    expect(screen.getByText("Photo indisponible.")).toBeInTheDocument();
  });

  it("shows loading, the empty queue, and a retry when the queue cannot be loaded", async () => {
    stubQueue([]);
    const { unmount } = renderPage();
    expect(screen.getByText("Chargement des photos à vérifier…")).toBeInTheDocument();
    expect(await screen.findByText("Aucune photo à vérifier.")).toBeInTheDocument();
    unmount();

    stubFetch(() => ({
      status: 500,
      body: { error: { code: "INTERNAL_ERROR", message: "Une erreur est survenue" } },
    }));
    renderPage();
    expect(await screen.findByRole("button", { name: "Réessayer" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Impossible de charger les photos à vérifier");
  });
});
