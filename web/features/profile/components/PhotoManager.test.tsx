import { PHOTO_MAX_BYTES } from "@domain/constants.ts";
import { MSG } from "@domain/messages.ts";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { profileFixture } from "@web/test/fixtures.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { describe, expect, it, vi } from "vitest";
import { PhotoManager } from "./PhotoManager.tsx";

/** A fake XMLHttpRequest the test drives by hand. */
class FakeXhr {
  static last: FakeXhr | null = null;
  status = 0;
  responseText = "";
  method = "";
  url = "";
  body: unknown = null;
  upload = new EventTarget();
  private events = new EventTarget();
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  send(body: unknown) {
    this.body = body;
  }
  progress(loaded: number, total: number) {
    const event = Object.assign(new Event("progress"), { lengthComputable: true, loaded, total });
    this.upload.dispatchEvent(event);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.events.dispatchEvent(new Event("load"));
  }
}

function setup(photos = profileFixture().photos) {
  const fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
  FakeXhr.last = null;
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  // applyAccept: false lets the test pick files the input's accept attribute would hide.
  const user = userEvent.setup({ applyAccept: false });
  const utils = renderWithProviders(<PhotoManager photos={photos} firstName="Awa" />);
  return { user, fetchMock, ...utils, input: screen.getByLabelText("Ajouter une photo") };
}

describe("PhotoManager", () => {
  it("only offers JPEG, PNG and WebP", () => {
    const { input } = setup();
    expect(input).toHaveAttribute("type", "file");
    expect(input).toHaveAttribute("accept", "image/jpeg,image/png,image/webp");
  });

  it("rejects a non-image file in the browser without any request", async () => {
    const { user, input, fetchMock } = setup();
    await user.upload(input, new File(["bonjour"], "notes.txt", { type: "text/plain" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(MSG.PHOTO_NOT_IMAGE);
    expect(screen.getByRole("alert").textContent).toBe(MSG.PHOTO_NOT_IMAGE);
    expect(FakeXhr.last).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("rejects a file over 2 MB in the browser without any request", async () => {
    const { user, input, fetchMock } = setup();
    const big = new File([new Uint8Array(PHOTO_MAX_BYTES + 1)], "grande.jpg", { type: "image/jpeg" });
    await user.upload(input, big);
    expect(await screen.findByRole("alert")).toHaveTextContent(MSG.PHOTO_TOO_LARGE);
    expect(FakeXhr.last).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("uploads a valid photo with a progress bar, confirms it, and shows server errors", async () => {
    const { user, input, client } = setup();
    await user.upload(input, new File([new Uint8Array(1000)], "awa.jpg", { type: "image/jpeg" }));

    const xhr = FakeXhr.last;
    if (!xhr) throw new Error("no request sent");
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe("/api/profile/photos");
    expect((xhr.body as FormData).get("file")).toBeInstanceOf(File);

    xhr.progress(50, 100);
    expect(await screen.findByRole("progressbar", { name: "Envoi de la photo" })).toHaveAttribute(
      "aria-valuenow",
      "50",
    );

    const updated = profileFixture({
      photos: [{ key: "photos/u1-1.jpg", url: "/storage/a.jpg", thumbUrl: "/storage/a-t.jpg" }],
    });
    xhr.respond(201, updated);
    await waitFor(() => expect(screen.queryByRole("progressbar")).not.toBeInTheDocument());
    expect(client.getQueryData(["profile"])).toEqual(updated);
    // Confirmed where everyone sees it, and announced.
    expect((await screen.findByText("Photo ajoutée.")).closest("[aria-live]")).toHaveAttribute(
      "aria-live",
      "polite",
    );

    await user.upload(input, new File([new Uint8Array(10)], "b.png", { type: "image/png" }));
    FakeXhr.last?.respond(400, { error: { code: "PHOTO_LIMIT", message: MSG.PHOTO_LIMIT } });
    expect(await screen.findByRole("alert")).toHaveTextContent(MSG.PHOTO_LIMIT);
  });

  it("marks the main photo, uses French alt texts and confirms before deleting", async () => {
    const photos = [
      { key: "photos/a.jpg", url: "/s/a.jpg", thumbUrl: "/s/a-t.jpg" },
      { key: "photos/b.jpg", url: "/s/b.jpg", thumbUrl: "/s/b-t.jpg" },
    ];
    const { user, fetchMock } = setup(photos);
    expect(screen.getByAltText("Photo 1 de Awa")).toBeInTheDocument();
    expect(screen.getByAltText("Photo 2 de Awa")).toBeInTheDocument();
    expect(screen.getByText("Photo principale")).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: /Définir comme principale/ })).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "Supprimer la photo 2" }));
    expect(screen.getByRole("dialog", { name: "Supprimer cette photo ?" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Annuler" }));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
