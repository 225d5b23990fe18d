// The photo side of a backup (issue 33): the live storage copied object by object into the backup's
// storage/ folder, then made to hold every file the dump names, complete.
//
// Why this order is enough, without touching the app's deletion paths: the app writes a photo's files
// before its row commits and deletes them after its row is gone. So every key in a dump had its
// files, complete, when the dump was taken; afterwards they may only have been deleted (a photo
// removed since). The copy is taken first, the dump after, then each key the dump names is settled:
// - its file is in live storage: the copy must have its size, or it is copied again (a photo
//   uploaded during the copy, or read while it was being written);
// - it is no longer there (deleted after the dump): a copy known complete (SETTLED_MS) is kept;
//   otherwise a new dump is taken, which no longer names it.
import path from "node:path";
import type { Storage } from "../../server/platform/storage/storage.ts";

/** Objects read and written at once: S3 answers each in tens of milliseconds; a few in flight hide it. */
const PARALLEL = 8;

export interface PhotoCounts {
  /** Objects copied by the first pass over the live storage. */
  copied: number;
  /** Listed by it but gone before they could be read (deleted meanwhile): not an error. */
  vanished: number;
  /** Named by a dump and copied (again) from live storage after it: uploaded during the copy. */
  reconciled: number;
  /** Dumps taken again because a key of the previous one had lost its file since. */
  retries: number;
}

/**
 * What the backup's storage/ holds, as written by this run: each key's size, and whether that copy is
 * known complete (read at its listed size, a while after the file was last modified; or read after
 * the dump, when every file the dump names was complete).
 */
export type CopiedFiles = Map<string, { size: number; complete: boolean }>;

/**
 * Files are written once (put never overwrites), in one call: a file last modified a second before
 * it was read (S3 gives times to the second) was whole when it was read.
 */
const SETTLED_MS = 1000;

async function inParallel<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
}

/** Copies one object; its size, or null when it is no longer there. */
async function copyOne(
  source: Storage,
  dest: Storage,
  key: string,
  copied: CopiedFiles,
): Promise<number | null> {
  const object = await source.get(key);
  if (!object) return null;
  // Written once per key (put never overwrites): a second copy replaces the first on purpose.
  if (copied.has(key)) await dest.delete(key);
  await dest.put(key, object.body, object.contentType);
  return object.body.length;
}

/** First pass: every object of the live storage, one by one; one that vanished is counted. */
export async function copyAll(
  source: Storage,
  dest: Storage,
  copied: CopiedFiles,
  counts: PhotoCounts,
): Promise<void> {
  for await (const page of source.list()) {
    await inParallel(page, async (entry) => {
      const settledBefore = Date.now() - SETTLED_MS;
      const size = await copyOne(source, dest, entry.key, copied);
      if (size === null) {
        counts.vanished++;
        return;
      }
      counts.copied++;
      const complete = size === entry.size && entry.modifiedAt.getTime() < settledBefore;
      copied.set(entry.key, { size, complete });
    });
  }
}

/** The live storage's objects and their sizes. */
export async function liveSizes(source: Storage): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for await (const page of source.list()) for (const e of page) sizes.set(e.key, e.size);
  return sizes;
}

/**
 * Settles each key a dump names (see the header), against a listing of live storage taken after
 * the dump. Returns each named key's size in the backup, and the keys it could not settle: their
 * file was deleted after the dump and the copy is not known complete (a new dump is needed).
 */
export async function reconcile(
  source: Storage,
  dest: Storage,
  copied: CopiedFiles,
  named: Set<string>,
  counts: PhotoCounts,
): Promise<{ gone: string[]; sizes: Map<string, number> }> {
  const live = await liveSizes(source);
  const sizes = new Map<string, number>();
  const gone: string[] = [];
  const unsettled: string[] = [];
  for (const key of named) {
    const copy = copied.get(key);
    const liveSize = live.get(key);
    if (copy && (liveSize === undefined ? copy.complete : copy.size === liveSize)) sizes.set(key, copy.size);
    else unsettled.push(key);
  }
  await inParallel(unsettled, async (key) => {
    const size = await copyOne(source, dest, key, copied);
    if (size === null) {
      const copy = copied.get(key);
      // Deleted between the listing and now: as above, a complete copy will do.
      if (copy?.complete) sizes.set(key, copy.size);
      else gone.push(key);
      return;
    }
    counts.reconciled++;
    copied.set(key, { size, complete: true });
    sizes.set(key, size);
  });
  return { gone: gone.sort(), sizes };
}

/**
 * The keys of `required` the backup's storage does not hold at `sizes` (each key's size in live
 * storage, or for a restore the size the backup recorded): an empty list means complete.
 */
export async function missingFrom(
  backupStorage: Storage,
  required: Iterable<string>,
  sizes: Map<string, number> | null,
): Promise<string[]> {
  const held = await liveSizes(backupStorage);
  const missing: string[] = [];
  for (const key of required) {
    const size = held.get(key);
    if (size === undefined || (sizes ? size !== sizes.get(key) : size === 0)) missing.push(key);
  }
  return missing.sort();
}

/** `files.tsv`: one line per file of the backup, its size and key. */
export const FILES_INDEX = "files.tsv";

export function filesIndex(sizes: Map<string, number>): string {
  return [...sizes]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, size]) => `${size}\t${key}\n`)
    .join("");
}

export function parseFilesIndex(text: string): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (!line) continue;
    const tab = line.indexOf("\t");
    sizes.set(line.slice(tab + 1), Number(line.slice(0, tab)));
  }
  return sizes;
}

/** A short list of keys for a message: the first few, and how many more. */
export function someKeys(keys: string[], shown = 5): string {
  const head = keys.slice(0, shown).join(", ");
  return keys.length > shown ? `${head} and ${keys.length - shown} more` : head;
}

/** The backup's storage/ folder: a local storage root, the photos' bucket inside it as in DATA_DIR. */
export const storageFolder = (backupDir: string) => path.join(backupDir, "storage");
