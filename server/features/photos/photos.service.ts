// Photo upload, deletion, ordering and re-framing. The profile row is changed in one conditional
// UPDATE so the 6-photo limit, ownership and the order hold under concurrent requests; stored files
// are cleaned up when the row change does not happen, so a refused request leaves nothing behind.

import { PHOTO_FORMATS, PHOTO_MAX_BYTES, PHOTO_MAX_COUNT } from "@domain/constants.ts";
import { photoAdded } from "@domain/events.ts";
import { MSG } from "@domain/messages.ts";
import type { PhotoSquare } from "@domain/photo-square.ts";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";
import { lockMember } from "../../platform/db/member-lock.ts";
import { profiles } from "../../platform/db/schema/index.ts";
import type { DomainEvents } from "../../platform/events/domain-events.ts";
import { AppError, unauthenticated } from "../../platform/http/errors.ts";
import { isOwnedBy, lastSegment, photoFiles, photoKey, thumbKey } from "../../platform/storage/photo-keys.ts";
import { forgetRenditions } from "../../platform/storage/photo-renditions.ts";
import { ObjectExistsError, type Storage } from "../../platform/storage/storage.ts";
import { getOrCreateProfile, type ProfileRow } from "../profile/index.ts";
import { extensionFor, type PhotoFormat, processPhoto, thumbnailFromMain } from "./image.ts";

export interface UploadedFile {
  name: string;
  type: string;
  size: number;
  bytes(): Promise<Uint8Array>;
}

const limitReached = () => new AppError(409, "PHOTO_LIMIT", MSG.PHOTO_LIMIT);

/** SPEC §5 checks on the declared type and size, before reading the bytes. */
export function checkDeclaredFile(file: { type: string; size: number }): void {
  if (!file.type.startsWith("image/")) throw new AppError(400, "PHOTO_NOT_IMAGE", MSG.PHOTO_NOT_IMAGE);
  if (file.size > PHOTO_MAX_BYTES) throw new AppError(413, "PHOTO_TOO_LARGE", MSG.PHOTO_TOO_LARGE);
}

async function putUnique(
  storage: Storage,
  userId: string,
  ext: string,
  main: Uint8Array,
  thumb: Uint8Array,
  type: string,
) {
  // A name already taken (never expected with 128 random bits) gets another instead of being
  // overwritten (SPEC §9: no overwrite).
  for (let attempt = 0; attempt < 5; attempt++) {
    const key = photoKey(userId, Date.now(), ext);
    try {
      await storage.put(key, main, type);
    } catch (err) {
      if (err instanceof ObjectExistsError) continue;
      throw err;
    }
    try {
      await storage.put(thumbKey(key), thumb, type);
    } catch (err) {
      // Never leave a main file without its thumbnail. A leftover thumbnail of that name is not
      // ours to replace: try another name.
      await storage.delete(key);
      if (err instanceof ObjectExistsError) continue;
      throw err;
    }
    return key;
  }
  throw new Error("Could not find a free photo key");
}

export async function addPhoto(
  deps: { database: { db: Db }; storage: Storage; events: DomainEvents },
  userId: string,
  file: UploadedFile,
  square?: PhotoSquare,
  /** Runs in the transaction that adds the photo, with its key (photo screening's record). */
  onAdded?: (tx: Db, key: string) => Promise<unknown>,
): Promise<ProfileRow> {
  const { storage } = deps;
  const { db } = deps.database;
  checkDeclaredFile(file);
  const profile = await getOrCreateProfile(db, userId);
  if (profile.photos.length >= PHOTO_MAX_COUNT) throw limitReached();
  const processed = await processPhoto(await file.bytes(), square);
  const ext = extensionFor(file.name, processed.format);
  const key = await putUnique(
    storage,
    userId,
    ext,
    processed.main,
    processed.thumb,
    mimeOf(processed.format),
  );
  let row: ProfileRow | undefined;
  try {
    row = await deps.events.transaction(db, async (tx, record) => {
      // The account row first (server/platform/db/member-lock.ts): deleted meanwhile, the upload is answered
      // as signed out, and its files go (below); never a deadlock with the deletion.
      if (!(await lockMember(tx, userId))) throw unauthenticated();
      const [added] = await tx
        .update(profiles)
        .set({ photos: sql`array_append(${profiles.photos}, ${key}::text)`, updatedAt: sql`now()` })
        .where(
          and(
            eq(profiles.userId, userId),
            sql`coalesce(array_length(${profiles.photos}, 1), 0) < ${PHOTO_MAX_COUNT}`,
          ),
        )
        .returning();
      if (added && onAdded) await onAdded(tx, key);
      if (added) await record(photoAdded, { userId, key });
      return added;
    });
  } catch (err) {
    // The files were written for a row change that did not happen: no orphans.
    await removeFiles(storage, key);
    throw err;
  }
  if (!row) {
    await removeFiles(storage, key);
    throw limitReached();
  }
  return row;
}

