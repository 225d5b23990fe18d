// Storage keys of profile photos (SPEC §3): folder photos/, file name = user id + timestamp +
// original extension, and 128 random bits before the extension (issue 33: with the id and the
// millisecond alone, a photo held from public view was found in 1,514 guesses). Each photo has a
// thumbnail under photos/thumbs/ with the same file name. Part of the storage layer (issue 35): the
// profile shows photos and the photos feature writes them, both from these names.
import { randomBytes } from "node:crypto";
import { PHOTO_FOLDER } from "@domain/constants.ts";
import type { PhotoDto } from "@domain/profile.ts";
import type { Storage } from "./storage.ts";

/** The random part of a new photo's name (an object, so that a test can choose it). */
export const photoNonce = { next: (): string => randomBytes(16).toString("hex") };

export function photoKey(userId: string, timestamp: number, ext: string, nonce = photoNonce.next()): string {
  return `${PHOTO_FOLDER}/${userId}${timestamp}-${nonce}${ext}`;
}

export function thumbKey(key: string): string {
  const file = key.slice(key.lastIndexOf("/") + 1);
  return `${PHOTO_FOLDER}/thumbs/${file}`;
}

/** The last segment of a path ("photos/abc.jpg" → "abc.jpg"), or null when there is none. */
export function lastSegment(path: string): string | null {
  const seg = path.split("/").pop();
  return seg ? seg : null;
}

/** A photo belongs to a member when its file name starts with their id (seeded pools are shared). */
export function isOwnedBy(key: string, userId: string): boolean {
  return key.startsWith(`${PHOTO_FOLDER}/${userId}`);
}

export function photoDto(key: string, storage: Storage): PhotoDto {
  return { key, url: storage.publicUrl(key), thumbUrl: storage.publicUrl(thumbKey(key)) };
}
