// Photo upload, deletion and ordering. The profile row is changed in one conditional UPDATE so the
// 6-photo limit and ownership hold under concurrent requests; stored files are cleaned up when the
// row change does not happen, so a refused request leaves nothing behind.
import { PHOTO_MAX_BYTES, PHOTO_MAX_COUNT } from "@domain/constants.ts";
import { MSG } from "@domain/messages.ts";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { profiles } from "../../db/schema/index.ts";
import { AppError } from "../../http/errors.ts";
import { ObjectExistsError, type Storage } from "../../storage/storage.ts";
import { getOrCreateProfile, type ProfileRow } from "../profile/profile.service.ts";
import { extensionFor, processPhoto } from "./image.ts";
import { isOwnedBy, lastSegment, photoKey, thumbKey } from "./photo-keys.ts";

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
  main: Buffer,
  thumb: Buffer,
  type: string,
) {
  // Same-millisecond uploads get the next timestamp instead of overwriting (SPEC §9: no overwrite).
  for (let ts = Date.now(), attempt = 0; attempt < 5; ts++, attempt++) {
    const key = photoKey(userId, ts, ext);
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
      // ours to replace: try the next timestamp.
      await storage.delete(key);
      if (err instanceof ObjectExistsError) continue;
      throw err;
    }
    return key;
  }
  throw new Error("Could not find a free photo key");
}

export async function addPhoto(
  db: Db,
  storage: Storage,
  userId: string,
  file: UploadedFile,
): Promise<ProfileRow> {
  checkDeclaredFile(file);
  const profile = await getOrCreateProfile(db, userId);
  if (profile.photos.length >= PHOTO_MAX_COUNT) throw limitReached();
  const processed = await processPhoto(await file.bytes());
  const ext = extensionFor(file.name, processed.format);
  const mime = processed.format === "jpeg" ? "image/jpeg" : `image/${processed.format}`;
  const key = await putUnique(storage, userId, ext, processed.main, processed.thumb, mime);
  let row: ProfileRow | undefined;
  try {
    [row] = await db
      .update(profiles)
      .set({ photos: sql`array_append(${profiles.photos}, ${key}::text)`, updatedAt: sql`now()` })
      .where(
        and(
          eq(profiles.userId, userId),
          sql`coalesce(array_length(${profiles.photos}, 1), 0) < ${PHOTO_MAX_COUNT}`,
        ),
      )
      .returning();
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
  if (isOwnedBy(path, userId)) await removeFiles(storage, path);
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

async function removeFiles(storage: Storage, key: string) {
  await Promise.all([storage.delete(key), storage.delete(thumbKey(key))]);
}
