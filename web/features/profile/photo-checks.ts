import { PHOTO_FORMATS, PHOTO_MAX_BYTES } from "@domain/constants.ts";
import { MSG } from "@domain/messages.ts";

const ACCEPTED_TYPES: readonly string[] = Object.values(PHOTO_FORMATS).map((f) => f.mime);

/** The `accept` attribute of the file input. */
export const PHOTO_ACCEPT = ACCEPTED_TYPES.join(",");

/** Checks a file in the browser before sending it; returns the French error or null. */
export function checkPhotoFile(file: File): string | null {
  if (!file.type.startsWith("image/")) return MSG.PHOTO_NOT_IMAGE;
  if (file.size > PHOTO_MAX_BYTES) return MSG.PHOTO_TOO_LARGE;
  if (!ACCEPTED_TYPES.includes(file.type)) return MSG.PHOTO_FORMAT_UNSUPPORTED;
  return null;
}
