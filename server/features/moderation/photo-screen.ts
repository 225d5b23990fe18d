// Photo screening on upload (issue 16), on our own servers: nudity with nsfwjs (its MobileNetV2
// model, server/platform/ml/models/nsfw-model.ts) in the ML worker thread (server/platform/ml/ml-worker.ts), and reuse
// with a perceptual hash (sharp-phash) compared with every other account's photos.
import { memberImage, perceptualHash } from "../../platform/images/index.ts";
import { type MlClient, mlClient } from "../../platform/ml/ml-client.ts";
import { NSFW_INPUT, type NudityScores } from "../../platform/ml/protocol.ts";

export const SCREEN = {
  /** « Porn » + « Hentai » at or above this: refused at upload. */
  EXPLICIT: 0.6,
  /** Below EXPLICIT, held for an administrator from these: explicit classes, or « Sexy ». */
  SUSPECT_EXPLICIT: 0.25,
  SUSPECT_SUGGESTIVE: 0.7,
  /** Hashes differing in at most this many of 64 bits are the same photo (re-encoded, resized). */
  SAME_PHOTO_BITS: 6,
} as const;

export { NSFW_INPUT, type NudityScores } from "../../platform/ml/protocol.ts";

export class PhotoScreen {
  constructor(private readonly ml: MlClient) {}

  /** The nudity model's probabilities for an image. */
  async nudity(image: Buffer): Promise<NudityScores> {
    const data = await memberImage(image)
      .rotate()
      .resize(NSFW_INPUT, NSFW_INPUT, { fit: "fill" })
      .removeAlpha()
      .raw()
      .toBuffer();
    return this.ml.call({ op: "nudity", pixels: new Uint8Array(data) });
  }
}

let shared: Promise<PhotoScreen> | null = null;

/** The process's screen, its model loaded in the ML worker (a few seconds, then kept in memory). */
export function photoScreen(): Promise<PhotoScreen> {
  const ml = mlClient();
  shared ??= ml
    .call({ op: "load", model: "nudity" })
    .then(() => new PhotoScreen(ml))
    .catch((err) => {
      shared = null;
      throw err;
    });
  return shared;
}

/** The photo's perceptual hash: 64 characters of 0 and 1. */
export function photoHash(image: Buffer): Promise<string> {
  return perceptualHash(image);
}

/**
 * The perceptual hash of the photo's mirror image: a flipped copy of a stolen photo is compared with
 * this. Flipped at 256 × 256 (sharp-phash samples 32 × 32 anyway), as raw pixels: nothing re-encoded.
 */
export async function mirroredPhotoHash(image: Buffer): Promise<string> {
  const { data, info } = await memberImage(image)
    .rotate()
    .flop()
    .resize(256, 256, { fit: "fill" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return perceptualHash(data, { width: info.width, height: info.height, channels: info.channels });
}
