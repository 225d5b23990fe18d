// Every image a member sends (a photo, a verification frame) is decoded through here, so that one
// pixel limit holds everywhere sharp reads their bytes. The header is read first — sharp's
// metadata() reads it "without decoding any compressed pixel data" — and an image above the limit is
// refused in milliseconds; the pipelines that do decode carry the same limit as a second guard
// (sharp's own default, 268 megapixels, let a 16000 × 16000 interlaced PNG of 800 KB take 139 s
// and 2.8 GB before it was refused: issue 33).
import { PHOTO_MAX_PIXELS } from "@domain/constants.ts";
import sharp, { type Metadata, type Sharp, type SharpOptions } from "sharp";
import phash from "sharp-phash";

/** What every decode of a member's bytes is given: the pixel limit, and no decoding past an error. */
export const MEMBER_IMAGE_INPUT: SharpOptions = {
  limitInputPixels: PHOTO_MAX_PIXELS,
  failOn: "error",
};

export type ImageRefusal = "not-image" | "too-many-pixels";

export class ImageRefused extends Error {
  constructor(readonly reason: ImageRefusal) {
    super(`image refused: ${reason}`);
    this.name = "ImageRefused";
  }
}

export interface ImageHeader {
  format: string;
  width: number;
  height: number;
  /** The size as displayed, after the EXIF orientation. */
  shown: { width: number; height: number };
}

/**
 * Reads an image's header, without decoding its pixels, and refuses what is not an image or has
 * more than PHOTO_MAX_PIXELS pixels (every page of an animated image counts).
 */
export async function readImageHeader(bytes: Uint8Array): Promise<ImageHeader> {
  let meta: Metadata;
  try {
    // The limit is checked below, on the header's figures, so that the refusal says why.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefused("not-image");
  }
  const { format, width, height } = meta;
  if (!format || !width || !height) throw new ImageRefused("not-image");
  if (width * height * Math.max(1, meta.pages ?? 1) > PHOTO_MAX_PIXELS)
    throw new ImageRefused("too-many-pixels");
  return { format, width, height, shown: meta.autoOrient };
}

/** A pipeline on a member's bytes, under the pixel limit: call readImageHeader first. */
export function memberImage(bytes: Uint8Array): Sharp {
  return sharp(bytes, MEMBER_IMAGE_INPUT);
}

/**
 * A perceptual hash (64 characters of 0 and 1) of a member's image or of raw pixels; sharp-phash
 * decodes under the same limit.
 */
export function perceptualHash(
  image: Buffer,
  raw?: { width: number; height: number; channels: 1 | 2 | 3 | 4 },
): Promise<string> {
  return phash(image, raw ? { raw } : MEMBER_IMAGE_INPUT);
}
