// The add-a-photo flow: checks, preparation with progress, framing, sending with progress,
// cancelling, and where refusals show. The image preparation itself runs in Chromium (e2e/photos.spec.ts):
// here a hand-driven preparer stands in for it, except for the checks made before decoding.
import { MSG } from "@domain/messages.ts";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { profileFixture } from "@web/test/fixtures.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { describe, expect, it, vi } from "vitest";
import { profileKeys } from "../keys.ts";
import { PhotoPreparationError, preparePhoto } from "../photo-preparation/prepare-photo.ts";
import { FakeXhr, IMAGE_SIZE, manualPreparer, PhotosFromCache, stubBrowser } from "./photo-test-support.tsx";

function setup(prepare = manualPreparer()) {
  stubBrowser();
  const fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
  const user = userEvent.setup({ applyAccept: false });
  const utils = renderWithProviders(<PhotosFromCache initial={profileFixture()} prepare={prepare.prepare} />);
  return { user, fetchMock, prepare, ...utils, input: screen.getByLabelText("Ajouter une photo") };
}

/** A "camera photo" of `bytes` bytes; the content does not matter to the UI. */
const cameraPhoto = (bytes = 4_500_000) =>
  new File([new Uint8Array(bytes)], "IMG_2041.JPG", { type: "image/jpeg" });

