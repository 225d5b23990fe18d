// Where the database names stored files (issue 33): every column that holds a storage key. The orphan
// sweep keeps any file one of them names (and its thumbnail, and its renditions under photos/r/,
// issue 39); a backup must hold a file for each key of the `required` ones, the photos members see
// (renditions are not required: they are copied with every stored object, and can be made again).
// key-references.test.ts reads the schema and fails when a new column looks like it holds keys and
// is not listed here.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/client.ts";
import { renditionBase, renditionBaseOf, thumbKey } from "../../platform/storage/photo-keys.ts";

export interface KeyColumn {
  table: string;
  column: string;
  /** text[] (each element a key) rather than text. */
  array: boolean;
  /** Every key in it must have its file: a backup without one is incomplete. */
  required: boolean;
}

export const STORAGE_KEY_COLUMNS: readonly KeyColumn[] = [
  // The member's photos, each served with its thumbnail.
  { table: "profiles", column: "photos", array: true, required: true },
  // The rest follow a photo and may outlive its file for a moment (the hash and a pending hold go
  // after the file is deleted, in the same request) or for good (a decided review keeps the key of
  // the photo it removed; a « reused » hold names another member's photo, which they may delete).
  // Not required of a backup, but the sweep keeps what they name.
  { table: "photo_hashes", column: "photo_key", array: false, required: false },
  { table: "photo_reviews", column: "photo_key", array: false, required: false },
  { table: "photo_reviews", column: "matched_key", array: false, required: false },
];

/**
 * The columns that name files in the voice storage (issue 37): a message's recording, a member's
 * introduction. The voice storage's sweep keeps what they name; they have no thumbnails.
 */
export const VOICE_KEY_COLUMNS: readonly KeyColumn[] = [
  { table: "messages", column: "voice_key", array: false, required: true },
  { table: "voice_intros", column: "voice_key", array: false, required: true },
];

/** SQL text: one row `{ key }` per distinct key the columns hold. The names are ours, not input. */
export function keysSql(columns: readonly KeyColumn[]): string {
  return columns
    .map((c) =>
      c.array
        ? `SELECT unnest("${c.column}") AS key FROM "${c.table}"`
        : `SELECT "${c.column}" AS key FROM "${c.table}" WHERE "${c.column}" IS NOT NULL`,
    )
    .join("\nUNION\n");
}

/** The keys and each one's thumbnail: the files they stand for. */
export function withThumbnails(keys: Iterable<string>): Set<string> {
  const files = new Set<string>();
  for (const key of keys) {
    files.add(key);
    files.add(thumbKey(key));
  }
  return files;
}

/**
 * Every file a row names in one storage — the photos' with their thumbnails, or the voice
 * recordings': what the orphan sweep must never remove. For the photos, the set also holds each
 * one's rendition base (photos/r/<file without extension>): namesFile tells its files.
 */
export async function referencedFiles(db: Db, storage: "photos" | "voices" = "photos"): Promise<Set<string>> {
  const rows = await queryRows(
    db,
    z.strictObject({ key: z.string() }),
    sql.raw(keysSql(storage === "photos" ? STORAGE_KEY_COLUMNS : VOICE_KEY_COLUMNS)),
  );
  const keys = rows.map((r) => r.key);
  if (storage === "voices") return new Set(keys);
  const files = withThumbnails(keys);
  for (const key of keys) files.add(renditionBase(key));
  return files;
}

/**
 * Whether a stored file is one of `named` (referencedFiles): the file itself, or a rendition
 * (photos/r/<base>-t400.avif…) of a named photo, made or still being made.
 */
export function namesFile(named: ReadonlySet<string>, file: string): boolean {
  if (named.has(file)) return true;
  const base = renditionBaseOf(file);
  return base !== null && named.has(base);
}
