// The photo list: main photo, reordering, re-framing a thumbnail, deleting, and where each
// confirmation or refusal shows. Requests go to a stubbed fetch that answers like the API.
import { MSG } from "@domain/messages.ts";
import type { PhotoDto, ProfileDto } from "@domain/profile.ts";
import { frenchTypography } from "@domain/typography.ts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { profileFixture } from "@web/test/fixtures.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import { PhotosFromCache, stubBrowser } from "./photo-test-support.tsx";

const photo = (name: string): PhotoDto => ({
  key: `photos/${name}.jpg`,
  url: `/s/${name}.jpg`,
  thumbUrl: `/s/thumbs/${name}.jpg`,
  renditions: null,
  placeholder: null,
});
const [A, B, C] = [photo("a"), photo("b"), photo("c")];

type Reply = { status?: number; body?: unknown } | undefined;

function setup(
  photos: PhotoDto[],
  reply: (url: string, method: string, body: unknown) => Reply = () => undefined,
) {
  stubBrowser();
  const { calls } = stubFetch(({ url, method, body }) => reply(url, method, body));
  const user = userEvent.setup({ delay: null });
  const utils = renderWithProviders(<PhotosFromCache initial={profileFixture({ photos })} />);
  return { user, calls, ...utils };
}

/** The photos' alt texts in the order shown: « a », « b »… from their thumbnails. */
const shownOrder = () =>
  screen
    .getAllByRole("img", { name: /^Photo \d d’Awa$/ })
    .map((img) => img.getAttribute("src")!.replace("/s/thumbs/", "").replace(".jpg", ""));

/** The API's answer to a reorder: the photos in the order of the keys sent. */
const reordered = (body: unknown, photos: PhotoDto[]): ProfileDto => {
  const keys = (body as { keys: string[] }).keys;
  return profileFixture({ photos: keys.map((k) => photos.find((p) => p.key === k)!) });
};

