// The square a member chooses for a photo's thumbnail (search cards, avatars), in the pixel
// coordinates of the image it refers to, and the shapes of the reorder and re-crop requests.
// Shared by the crop dialog and the API, which checks the square against the real image.
import { z } from "zod";
import { PHOTO_CROP_MIN_SIZE, PHOTO_MAX_COUNT } from "./constants.ts";
import { MSG } from "./messages.ts";

export interface PhotoSquare {
  left: number;
  top: number;
  size: number;
}

/** Far above any stored photo (1600 px) or accepted upload (40 megapixels), far below overflow. */
const COORDINATE_MAX = 100_000;

const coordinate = (min: number) =>
  z
    .number({ error: MSG.PHOTO_CROP_INVALID })
    .int(MSG.PHOTO_CROP_INVALID)
    .min(min, MSG.PHOTO_CROP_INVALID)
    .max(COORDINATE_MAX, MSG.PHOTO_CROP_INVALID);

export const photoSquareSchema = z.strictObject(
  { left: coordinate(0), top: coordinate(0), size: coordinate(1) },
  { error: MSG.PHOTO_CROP_INVALID },
);

const photoKeySchema = z.string({ error: MSG.VALIDATION }).min(1, MSG.VALIDATION).max(300, MSG.VALIDATION);

export const photoCropSchema = z.strictObject(
  { key: photoKeySchema, square: photoSquareSchema },
  { error: MSG.VALIDATION },
);

export const photoOrderSchema = z.strictObject(
  { keys: z.array(photoKeySchema, { error: MSG.VALIDATION }).min(1, MSG.VALIDATION).max(PHOTO_MAX_COUNT) },
  { error: MSG.VALIDATION },
);

/** The smallest square side allowed on an image: PHOTO_CROP_MIN_SIZE, or its short side if smaller. */
export function minSquareSize(width: number, height: number): number {
  return Math.min(PHOTO_CROP_MIN_SIZE, width, height);
}

/** True when the square lies entirely inside a width × height image and is not too small. */
export function squareFits(square: PhotoSquare, width: number, height: number): boolean {
  const { left, top, size } = square;
  return (
    [left, top, size].every(Number.isSafeInteger) &&
    left >= 0 &&
    top >= 0 &&
    size >= minSquareSize(width, height) &&
    left + size <= width &&
    top + size <= height
  );
}

/** The largest centred square of a width × height image: the default framing. */
export function centredSquare(width: number, height: number): PhotoSquare {
  const size = Math.min(width, height);
  return { left: Math.floor((width - size) / 2), top: Math.floor((height - size) / 2), size };
}

/**
 * The same framing on a resized copy of the image (factor = new width / old width), rounded to
 * whole pixels and kept inside the new size.
 */
export function scaleSquare(square: PhotoSquare, factor: number, width: number, height: number): PhotoSquare {
  const size = Math.max(1, Math.min(Math.round(square.size * factor), width, height));
  const left = Math.min(Math.max(0, Math.round(square.left * factor)), width - size);
  const top = Math.min(Math.max(0, Math.round(square.top * factor)), height - size);
  return { left, top, size };
}
