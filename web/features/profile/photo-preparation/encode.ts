// The part of photo preparation shared by the worker and the main-thread fallback: the target
// size and the encoding loop. Whatever the input (camera JPEG, PNG screenshot, WebP), the output is
// a JPEG: every browser can encode it (Safari's canvas cannot write WebP and would silently give a
// PNG), and a profile photo has no use for transparency, which is flattened onto white.
import { PHOTO_MAX_DIMENSION } from "@domain/constants.ts";

export const OUTPUT_TYPE = "image/jpeg";
/** Aim well under the 2 MB limit; a 1600 px camera photo is usually 300–700 kB at the first quality. */
export const TARGET_BYTES = 1_500_000;
/** Tried in turn until the photo fits TARGET_BYTES; the server re-encodes at 82 anyway. */
export const QUALITIES = [0.9, 0.8, 0.7, 0.6, 0.5] as const;

/** The photo's size once its longest side is at most PHOTO_MAX_DIMENSION (never enlarged). */
export function targetSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, PHOTO_MAX_DIMENSION / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** Draws the (already oriented) image resized onto a white background. */
export function drawResized(ctx: Context2D, image: CanvasImageSource, width: number, height: number): void {
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, width, height);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(image, 0, 0, width, height);
}

/**
 * Encodes at decreasing qualities until the result is at most TARGET_BYTES; returns the last try
 * when none fits (the caller refuses it if it is still over the 2 MB limit).
 */
export async function encodeWithinTarget(
  encode: (quality: number) => Promise<Blob>,
  onStep: (fraction: number) => void,
): Promise<Blob> {
  let blob: Blob | null = null;
  for (const [i, quality] of QUALITIES.entries()) {
    blob = await encode(quality);
    onStep((i + 1) / QUALITIES.length);
    if (blob.size <= TARGET_BYTES) break;
  }
  if (!blob) throw new Error("no encoding attempted");
  return blob;
}

/** Messages between the page and the worker. */
export type WorkerRequest = { file: Blob };
export type WorkerReply =
  | { kind: "progress"; percent: number }
  | { kind: "done"; blob: Blob; width: number; height: number }
  | { kind: "failed"; stage: "decode" | "encode" };

/** Progress (0–100) at each stage: decoding is the long part, then drawing, then encoding. */
export const PROGRESS = { started: 5, decoded: 50, drawn: 65, encoded: 100 } as const;
