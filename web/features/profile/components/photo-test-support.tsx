// Test doubles for the photo components (test-only module): a hand-driven XMLHttpRequest, an image
// loader that "decodes" at a given size (jsdom decodes no image), and a photo list read from the
// query cache as the profile page does.
import type { ProfileDto } from "@domain/profile.ts";
import { useQuery } from "@tanstack/react-query";
import { api, call } from "@web/lib/api.ts";
import { vi } from "vitest";
import { profileKeys } from "../keys.ts";
import type { PhotoPreparer } from "../photo-preparation/prepare-photo.ts";
import { PhotoManager } from "./PhotoManager.tsx";

export class FakeXhr {
  static last: FakeXhr | null = null;
  status = 0;
  responseText = "";
  method = "";
  url = "";
  body: unknown = null;
  aborted = false;
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
  abort() {
    this.aborted = true;
    this.events.dispatchEvent(new Event("abort"));
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

/** Every image "loads" at this size. */
export const IMAGE_SIZE = { width: 800, height: 600 };

class FakeImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  naturalWidth = IMAGE_SIZE.width;
  naturalHeight = IMAGE_SIZE.height;
  set src(_value: string) {
    queueMicrotask(() => this.onload?.());
  }
}

export function stubBrowser() {
  FakeXhr.last = null;
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  vi.stubGlobal("Image", FakeImage);
  vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:prepared-photo");
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
}

/** The profile page's way: photos read from the query cache, so mutations show up. */
export function PhotosFromCache({ initial, prepare }: { initial: ProfileDto; prepare?: PhotoPreparer }) {
  const { data } = useQuery({
    queryKey: profileKeys.own,
    queryFn: () => call(api.profile.$get()),
    initialData: initial,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return <PhotoManager photos={data.photos} firstName="Awa" prepare={prepare} />;
}

/** A preparer the test resolves by hand, recording what it was given. */
export function manualPreparer() {
  let settle: {
    resolve: (v: Awaited<ReturnType<PhotoPreparer>>) => void;
    reject: (e: unknown) => void;
  } | null = null;
  let progress: ((p: number) => void) | undefined;
  const prepare = vi.fn<PhotoPreparer>(
    (_file, options) =>
      new Promise((resolve, reject) => {
        settle = { resolve, reject };
        progress = options?.onProgress;
        options?.signal?.addEventListener("abort", () =>
          reject(new DOMException("Préparation annulée", "AbortError")),
        );
      }),
  );
  return {
    prepare,
    progress: (p: number) => progress?.(p),
    resolve: (file: File) => settle?.resolve({ file, ...IMAGE_SIZE }),
    reject: (err: unknown) => settle?.reject(err),
  };
}
