// Photo screening on upload (issue 16), on our own servers: nudity with nsfwjs (its MobileNetV2
// model, bundled inside the package as JavaScript) on the shared TensorFlow.js WebAssembly backend,
// and reuse with a perceptual hash (sharp-phash) compared with every other account's photos.

import sharp from "sharp";
import phash from "sharp-phash";
import { require, tfjs } from "../ml/tfjs.ts";

type NsfwModule = typeof import("nsfwjs");
type Model = Awaited<ReturnType<NsfwModule["load"]>>;

export const SCREEN = {
  /** « Porn » + « Hentai » at or above this: refused at upload. */
  EXPLICIT: 0.6,
  /** Below EXPLICIT, held for an administrator from these: explicit classes, or « Sexy ». */
  SUSPECT_EXPLICIT: 0.25,
  SUSPECT_SUGGESTIVE: 0.7,
  /** Hashes differing in at most this many of 64 bits are the same photo (re-encoded, resized). */
  SAME_PHOTO_BITS: 6,
} as const;

export interface NudityScores {
  explicit: number;
  suggestive: number;
}

export class PhotoScreen {
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly model: Model,
    private readonly tf: Awaited<ReturnType<typeof tfjs>>,
  ) {}

  static async load(): Promise<PhotoScreen> {
    const tf = await tfjs();
    // The CommonJS build, so that it shares our tfjs-core (and its WebAssembly backend).
    const nsfw = require("nsfwjs") as NsfwModule;
    return new PhotoScreen(await nsfw.load("MobileNetV2"), tf);
  }

  /** The nudity model's probabilities for an image (one at a time, like the face engine). */
  nudity(image: Buffer): Promise<NudityScores> {
    const run = this.queue.then(async () => {
      const { data } = await sharp(image)
        .rotate()
        .resize(224, 224, { fit: "fill" })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const input = this.tf.tensor3d(new Uint8Array(data), [224, 224, 3], "int32");
      try {
        const classes = await this.model.classify(input as never, 5);
        const p = (name: string) => classes.find((c) => c.className === name)?.probability ?? 0;
        return { explicit: p("Porn") + p("Hentai"), suggestive: p("Sexy") };
      } finally {
        input.dispose();
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}

let shared: Promise<PhotoScreen> | null = null;

/** The process's screen, loaded once (a few seconds; the model stays in memory). */
export function photoScreen(): Promise<PhotoScreen> {
  shared ??= PhotoScreen.load().catch((err) => {
    shared = null;
    throw err;
  });
  return shared;
}

/** The photo's perceptual hash: 64 characters of 0 and 1. */
export function photoHash(image: Buffer): Promise<string> {
  return phash(image);
}