describe("PhotoManager", () => {
  it("marks the main photo, uses French alt texts and confirms before deleting", async () => {
    const { user, calls } = setup([A, B]);
    expect(screen.getByAltText("Photo 1 d’Awa")).toBeInTheDocument();
    expect(screen.getByAltText("Photo 2 d’Awa")).toBeInTheDocument();
    expect(screen.getByText("Photo principale")).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: /Définir comme principale/ })).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "Supprimer la photo 2" }));
    expect(
      screen.getByRole("dialog", { name: frenchTypography("Supprimer cette photo ?") }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Annuler" }));
    expect(calls).toEqual([]);
  });

  it("moves a photo earlier and later with buttons, sending the full order, focus following it", async () => {
    const { user, calls } = setup([A, B, C], (url, method, body) =>
      url === "/api/profile/photos/order" && method === "PUT"
        ? { body: reordered(body, [A, B, C]) }
        : undefined,
    );
    expect(shownOrder()).toEqual(["a", "b", "c"]);
    // Nothing moves past either end.
    expect(screen.getByRole("button", { name: "Déplacer la photo 1 avant" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Déplacer la photo 3 après" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Déplacer la photo 2 après" }));
    await waitFor(() => expect(shownOrder()).toEqual(["a", "c", "b"]));
    expect(calls.at(-1)).toEqual({
      url: "/api/profile/photos/order",
      method: "PUT",
      body: { keys: [A.key, C.key, B.key] },
    });
    expect(await screen.findByText("Photo déplacée en position 3.")).toBeInTheDocument();
    // « b » is last now: its « après » button is disabled, so focus went to its « avant » button.
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Déplacer la photo 3 avant" })).toHaveFocus(),
    );

    // By keyboard, twice: « b » becomes the main photo.
    await user.keyboard("{Enter}");
    await waitFor(() => expect(shownOrder()).toEqual(["a", "b", "c"]));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Déplacer la photo 2 avant" })).toHaveFocus(),
    );
    await user.keyboard("{Enter}");
    await waitFor(() => expect(shownOrder()).toEqual(["b", "a", "c"]));
    expect(calls.at(-1)?.body).toEqual({ keys: [B.key, A.key, C.key] });
    expect(
      await screen.findByText("Photo déplacée en première position : c’est votre photo principale."),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Déplacer la photo 1 après" })).toHaveFocus(),
    );
    expect(within(screen.getAllByRole("listitem")[0]!).getByText("Photo principale")).toBeInTheDocument();
  });

  it("puts the order back and shows the refusal next to the photo when the server refuses", async () => {
    const { user, calls } = setup([A, B, C], (url) =>
      url === "/api/profile/photos/order"
        ? {
            status: 409,
            body: { error: { code: "PHOTO_ORDER_MISMATCH", message: MSG.PHOTO_ORDER_MISMATCH } },
          }
        : url === "/api/profile"
          ? { body: profileFixture({ photos: [A, B, C] }) }
          : undefined,
    );
    await user.click(screen.getByRole("button", { name: "Déplacer la photo 3 avant" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(MSG.PHOTO_ORDER_MISMATCH);
    expect(shownOrder()).toEqual(["a", "b", "c"]);
    // In the item of the photo that was moved: « c », still third.
    expect(screen.getAllByRole("listitem")[2]).toContainElement(alert);
    // The list is fetched again, since it changed elsewhere.
    await waitFor(() => expect(calls.some((c) => c.url === "/api/profile" && c.method === "GET")).toBe(true));
  });

  it("re-frames a photo’s thumbnail: the square is sent and the photo gets its new key", async () => {
    const framed = photo("b2");
    const { user, calls } = setup([A, B], (url) =>
      url === "/api/profile/photos/crop" ? { body: profileFixture({ photos: [A, framed] }) } : undefined,
    );
    await user.click(screen.getByRole("button", { name: "Recadrer la vignette de la photo 2" }));
    const dialog = screen.getByRole("dialog", { name: "Recadrer la vignette" });
    const frame = await within(dialog).findByRole("application", { name: "Cadre de la vignette" });
    expect(within(dialog).getByRole("img", { name: "Aperçu de la vignette" })).toBeInTheDocument();
    frame.focus();
    await user.keyboard("-{ArrowLeft}");
    const square = frame.getAttribute("data-square");
    await user.click(within(dialog).getByRole("button", { name: "Enregistrer le cadrage" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const [left, top, size] = square!.split(",").map(Number);
    expect(calls.at(-1)).toEqual({
      url: "/api/profile/photos/crop",
      method: "POST",
      body: { key: B.key, square: { left, top, size } },
    });
    expect(await screen.findByText("Vignette recadrée.")).toBeInTheDocument();
    expect(shownOrder()).toEqual(["a", "b2"]);
  });

  it("keeps the framing dialog open with the refusal inside it", async () => {
    const { user } = setup([A, B], () => ({
      status: 400,
      body: { error: { code: "PHOTO_CROP_INVALID", message: MSG.PHOTO_CROP_INVALID } },
    }));
    await user.click(screen.getByRole("button", { name: "Recadrer la vignette de la photo 1" }));
    const dialog = screen.getByRole("dialog", { name: "Recadrer la vignette" });
    await within(dialog).findByRole("application", { name: "Cadre de la vignette" });
    await user.click(within(dialog).getByRole("button", { name: "Enregistrer le cadrage" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(MSG.PHOTO_CROP_INVALID);
    expect(shownOrder()).toEqual(["a", "b"]);
  });

  it("shows a failed deletion next to the photo", async () => {
    const { user } = setup([A, B], (_url, method) =>
      method === "DELETE"
        ? { status: 500, body: { error: { code: "INTERNAL_ERROR", message: MSG.GENERIC } } }
        : undefined,
    );
    await user.click(screen.getByRole("button", { name: "Supprimer la photo 2" }));
    await user.click(screen.getByRole("button", { name: "Supprimer la photo" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(MSG.GENERIC);
    expect(screen.getAllByRole("listitem")[1]).toContainElement(alert);
  });
});