describe("PhotoUploader", () => {
  it("only offers JPEG, PNG and WebP", () => {
    const { input } = setup();
    expect(input).toHaveAttribute("type", "file");
    expect(input).toHaveAttribute("accept", "image/jpeg,image/png,image/webp");
  });

  it.each([
    ["a text file", new File(["bonjour"], "notes.txt", { type: "text/plain" }), MSG.PHOTO_NOT_IMAGE],
    ["a file without a type", new File(["x"], "photo", { type: "" }), MSG.PHOTO_NOT_IMAGE],
    ["a GIF", new File(["GIF89a"], "anim.gif", { type: "image/gif" }), MSG.PHOTO_FORMAT_UNSUPPORTED],
  ])("refuses %s before preparing it, next to the button, without any request", async (_l, file, message) => {
    const { user, input, fetchMock } = setup({ ...manualPreparer(), prepare: vi.fn(preparePhoto) });
    await user.upload(input, file);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(message);
    // Right under the control that caused it.
    expect(input.closest("div.flex-col")).toContainElement(alert);
    expect(FakeXhr.last).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ["too big even once prepared", "PHOTO_TOO_LARGE", MSG.PHOTO_TOO_LARGE],
    ["undecodable", "PHOTO_NOT_IMAGE", MSG.PHOTO_NOT_IMAGE],
    ["a HEIC photo this browser cannot read", "PHOTO_HEIC_UNSUPPORTED", MSG.PHOTO_HEIC_UNSUPPORTED],
  ] as const)("shows the preparer’s refusal of a file %s and sends nothing", async (_l, code, message) => {
    const { user, input, prepare } = setup();
    await user.upload(input, cameraPhoto());
    act(() => prepare.reject(new PhotoPreparationError(code)));
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
    expect(FakeXhr.last).toBeNull();
    expect(input).toBeEnabled();
  });

  it("prepares, lets the member frame the thumbnail by keyboard, then sends with progress", async () => {
    const { user, input, prepare, client } = setup();
    const original = cameraPhoto();
    await user.upload(input, original);
    expect(prepare.prepare).toHaveBeenCalledWith(
      original,
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );

    // One progress bar: preparation first, announced.
    act(() => prepare.progress(40));
    const preparing = await screen.findByRole("progressbar", { name: "Préparation de la photo…" });
    expect(preparing).toHaveAttribute("aria-valuenow", "40");
    expect(screen.getByRole("status", { name: "" })).toHaveTextContent("Préparation de la photo…");
    expect(input).toBeDisabled();

    const prepared = new File([new Uint8Array(600_000)], "IMG_2041.jpg", { type: "image/jpeg" });
    act(() => prepare.resolve(prepared));
    const dialog = await screen.findByRole("dialog", { name: "Cadrer votre photo" });
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();

    // The largest centred square of 800 × 600, then moved right by 2 % of 600 and zoomed in once.
    const frame = await within(dialog).findByRole("application", { name: "Cadre de la vignette" });
    expect(frame).toHaveAttribute("data-square", "100,0,600");
    frame.focus();
    await user.keyboard("{ArrowRight}");
    expect(frame).toHaveAttribute("data-square", "112,0,600");
    await user.keyboard("+");
    const [left, top, size] = frame.getAttribute("data-square")!.split(",").map(Number) as [
      number,
      number,
      number,
    ];
    expect(size).toBe(Math.round(600 / 1.15));
    expect(left).toBeGreaterThan(112);
    expect(top).toBeGreaterThan(0);
    await user.keyboard("{Shift>}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{/Shift}");
    expect(frame).toHaveAttribute("data-square", `0,${top},${size}`);
    await user.click(within(dialog).getByRole("button", { name: "Dézoomer" }));
    expect(frame.getAttribute("data-square")!.split(",")[2]).toBe("600");

    await user.click(within(dialog).getByRole("button", { name: "Envoyer la photo" }));
    const xhr = FakeXhr.last;
    if (!xhr) throw new Error("no request sent");
    expect([xhr.method, xhr.url]).toEqual(["POST", "/api/profile/photos"]);
    const form = xhr.body as FormData;
    // The prepared file is sent, not the original.
    expect(form.get("file")).toBe(prepared);
    const square = JSON.parse(form.get("square") as string);
    expect(square).toEqual({ left: 0, top: 0, size: 600 });
    expect(square.left + square.size).toBeLessThanOrEqual(IMAGE_SIZE.width);

    act(() => xhr.progress(50, 100));
    expect(await screen.findByRole("progressbar", { name: "Envoi…" })).toHaveAttribute("aria-valuenow", "50");

    const updated = profileFixture({
      photos: [
        {
          key: "photos/u1-1.jpg",
          url: "/storage/a.jpg",
          thumbUrl: "/storage/a-t.jpg",
          renditions: null,
          placeholder: null,
        },
      ],
    });
    act(() => xhr.respond(201, updated));
    await waitFor(() => expect(screen.queryByRole("progressbar")).not.toBeInTheDocument());
    expect(client.getQueryData(profileKeys.own)).toEqual(updated);
    expect(await screen.findByAltText("Photo 1 d’Awa")).toBeInTheDocument();
    expect((await screen.findByText("Photo ajoutée.")).closest("[aria-live]")).toHaveAttribute(
      "aria-live",
      "polite",
    );
  });

  it("cancels the preparation: nothing is sent and the member is told", async () => {
    const { user, input, prepare } = setup();
    await user.upload(input, cameraPhoto());
    await user.click(await screen.findByRole("button", { name: "Annuler" }));
    expect(await screen.findByText("Photo non envoyée.")).toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(prepare.prepare.mock.calls[0]![1]!.signal!.aborted).toBe(true);
    expect(FakeXhr.last).toBeNull();
  });

  it("cancels the framing or the sending", async () => {
    const { user, input, prepare, client } = setup();
    await user.upload(input, cameraPhoto());
    act(() => prepare.resolve(cameraPhoto(500_000)));
    const dialog = await screen.findByRole("dialog", { name: "Cadrer votre photo" });
    await user.click(within(dialog).getByRole("button", { name: "Annuler" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(FakeXhr.last).toBeNull();

    await user.upload(input, cameraPhoto());
    act(() => prepare.resolve(cameraPhoto(500_000)));
    await user.click(await screen.findByRole("button", { name: "Envoyer la photo" }));
    act(() => FakeXhr.last?.progress(10, 100));
    await user.click(await screen.findByRole("button", { name: "Annuler" }));
    expect(FakeXhr.last?.aborted).toBe(true);
    expect(await screen.findByText("Envoi annulé : la photo n’a pas été ajoutée.")).toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
    expect(client.getQueryData<{ photos: unknown[] }>(profileKeys.own)?.photos).toEqual([]);
  });

  it("shows the server’s refusal under the button, and again when it repeats", async () => {
    const { user, input, prepare } = setup();
    const scrolled = vi.spyOn(Element.prototype, "scrollIntoView");
    for (let attempt = 1; attempt <= 2; attempt++) {
      await user.upload(input, cameraPhoto());
      act(() => prepare.resolve(cameraPhoto(500_000)));
      await user.click(await screen.findByRole("button", { name: "Envoyer la photo" }));
      act(() => FakeXhr.last?.respond(409, { error: { code: "PHOTO_LIMIT", message: MSG.PHOTO_LIMIT } }));
      expect(await screen.findByRole("alert")).toHaveTextContent(MSG.PHOTO_LIMIT);
      // Brought into view each time (jsdom lays nothing out: every element is "off screen").
      await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(attempt));
      expect(scrolled).toHaveBeenLastCalledWith({ block: "center" });
    }
    expect(screen.getAllByRole("alert")).toHaveLength(1);
  });
});
