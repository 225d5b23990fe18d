// What screening does with an uploaded photo (issue 16): an explicit one is refused before anything
// is stored; a doubtful one, or one already on another account, is stored but held from public view
// (« Photos à vérifier ») until an administrator decides, in the transaction that adds it. Hashes
// follow the photos' keys.
import { MSG } from "@domain/messages.ts";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/client.ts";
import { photoHashes, photoReviews } from "../../platform/db/schema/index.ts";
import { AppError } from "../../platform/http/errors.ts";
import { memberImage } from "../../platform/images/index.ts";
import type { Logger } from "../../platform/logger.ts";
import { photoKeysOfFile } from "../../platform/storage/photo-keys.ts";
import { mirroredPhotoHash, type NudityScores, photoHash, photoScreen, SCREEN } from "./photo-screen.ts";

export interface Screening {
  /** The photo's perceptual hash, and its mirror image's (a flipped copy is the same stolen photo). */
  hash: string;
  mirrored: string;
  nudity: NudityScores;
}

export interface Hold {
  reason: "suggestive" | "reused";
  score: number | null;
  matchedUserId: string | null;
  matchedKey: string | null;
}

/**
 * Screens an upload's bytes, whose header the photo checks have read (readPhotoHeader): every decode
 * here is under the same pixel limit. Refuses an explicit photo (400 PHOTO_EXPLICIT), and any photo
 * when the screening cannot run (503); returns null when the bytes cannot be decoded (the photo
 * checks then answer with their own message).
 */
export async function screenUpload(
  logger: Logger,
  userId: string,
  bytes: Uint8Array,
): Promise<Screening | null> {
  const image = Buffer.from(bytes);
  // Not an image sharp can decode (a truncated file…): the photo checks answer with their own message.
  const decodable = await memberImage(image)
    .resize(64, 64, { fit: "inside" })
    .raw()
    .toBuffer()
    .then(() => true)
    .catch(() => false);
  if (!decodable) return null;
  let screening: Screening;
  try {
    const [hash, mirrored, nudity] = await Promise.all([
      photoHash(image),
      mirroredPhotoHash(image),
      photoScreen().then((screen) => screen.nudity(image)),
    ]);
    screening = { hash, mirrored, nudity };
  } catch (err) {
    // Screening that cannot run refuses the photo: nothing goes public unchecked.
    logger.error({ err }, "photo screening failed");
    throw new AppError(503, "SERVICE_UNAVAILABLE", MSG.SERVICE_UNAVAILABLE);
  }
  if (screening.nudity.explicit >= SCREEN.EXPLICIT) {
    logger.info({ userId, ...screening.nudity }, "photo screening: explicit photo refused");
    throw new AppError(400, "PHOTO_EXPLICIT", MSG.PHOTO_EXPLICIT);
  }
  return screening;
}

/** A hash's eight bytes, each tagged with its place (place × 256 + byte): photo_hashes.bands. */
export function bandsOf(hash: string): number[] {
  return Array.from({ length: 8 }, (_, b) => b * 256 + Number.parseInt(hash.slice(b * 8, b * 8 + 8), 2));
}

const nearestPhotoRow = z.strictObject({ key: z.string(), userId: z.string(), bits: z.number().int() });

/**
 * The photo of another account nearest to any of `hashes`, if one is at most SAME_PHOTO_BITS away.
 * The GIN index on bands finds the candidates (a hash within 7 bits shares one of its eight bytes);
 * only they are compared bit by bit.
 */
export async function nearestPhoto(
  db: Db,
  userId: string,
  hashes: readonly string[],
): Promise<{ key: string; userId: string; bits: number } | undefined> {
  const [row] = await queryRows(db, nearestPhotoRow, nearestPhotoQuery(userId, hashes));
  return row;
}

/** nearestPhoto's statement (bench/verification/reuse-lookup.ts explains it). */
export function nearestPhotoQuery(userId: string, hashes: readonly string[]): SQL {
  const bands = `{${[...new Set(hashes.flatMap(bandsOf))].join(",")}}`;
  const distance = sql.join(
    hashes.map((h) => sql`bit_count(hash::bit(64) # ${h}::bit(64))`),
    sql`, `,
  );
  return sql`SELECT key, "userId", bits FROM (
      SELECT photo_key AS key, user_id AS "userId", least(${distance})::int AS bits
      FROM photo_hashes WHERE bands && ${bands}::int[] AND user_id <> ${userId}
    ) near WHERE bits <= ${SCREEN.SAME_PHOTO_BITS} ORDER BY bits, key LIMIT 1`;
}

