// The rows that say a photo's renditions are made (issue 39; the files are named in photo-keys.ts,
// made by the photos feature's job). The member-facing answers read them once per page, for every
// photo the page shows, and hand each to photoDto.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { photoRenditions } from "../db/schema/index.ts";

export interface RenditionRow {
  /** The square thumbnail's ThumbHash, base64. */
  placeholder: string;
}

/** The renditions made of these photos, by key: one primary-key lookup for the lot. */
export async function renditionsFor(db: Db, keys: Iterable<string>): Promise<Map<string, RenditionRow>> {
  const wanted = [...new Set(keys)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ key: photoRenditions.photoKey, placeholder: photoRenditions.placeholder })
    .from(photoRenditions)
    .where(sql`${photoRenditions.photoKey} = ANY(${sql.param(wanted)}::text[])`);
  return new Map(rows.map((r) => [r.key, { placeholder: r.placeholder }]));
}

/** Forgets that these photos have renditions (their files are removed with the photo's). */
export async function forgetRenditions(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .delete(photoRenditions)
    .where(sql`${photoRenditions.photoKey} = ANY(${sql.param([...keys])}::text[])`);
}
