// Test support for the backup tests: data folders on the migrated template, photos uploaded through
// the app's own service (so keys, thumbnails and rows are the app's), and the check a restore must
// pass: every photo key of the database has its files.
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PHOTO_BUCKET, PHOTO_MAX_COUNT } from "@domain/constants.ts";
import { eq, sql } from "drizzle-orm";
import { afterAll, inject } from "vitest";
import { z } from "zod";
import { thumbKey } from "../../server/features/photos/index.ts";
import { addPhoto, deletePhoto } from "../../server/features/photos/photos.service.ts";
import { type Db, queryRows } from "../../server/platform/db/client.ts";
import { profiles } from "../../server/platform/db/schema/index.ts";
import { createDomainEvents } from "../../server/platform/events/domain-events.ts";
import { createLogger } from "../../server/platform/logger.ts";
import { createLocalStorage } from "../../server/platform/storage/local.ts";
import type { Storage } from "../../server/platform/storage/storage.ts";
import { makeImage } from "../../server/test/image-fixtures.ts";

/**
 * Temporary folders removed after the calling file's tests (call it at the top of the file: modules
 * are shared between test files, so each registers its own clean-up).
 */
export function tempDirs() {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });
  const tempDir = async (prefix: string) => {
    const dir = await mkdtemp(path.join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
  /** A DATA_DIR whose db/ is a copy of the run's migrated embedded database (server/test/global-setup.ts). */
  const embeddedDataDir = async (prefix = "passerelle-backup-src-") => {
    const dataDir = await tempDir(prefix);
    await cp(inject("pgliteDataDir"), path.join(dataDir, "db"), { recursive: true });
    return dataDir;
  };
  return { tempDir, embeddedDataDir };
}

/** The photos' storage of a DATA_DIR, as the app makes it. */
export const localPhotos = (dataDir: string): Storage =>
  createLocalStorage(path.join(dataDir, "storage"), PHOTO_BUCKET);

let image: Promise<Buffer> | undefined;

/**
 * The domain events without the app's reactions: these tests run on a bare database (no job queue),
 * and nothing reacts to « photo.added » that a backup would need.
 */
const noQueue = () => Promise.reject(new Error("backup tests have no job queue"));
const photoEvents = createDomainEvents({
  jobs: { send: noQueue, sendDebounced: noQueue, wake: null },
  logger: createLogger("silent", false),
  reactions: [],
  context: () => ({}),
});

/** One photo uploaded the app's way (files, then the row); returns its key. */
export async function uploadPhoto(db: Db, storage: Storage, userId: string): Promise<string> {
  image ??= makeImage("jpeg");
  const bytes = new Uint8Array(await image);
  const row = await addPhoto({ database: { db }, storage, events: photoEvents }, userId, {
    name: "photo.jpg",
    type: "image/jpeg",
    size: bytes.length,
    bytes: async () => bytes,
  });
  return row.photos.at(-1)!;
}

export async function photosOf(db: Db, userId: string): Promise<string[]> {
  const [row] = await db
    .select({ photos: profiles.photos })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row?.photos ?? [];
}

/**
 * What members do while a backup runs: photos uploaded and photos deleted, one after the other, until
 * `done()` or until there is nothing left to do (every member at the photo limit with none of their
 * first photos left). Only photos that were there when it began are deleted: a photo deleted within
 * a second of its upload is what the backup's second dump is for (backup-concurrency.test.ts tests
 * it on its own), and one run that deleted every new photo within a dump's time would make each dump
 * name files already gone, which no backup of a running app can hold.
 */
export async function churnPhotos(db: Db, storage: Storage, members: string[], done: () => boolean) {
  const first = new Set((await Promise.all(members.map((m) => photosOf(db, m)))).flat());
  const counts = { uploads: 0, deletions: 0 };
  let idle = 0;
  for (let i = 0; !done() && idle < members.length; i++) {
    const userId = members[i % members.length]!;
    const photos = await photosOf(db, userId);
    const old = photos.find((k) => first.has(k));
    const canUpload = photos.length < PHOTO_MAX_COUNT;
    idle++;
    if (old && (i % 2 === 0 || !canUpload)) {
      await deletePhoto(db, storage, userId, old);
      counts.deletions++;
      idle = 0;
    } else if (canUpload) {
      await uploadPhoto(db, storage, userId);
      counts.uploads++;
      idle = 0;
    }
  }
  return counts;
}

/** The photo keys of every profile, with their thumbnails: the files a database needs. */
export async function namedFiles(db: Db): Promise<string[]> {
  const rows = await queryRows(
    db,
    z.strictObject({ key: z.string() }),
    sql`SELECT DISTINCT unnest(photos) AS key FROM profiles`,
  );
  return rows.flatMap((r) => [r.key, thumbKey(r.key)]).sort();
}

/** The files of `named` that `storage` does not have. */
export async function filesMissing(storage: Storage, named: string[]): Promise<string[]> {
  const held = new Set<string>();
  for await (const page of storage.list()) for (const e of page) held.add(e.key);
  return named.filter((k) => !held.has(k));
}
