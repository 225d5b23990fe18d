// The fallback where a worker with OffscreenCanvas is missing (older Safari) or fails: an <img>
// decodes the file (browsers apply its EXIF rotation when drawing it, and it reads formats that
// createImageBitmap may not, such as HEIC in Safari), then a canvas resizes and encodes it.
import { drawResized, encodeWithinTarget, OUTPUT_TYPE, PROGRESS, targetSize } from "./encode.ts";

export class DecodeError extends Error {
  override name = "DecodeError";
}

/** What a cancelled preparation rejects with, on either path. */
export function abortError(): DOMException {
  return new DOMException("Préparation annulée", "AbortError");
}

async function decode(file: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(file);
  const img = new Image();
  img.src = url;
  try {
    await img.decode();
    return img;
  } catch {
    throw new DecodeError("undecodable image");
  } finally {
    URL.revokeObjectURL(url);
  }
}

export async function prepareOnMainThread(
  file: Blob,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<{ blob: Blob; width: number; height: number }> {
  onProgress(PROGRESS.started);
  const img = await decode(file);
  if (signal?.aborted) throw abortError();
  onProgress(PROGRESS.decoded);
  const { width, height } = targetSize(img.naturalWidth, img.naturalHeight);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d", { alpha: false });
  if (!ctx) throw new Error("no 2d context");
  drawResized(ctx, img, width, height);
  onProgress(PROGRESS.drawn);
  const blob = await encodeWithinTarget(
    (quality) =>
      new Promise<Blob>((resolve, reject) => {
        if (signal?.aborted) return reject(abortError());
        canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("encoding failed"))), OUTPUT_TYPE, quality);
      }),
    (fraction) => onProgress(PROGRESS.drawn + fraction * (PROGRESS.encoded - PROGRESS.drawn)),
  );
  // Free the canvas memory at once (Safari keeps it until collected otherwise).
  canvas.width = 0;
  canvas.height = 0;
  return { blob, width, height };
}
