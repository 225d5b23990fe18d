// Prepares a photo chosen on a phone or a computer before it is sent: decoded with its EXIF
// rotation applied, its longest side brought to PHOTO_MAX_DIMENSION, re-encoded as JPEG (which
// drops EXIF and GPS: the location never leaves the device). A Web Worker does the work with
// OffscreenCanvas; where that is missing or fails, the main thread does it with a canvas. The SPEC
// §5 checks then apply to what is sent. The UI receives a `PhotoPreparer`, so component tests can
// give it another one (jsdom decodes no image); the real one is tested in Chromium (e2e/photos.spec.ts).
import { PHOTO_FORMATS, PHOTO_MAX_BYTES } from "@domain/constants.ts";
import { MSG } from "@domain/messages.ts";
import { OUTPUT_TYPE, type WorkerReply } from "./encode.ts";
import { abortError, DecodeError, prepareOnMainThread } from "./main-thread.ts";

export interface PreparedPhoto {
  /** The JPEG to send. */
  file: File;
  width: number;
  height: number;
}

export interface PrepareOptions {
  /** 0 to 100. */
  onProgress?: (percent: number) => void;
  /** Aborting rejects with a DOMException named "AbortError". */
  signal?: AbortSignal;
}

export type PhotoPreparer = (file: File, options?: PrepareOptions) => Promise<PreparedPhoto>;

export type PreparationErrorCode =
  | "PHOTO_NOT_IMAGE"
  | "PHOTO_TOO_LARGE"
  | "PHOTO_FORMAT_UNSUPPORTED"
  | "PHOTO_HEIC_UNSUPPORTED"
  | "PHOTO_PREPARE_FAILED";

/** A photo that cannot be sent, with the French message to show. */
export class PhotoPreparationError extends Error {
  override name = "PhotoPreparationError";
  constructor(readonly code: PreparationErrorCode) {
    super(MSG[code]);
  }
}

/** The User Timing entry each preparation leaves (read by the e2e journey to report its cost). */
export const PREPARATION_MEASURE = "passerelle:photo-preparation";

const SENDABLE_TYPES: readonly string[] = Object.values(PHOTO_FORMATS).map((f) => f.mime);
const HEIC_TYPES = ["image/heic", "image/heif", "image/heic-sequence", "image/heif-sequence"];

/** The file input's `accept`: the formats the server stores (iOS converts HEIC to JPEG for these). */
export const PHOTO_ACCEPT = SENDABLE_TYPES.join(",");

/** HEIC/HEIF from an iPhone, whether or not the browser gave it a type. */
export function isHeic(file: File): boolean {
  const untyped = file.type === "" || file.type === "application/octet-stream";
  return HEIC_TYPES.includes(file.type) || (untyped && /\.(heic|heif)$/i.test(file.name));
}

/** The checks made before decoding (SPEC §5 type rule); null when the file may be prepared. */
export function checkBeforePreparing(file: File): PreparationErrorCode | null {
  if (isHeic(file)) return null; // tried: Safari reads HEIC; others get a message saying what to do
  if (!file.type.startsWith("image/")) return "PHOTO_NOT_IMAGE";
  if (!SENDABLE_TYPES.includes(file.type)) return "PHOTO_FORMAT_UNSUPPORTED";
  return null;
}

/** « IMG_1234.HEIC » → « IMG_1234.jpg ». */
export function preparedName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, "") || "photo";
  return `${base}.jpg`;
}

function workerAvailable(): boolean {
  return (
    typeof Worker !== "undefined" &&
    typeof OffscreenCanvas !== "undefined" &&
    typeof OffscreenCanvas.prototype.convertToBlob === "function"
  );
}

type Outcome = { blob: Blob; width: number; height: number } | { failed: "decode" | "encode" };

function prepareInWorker(
  file: Blob,
  onProgress: (p: number) => void,
  signal?: AbortSignal,
): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./prepare-photo.worker.ts", import.meta.url), { type: "module" });
    const finish = () => {
      worker.terminate();
      signal?.removeEventListener("abort", onAbort);
    };
    const onAbort = () => {
      finish();
      reject(abortError());
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    worker.onmessage = ({ data }: MessageEvent<WorkerReply>) => {
      if (data.kind === "progress") return onProgress(data.percent);
      finish();
      resolve(data.kind === "done" ? data : { failed: data.stage });
    };
    // The worker script could not load or run (an old browser, a blocked script).
    worker.onerror = (event) => {
      event.preventDefault();
      finish();
      resolve({ failed: "encode" });
    };
    worker.postMessage({ file });
  });
}

export const preparePhoto: PhotoPreparer = async (file, { onProgress = () => {}, signal } = {}) => {
  const refused = checkBeforePreparing(file);
  if (refused) throw new PhotoPreparationError(refused);
  if (signal?.aborted) throw abortError();
  const start = performance.now();
  let method: "worker" | "main-thread" = "worker";
  let outcome: Outcome = workerAvailable()
    ? await prepareInWorker(file, onProgress, signal)
    : { failed: "encode" };
  if ("failed" in outcome) {
    // The fallback also gets undecodable files: an <img> reads some formats createImageBitmap does not.
    method = "main-thread";
    try {
      outcome = await prepareOnMainThread(file, onProgress, signal);
    } catch (err) {
      if (err instanceof DOMException && err.name === "AbortError") throw err;
      if (err instanceof DecodeError) {
        throw new PhotoPreparationError(isHeic(file) ? "PHOTO_HEIC_UNSUPPORTED" : "PHOTO_NOT_IMAGE");
      }
      throw new PhotoPreparationError("PHOTO_PREPARE_FAILED");
    }
  }
  const { blob, width, height } = outcome;
  try {
    performance.measure(PREPARATION_MEASURE, {
      start,
      detail: { method, bytes: blob.size, width, height, inputBytes: file.size },
    });
  } catch {
    // Browsers before User Timing Level 3 (Safari < 14.1) take no options: the figure is only a measure.
  }
  if (blob.size > PHOTO_MAX_BYTES) throw new PhotoPreparationError("PHOTO_TOO_LARGE");
  return {
    file: new File([blob], preparedName(file.name), { type: OUTPUT_TYPE }),
    width,
    height,
  };
};
