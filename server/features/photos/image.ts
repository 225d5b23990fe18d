// Re-encodes an uploaded photo with sharp: checks the bytes really are an image, auto-rotates,
// bounds the size and drops every metadata block (EXIF, GPS, XMP, ICC comments). The thumbnail is
// the member's chosen square when there is one, else sharp's "attention" crop.
import { PHOTO_FORMATS, PHOTO_MAX_DIMENSION, PHOTO_THUMB_DIMENSION } from "@domain/constants.ts";
import { MSG } from "@domain/messages.ts";
import { type PhotoSquare, scaleSquare, squareFits } from "@domain/photo-square.ts";
import type { Sharp } from "sharp";
import { AppError } from "../../platform/http/errors.ts";
import { type ImageHeader, ImageRefused, memberImage, readImageHeader } from "../../platform/images/index.ts";

export type PhotoFormat = keyof typeof PHOTO_FORMATS;

export interface ProcessedPhoto {
  format: PhotoFormat;
  main: Buffer;
  thumb: Buffer;
}

function encode(img: Sharp, format: PhotoFormat): Sharp {
  if (format === "png") return img.png({ compressionLevel: 9 });
  if (format === "webp") return img.webp({ quality: 82 });
  return img.jpeg({ quality: 82, mozjpeg: true });
}

const cropInvalid = () => new AppError(400, "PHOTO_CROP_INVALID", MSG.PHOTO_CROP_INVALID);

function squareThumb(img: Sharp, square: PhotoSquare): Sharp {
  return img
    .extract({ left: square.left, top: square.top, width: square.size, height: square.size })
    .resize(PHOTO_THUMB_DIMENSION, PHOTO_THUMB_DIMENSION);
}

/**
 * An upload's header, read before anything is decoded: not an image, too many pixels (a
 * decompression bomb) or an unsupported format is refused here, in milliseconds.
 */
export async function readPhotoHeader(input: Uint8Array): Promise<ImageHeader & { format: PhotoFormat }> {
  let header: ImageHeader;
  try {
    header = await readImageHeader(input);
  } catch (err) {
    if (err instanceof ImageRefused && err.reason === "too-many-pixels")
      throw new AppError(400, "PHOTO_TOO_MANY_PIXELS", MSG.PHOTO_TOO_MANY_PIXELS);
    throw new AppError(400, "PHOTO_NOT_IMAGE", MSG.PHOTO_NOT_IMAGE);
  }
  if (!(header.format in PHOTO_FORMATS)) {
    throw new AppError(400, "PHOTO_FORMAT_UNSUPPORTED", MSG.PHOTO_FORMAT_UNSUPPORTED);
  }
  return { ...header, format: header.format as PhotoFormat };
}

/**
 * `square`, when given, is in the pixels of the upload as displayed (after its EXIF rotation); it
 * is checked before any decoding and scaled onto the stored, possibly smaller, main image.
 */
export async function processPhoto(input: Uint8Array, square?: PhotoSquare): Promise<ProcessedPhoto> {
  const { format: fmt, shown } = await readPhotoHeader(input);
  if (square && !squareFits(square, shown.width, shown.height)) throw cropInvalid();
  const base = () => memberImage(input).rotate();
  try {
    const resized = base().resize(PHOTO_MAX_DIMENSION, PHOTO_MAX_DIMENSION, {
      fit: "inside",
      withoutEnlargement: true,
    });
    if (square) {
      const { data: main, info } = await encode(resized, fmt).toBuffer({ resolveWithObject: true });
      const onMain = scaleSquare(square, info.width / shown.width, info.width, info.height);
      const thumb = await encode(squareThumb(memberImage(main), onMain), fmt).toBuffer();
      return { format: fmt, main, thumb };
    }
    const [main, thumb] = await Promise.all([
      encode(resized, fmt).toBuffer(),
      encode(
        base().resize(PHOTO_THUMB_DIMENSION, PHOTO_THUMB_DIMENSION, { fit: "cover", position: "attention" }),
        fmt,
      ).toBuffer(),
    ]);
    return { format: fmt, main, thumb };
  } catch {
    // Truncated or corrupt data that passed the header check.
    throw new AppError(400, "PHOTO_NOT_IMAGE", MSG.PHOTO_NOT_IMAGE);
  }
}

/**
 * A new thumbnail from a stored main image (already oriented, no metadata) and a square in its
 * pixels. The main image is kept as it is: re-encoding it would only lose quality.
 */
export async function thumbnailFromMain(
  main: Uint8Array,
  square: PhotoSquare,
): Promise<{ format: PhotoFormat; thumb: Buffer }> {
  // Ours (re-encoded at upload, at most 1600 px), read under the same limit all the same.
  const { format, shown } = await readPhotoHeader(main);
  if (!squareFits(square, shown.width, shown.height)) throw cropInvalid();
  const thumb = await encode(squareThumb(memberImage(main).rotate(), square), format).toBuffer();
  return { format, thumb };
}

/** Keeps the original extension when it names the detected format, else uses the format's own. */
export function extensionFor(originalName: string, format: PhotoFormat): string {
  const dot = originalName.lastIndexOf(".");
  const ext = dot >= 0 ? originalName.slice(dot).toLowerCase() : "";
  const matches = format === "jpeg" ? ext === ".jpg" || ext === ".jpeg" : ext === PHOTO_FORMATS[format].ext;
  return matches ? ext : PHOTO_FORMATS[format].ext;
}