function checkPath(path: string): void {
  if (!lastSegment(path)) throw new AppError(400, "INVALID_FILE_PATH", MSG.INVALID_FILE_PATH);
}

export async function deletePhoto(
  db: Db,
  storage: Storage,
  userId: string,
  path: string,
): Promise<ProfileRow> {
  checkPath(path);
  const [row] = await db
    .update(profiles)
    .set({ photos: sql`array_remove(${profiles.photos}, ${path}::text)`, updatedAt: sql`now()` })
    .where(and(eq(profiles.userId, userId), sql`${path}::text = any(${profiles.photos})`))
    .returning();
  if (!row) throw new AppError(404, "PHOTO_NOT_FOUND", MSG.PHOTO_NOT_FOUND);
  // Seeded demo members may share pooled pictures: only files named after this member are removed.
  if (isOwnedBy(path, userId)) await removePhoto(db, storage, path);
  return row;
}

export async function setMainPhoto(db: Db, userId: string, path: string): Promise<ProfileRow> {
  checkPath(path);
  const [row] = await db
    .update(profiles)
    .set({
      photos: sql`array_prepend(${path}::text, array_remove(${profiles.photos}, ${path}::text))`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(profiles.userId, userId), sql`${path}::text = any(${profiles.photos})`))
    .returning();
  if (!row) throw new AppError(404, "PHOTO_NOT_FOUND", MSG.PHOTO_NOT_FOUND);
  return row;
}

/**
 * Puts the member's photos in the given order. The list must be exactly their current photos,
 * each once: the UPDATE only happens when the stored array has the same length and the same
 * elements, so a photo added or deleted meanwhile (another tab) makes it a 409, never a lost or
 * doubled photo.
 */
export async function reorderPhotos(db: Db, userId: string, keys: string[]): Promise<ProfileRow> {
  if (new Set(keys).size !== keys.length) {
    throw new AppError(400, "PHOTO_ORDER_INVALID", MSG.PHOTO_ORDER_INVALID);
  }
  await getOrCreateProfile(db, userId);
  const list = sql`ARRAY[${sql.join(
    keys.map((k) => sql`${k}::text`),
    sql`, `,
  )}]::text[]`;
  const [row] = await db
    .update(profiles)
    .set({ photos: list, updatedAt: sql`now()` })
    .where(
      and(
        eq(profiles.userId, userId),
        sql`cardinality(${profiles.photos}) = ${keys.length}`,
        sql`${profiles.photos} @> ${list}`,
        sql`${profiles.photos} <@ ${list}`,
      ),
    )
    .returning();
  if (!row) throw new AppError(409, "PHOTO_ORDER_MISMATCH", MSG.PHOTO_ORDER_MISMATCH);
  return row;
}

/**
 * Frames a photo's thumbnail on a new square. Stored keys are never overwritten (SPEC §9), and the
 * thumbnail's URL is cached for an hour: the photo moves to a new key (same main image, new
 * thumbnail), swapped in place in the profile's array by one conditional UPDATE, then the old files
 * go. A photo deleted or re-framed meanwhile makes it a 404 and the new files are removed.
 */
export async function cropPhoto(
  db: Db,
  storage: Storage,
  userId: string,
  key: string,
  square: PhotoSquare,
): Promise<ProfileRow> {
  checkPath(key);
  const profile = await getOrCreateProfile(db, userId);
  const notFound = () => new AppError(404, "PHOTO_NOT_FOUND", MSG.PHOTO_NOT_FOUND);
  if (!profile.photos.includes(key)) throw notFound();
  const stored = await storage.get(key);
  if (!stored) throw notFound();
  const { format, thumb } = await thumbnailFromMain(stored.body, square);
  const newKey = await putUnique(
    storage,
    userId,
    extensionFor(key, format),
    stored.body,
    thumb,
    mimeOf(format),
  );
  let row: ProfileRow | undefined;
  try {
    [row] = await db
      .update(profiles)
      .set({
        photos: sql`array_replace(${profiles.photos}, ${key}::text, ${newKey}::text)`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(profiles.userId, userId), sql`${key}::text = any(${profiles.photos})`))
      .returning();
  } catch (err) {
    await removeFiles(storage, newKey);
    throw err;
  }
  if (!row) {
    await removeFiles(storage, newKey);
    throw notFound();
  }
  if (isOwnedBy(key, userId)) await removePhoto(db, storage, key);
  return row;
}

function mimeOf(format: PhotoFormat): string {
  return PHOTO_FORMATS[format].mime;
}

/** Every file of the photo: main image, thumbnail and renditions (issue 39). */
async function removeFiles(storage: Storage, key: string) {
  await Promise.all(photoFiles(key).map((k) => storage.delete(k)));
}

/** A photo no profile shows any more: its files, and the row that said its renditions were made. */
async function removePhoto(db: Db, storage: Storage, key: string) {
  await removeFiles(storage, key);
  await forgetRenditions(db, [key]);
}
