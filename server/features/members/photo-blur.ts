// Blurred photos (issue 40): a member may blur her photos for everyone she has not liked back (a
// like both ways) or shown them to (« Montrer mes photos »). Such a viewer gets a small blurred
// variant made on the server in every answer (blurredPhotoDto), and the storage route refuses him
// the originals, thumbnails and renditions (photoGuard). The owner and administrators see them.
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/client.ts";
import { photoOwner } from "../../platform/storage/photo-keys.ts";

const liked = (liker: SQL, liked: SQL) =>
  sql`EXISTS (SELECT 1 FROM likes l WHERE l.liker_id = ${liker} AND l.liked_id = ${liked} AND l.type = 'like')`;

/** `viewer` may see the photos of the profile `p` (alias p): they are not blurred for him. */
export function maySeePhotos(viewer: SQL): SQL {
  return sql`(NOT p.blur_photos OR p.user_id = ${viewer}
    OR EXISTS (SELECT 1 FROM photo_reveals r WHERE r.owner_id = p.user_id AND r.viewer_id = ${viewer})
    OR (${liked(sql`p.user_id`, viewer)} AND ${liked(viewer, sql`p.user_id`)}))`;
}

/** Of these members, those whose photos the viewer gets blurred: one read for a page. */
export async function blurredFor(
  db: Db,
  viewerId: string,
  ownerIds: readonly string[],
): Promise<Set<string>> {
  const ids = [...new Set(ownerIds)].filter((id) => id !== viewerId);
  if (ids.length === 0) return new Set();
  const rows = await queryRows(
    db,
    z.strictObject({ userId: z.string() }),
    sql`SELECT p.user_id AS "userId" FROM profiles p
      WHERE p.user_id = ANY (${sql.param(ids)}::text[]) AND p.blur_photos
        AND NOT ${maySeePhotos(sql`${viewerId}::text`)}`,
  );
  return new Set(rows.map((r) => r.userId));
}

/**
 * The member who blurs the photo a stored file stands for (the photo, its thumbnail, a rendition:
 * `photoKeys` are the photos it may be), or null when its owner does not blur them.
 */
export async function blurringOwner(db: Db, photoKeys: readonly string[]): Promise<string | null> {
  // The owner is in the photo's name (photoKey); a seeded pool picture names nobody: looked up.
  const named = photoKeys.map(photoOwner).find((o) => o !== null) ?? null;
  const owner = named ? sql`p.user_id = ${named}` : sql`p.photos && ${sql.param([...photoKeys])}::text[]`;
  const [row] = await queryRows(
    db,
    z.strictObject({ userId: z.string() }),
    sql`SELECT p.user_id AS "userId" FROM profiles p WHERE ${owner} AND p.blur_photos LIMIT 1`,
  );
  return row?.userId ?? null;
}

/** Whether `viewerId` may see the photos of `ownerId` (who blurs them). */
export async function maySeePhotosOf(db: Db, ownerId: string, viewerId: string): Promise<boolean> {
  const [row] = await queryRows(
    db,
    z.strictObject({ allowed: z.boolean() }),
    sql`SELECT ${maySeePhotos(sql`${viewerId}::text`)} AS allowed FROM profiles p WHERE p.user_id = ${ownerId}`,
  );
  return row?.allowed === true;
}

/**
 * « Montrer mes photos » to a member she shares an accepted match with: he gets them unblurred from
 * then on. False when there is no such match (nothing written).
 */
export async function revealPhotos(db: Db, ownerId: string, viewerId: string): Promise<boolean> {
  const rows = await queryRows(
    db,
    z.strictObject({ ok: z.literal(1) }),
    sql`INSERT INTO photo_reveals (owner_id, viewer_id)
      SELECT ${ownerId}, ${viewerId} WHERE EXISTS (SELECT 1 FROM matches m WHERE m.status = 'accepted'
        AND least(m.user1_id, m.user2_id) = least(${ownerId}::text, ${viewerId}::text)
        AND greatest(m.user1_id, m.user2_id) = greatest(${ownerId}::text, ${viewerId}::text))
      ON CONFLICT DO NOTHING
      RETURNING 1 AS ok`,
  );
  if (rows.length > 0) return true;
  const [known] = await queryRows(
    db,
    z.strictObject({ ok: z.literal(1) }),
    sql`SELECT 1 AS ok FROM photo_reveals WHERE owner_id = ${ownerId} AND viewer_id = ${viewerId}`,
  );
  return known !== undefined;
}
