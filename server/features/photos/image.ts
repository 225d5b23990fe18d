// Re-encodes an uploaded photo with sharp: checks the bytes really are an image, auto-rotates,
// bounds the size and drops every metadata block (EXIF, GPS, XMP, ICC comments).
import { PHOTO_FORMATS, PHOTO_MAX_DIMENSION, PHOTO_THUMB_DIMENSION } from "@domain/constants.ts";
import { MSG } from "@domain/messages.ts";
import sharp, { type Sharp } from "sharp";
import { AppError } from "../../http/errors.ts";

/** Refuses decompression bombs: 40 megapixels is more than any phone photo. */
const MAX_INPUT_PIXELS = 40_000_000;

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

export async function processPhoto(input: Uint8Array): Promise<ProcessedPhoto> {
  let format: string | undefined;
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    format = meta.format;
  } catch {
    throw new AppError(400, "PHOTO_NOT_IMAGE", MSG.PHOTO_NOT_IMAGE);
  }
  if (!format || !(format in PHOTO_FORMATS)) {
    throw new AppError(400, "PHOTO_FORMAT_UNSUPPORTED", MSG.PHOTO_FORMAT_UNSUPPORTED);
  }
  const fmt = format as PhotoFormat;
  const base = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate();
  try {
    const [main, thumb] = await Promise.all([
      encode(
        base().resize(PHOTO_MAX_DIMENSION, PHOTO_MAX_DIMENSION, { fit: "inside", withoutEnlargement: true }),
        fmt,
      ).toBuffer(),
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

/** Keeps the original extension when it names the detected format, else uses the format's own. */
export function extensionFor(originalName: string, format: PhotoFormat): string {
  const dot = originalName.lastIndexOf(".");
  const ext = dot >= 0 ? originalName.slice(dot).toLowerCase() : "";
  const matches = format === "jpeg" ? ext === ".jpg" || ext === ".jpeg" : ext === PHOTO_FORMATS[format].ext;
  return matches ? ext : PHOTO_FORMATS[format].ext;
}