/** Whether a screened photo is held for an administrator, and why. */
export function holdFor(s: Screening, same: Awaited<ReturnType<typeof nearestPhoto>>): Hold | null {
  if (same) return { reason: "reused", score: same.bits, matchedUserId: same.userId, matchedKey: same.key };
  if (s.nudity.explicit >= SCREEN.SUSPECT_EXPLICIT || s.nudity.suggestive >= SCREEN.SUSPECT_SUGGESTIVE)
    return {
      reason: "suggestive",
      score: Math.max(s.nudity.explicit, s.nudity.suggestive),
      matchedUserId: null,
      matchedKey: null,
    };
  return null;
}

/** The advisory-lock namespace of photo hash bands (the first key of pg_advisory_xact_lock(int, int)). */
const BAND_LOCKS = 16_016;

/**
 * Records a photo's screening inside the transaction that adds it to the profile, so that a held
 * photo is never public for a moment: looks for the same photo on other accounts, keeps the hash,
 * and holds the photo when it is reused or doubtful.
 *
 * Two accounts uploading the same photo at once must not both miss each other: each transaction
 * first locks the bands of its hash and of its mirror image's (in order, so two never deadlock).
 * Near copies share a band, so they take their turns; other uploads share none and run side by side.
 */
export async function recordScreening(
  tx: Db,
  userId: string,
  key: string,
  s: Screening,
): Promise<Hold | null> {
  const bands = [...new Set([...bandsOf(s.hash), ...bandsOf(s.mirrored)])].sort((a, b) => a - b);
  await tx.execute(sql`SELECT count(pg_advisory_xact_lock(${BAND_LOCKS}, b))
    FROM (SELECT b FROM unnest(${`{${bands.join(",")}}`}::int[]) AS b ORDER BY b) ordered`);
  const hold = holdFor(s, await nearestPhoto(tx, userId, [s.hash, s.mirrored]));
  await tx
    .insert(photoHashes)
    .values({ photoKey: key, userId, hash: s.hash, bands: bandsOf(s.hash) })
    .onConflictDoUpdate({
      target: photoHashes.photoKey,
      set: { hash: sql`excluded.hash`, bands: sql`excluded.bands` },
    });
  if (hold)
    await tx.insert(photoReviews).values({
      userId,
      photoKey: key,
      reason: hold.reason,
      score: hold.score,
      matchedUserId: hold.matchedUserId,
      matchedKey: hold.matchedKey,
    });
  return hold;
}

/** A photo left the profile: its hash goes, and a pending review of it is closed as removed. */
export async function forgetPhoto(db: Db, key: string): Promise<void> {
  await db.delete(photoHashes).where(eq(photoHashes.photoKey, key));
  await db
    .update(photoReviews)
    .set({ status: "removed", decidedAt: sql`now()` })
    .where(and(eq(photoReviews.photoKey, key), eq(photoReviews.status, "pending")));
}

/** A photo got a new key (a new crop of the same picture): its hash and its hold follow it. */
export async function renamePhoto(db: Db, from: string, to: string): Promise<void> {
  if (from === to) return;
  await db.update(photoHashes).set({ photoKey: to }).where(eq(photoHashes.photoKey, from));
  await db
    .update(photoReviews)
    .set({ photoKey: to })
    .where(and(eq(photoReviews.photoKey, from), eq(photoReviews.status, "pending")));
}

/** The keys of `owner`'s photos that are held from public view, as an SQL array of the profile's photos. */
export function visiblePhotos(photos: SQL, owner: SQL): SQL {
  return sql`array(SELECT k FROM unnest(${photos}) WITH ORDINALITY AS x(k, n)
    WHERE NOT EXISTS (SELECT 1 FROM photo_reviews r WHERE r.photo_key = x.k AND r.user_id = ${owner}
      AND r.status = 'pending') ORDER BY n)`;
}

/**
 * The member whose held photo a storage key is (the photo, its thumbnail, photos/thumbs/<file>, or
 * one of its renditions, photos/r/<file>-…), or null when no pending review holds it: what
 * /storage serves to everyone.
 */
export async function heldPhotoOwner(db: Db, storageKey: string): Promise<string | null> {
  const keys = photoKeysOfFile(storageKey);
  const [row] = await db
    .select({ userId: photoReviews.userId })
    .from(photoReviews)
    .where(and(inArray(photoReviews.photoKey, keys), eq(photoReviews.status, "pending")))
    .limit(1);
  return row?.userId ?? null;
}

/**
 * The members whose every photo is held (« Avec photo » does not find them): a small set, built once
 * per statement from the pending reviews, so that a search's count stays an index-only scan.
 */
export const MEMBERS_WITH_ONLY_HELD_PHOTOS = sql`(SELECT r.user_id FROM photo_reviews r
  JOIN profiles q ON q.user_id = r.user_id
  WHERE r.status = 'pending' AND r.photo_key = ANY (q.photos)
  GROUP BY r.user_id, q.photos HAVING count(DISTINCT r.photo_key) >= cardinality(q.photos))`;
