// Storage keys of profile photos (SPEC §3): folder photos/, file name = user id + timestamp +
// original extension, and 128 random bits before the extension (issue 33: with the id and the
// millisecond alone, a photo held from public view was found in 1,514 guesses). Each photo has a
// thumbnail under photos/thumbs/ with the same file name, and smaller copies under photos/r/ named
// after its file name without the extension (issue 39, domain/photo-renditions.ts). Part of the
// storage layer (issue 35): the profile shows photos and the photos feature writes them, both from
// these names.
import { randomBytes } from "node:crypto";
import { PHOTO_FOLDER, PHOTO_FORMATS } from "@domain/constants.ts";
import { allRenditions, RENDITION_FOLDER, renditionPath } from "@domain/photo-renditions.ts";
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

/**
 * The base of a photo's renditions: `photos/r/<file name without its extension>`; each file adds
 * `-t400.avif` and the like (renditionPath).
 */
export function renditionBase(key: string): string {
  const file = key.slice(key.lastIndexOf("/") + 1);
  const dot = file.lastIndexOf(".");
  return `${RENDITION_FOLDER}/${dot > 0 ? file.slice(0, dot) : file}`;
}

/** The storage keys of every rendition of a photo. */
export function renditionKeys(key: string): string[] {
  const base = renditionBase(key);
  return allRenditions().map((r) => renditionPath(base, r.kind, r.width, r.format));
}

const RENDITION_FILE = new RegExp(`^(${RENDITION_FOLDER}/[^/]+)-[tm]\\d+\\.(avif|webp)$`);

/** The rendition base a stored file belongs to (`photos/r/abc-t400.avif` → `photos/r/abc`), or null. */
export function renditionBaseOf(file: string): string | null {
  return RENDITION_FILE.exec(file)?.[1] ?? null;
}

/** The extensions a photo's key may end with (extensionFor keeps « .jpeg » when the upload had it). */
const PHOTO_EXTENSIONS = [...new Set([...Object.values(PHOTO_FORMATS).map((f) => f.ext), ".jpeg"])];

/** The keys a rendition base may belong to: its name with each photo extension (one of them, if any). */
export function photoKeysOfRenditionBase(base: string): string[] {
  const stem = base.slice(RENDITION_FOLDER.length + 1);
  return PHOTO_EXTENSIONS.map((ext) => `${PHOTO_FOLDER}/${stem}${ext}`);
}

/** photoKey's names: user id, 13-digit millisecond, then the random part (absent before issue 33). */
const NAMED_AFTER = [
  new RegExp(`^${PHOTO_FOLDER}/(.+)\\d{13}-[0-9a-f]{32}\\.[a-z]+$`),
  new RegExp(`^${PHOTO_FOLDER}/(.+)\\d{13}\\.[a-z]+$`),
];

/** The member a photo's key is named after (photoKey), or null (a seeded pool picture). */
export function photoOwner(key: string): string | null {
  for (const pattern of NAMED_AFTER) {
    const owner = pattern.exec(key)?.[1];
    if (owner) return owner;
  }
  return null;
}

/** Every file a photo stands for: the photo, its thumbnail, its renditions and its blurred variant. */
export function photoFiles(key: string): string[] {
  return [key, thumbKey(key), ...renditionKeys(key), blurredKey(key)];
}

/**
 * A photo as the API sends it. `rendition` is its photo_renditions row (renditionsFor): without one,
 * the renditions are not made yet, or not looked for (the administrators' screens), and the web app
 * shows the photo and its thumbnail.
 */
export function photoDto(key: string, storage: Storage, rendition?: { placeholder: string }): PhotoDto {
  return {
    key,
    url: storage.publicUrl(key),
    thumbUrl: storage.publicUrl(thumbKey(key)),
    renditions: rendition ? storage.publicUrl(renditionBase(key)) : null,
    placeholder: rendition?.placeholder ?? null,
  };
}

/** Issue 40: where a photo's blurred variant is kept (`photos/b/<file>.webp`), made on demand. */
export const BLURRED_FOLDER = `${PHOTO_FOLDER}/b`;

export function blurredKey(key: string): string {
  return `${BLURRED_FOLDER}/${key.slice(key.lastIndexOf("/") + 1)}.webp`;
}

/** The photo a blurred variant's key stands for, or null for another key. */
export function photoOfBlurred(file: string): string | null {
  if (!file.startsWith(`${BLURRED_FOLDER}/`) || !file.endsWith(".webp")) return null;
  const name = file.slice(BLURRED_FOLDER.length + 1, -".webp".length);
  return name && !name.includes("/") ? `${PHOTO_FOLDER}/${name}` : null;
}

/** A photo as a viewer who may not see it gets it: the blurred variant only. */
export function blurredPhotoDto(key: string, storage: Storage): PhotoDto {
  const url = storage.publicUrl(blurredKey(key));
  return { key, url, thumbUrl: url, renditions: null, placeholder: null, blurred: true };
}

/** The photo keys a stored file may belong to: its own, its thumbnail's photo, its renditions' photo. */
export function photoKeysOfFile(storageKey: string): string[] {
  const thumbs = `${PHOTO_FOLDER}/thumbs/`;
  if (storageKey.startsWith(thumbs)) return [`${PHOTO_FOLDER}/${storageKey.slice(thumbs.length)}`];
  // A rendition (issue 39) is named after the photo's file without its extension: any of them.
  const base = renditionBaseOf(storageKey);
  return base ? photoKeysOfRenditionBase(base) : [storageKey];
}
