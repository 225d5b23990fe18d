// What screening does with an uploaded photo (issue 16): an explicit one is refused before anything
// is stored; a doubtful one, or one already on another account, is stored but held from public view
// (« Photos à vérifier ») until an administrator decides. Hashes follow the photos' keys.
import { MSG } from "@domain/messages.ts";
import { type SQL, sql } from "drizzle-orm";
import sharp from "sharp";
import { type Db, queryRows } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import type { Logger } from "../logger.ts";
import { type NudityScores, photoHash, photoScreen, SCREEN } from "./photo-screen.ts";

export interface Screening {
  hash: string;
  nudity: NudityScores;
  hold: {
    reason: "suggestive" | "reused";
    score: number | null;
    matchedUserId: string | null;
    matchedKey: string | null;
  } | null;
}

/**
 * Screens an upload's bytes. Refuses an explicit photo (400 PHOTO_EXPLICIT), and any photo when the
 * screening cannot run (503); returns null when the bytes are not an image (the photo checks then
 * answer with their own message).
 */
export async function screenUpload(
  db: Db,
  logger: Logger,
  userId: string,
  bytes: Uint8Array,
): Promise<Screening | null> {
  const image = Buffer.from(bytes);
  // Not an image sharp can decode (a truncated file…): the photo checks answer with their own message.
  const decodable = await sharp(image)
    .resize(64, 64, { fit: "inside" })
    .raw()
    .toBuffer()
    .then(() => true)
    .catch(() => false);
  if (!decodable) return null;
  let hash: string;
  let nudity: NudityScores;
  try {
    hash = await photoHash(image);
    nudity = await (await photoScreen()).nudity(image);
  } catch (err) {
    // Screening that cannot run refuses the photo: nothing goes public unchecked.
    logger.error({ err }, "photo screening failed");
    throw new AppError(503, "SERVICE_UNAVAILABLE", MSG.SERVICE_UNAVAILABLE);
  }
  if (nudity.explicit >= SCREEN.EXPLICIT) {
    logger.info({ userId, ...nudity }, "photo screening: explicit photo refused");
    throw new AppError(400, "PHOTO_EXPLICIT", MSG.PHOTO_EXPLICIT);
  }
  const [same] = await queryRows<{ key: string; userId: string; bits: number }>(
    db,
    sql`SELECT photo_key AS key, user_id AS "userId", bit_count(hash::bit(64) # ${hash}::bit(64))::int AS bits
      FROM photo_hashes WHERE user_id <> ${userId}
      ORDER BY bits LIMIT 1`,
  );
  const hold: Screening["hold"] =
    same && same.bits <= SCREEN.SAME_PHOTO_BITS
      ? { reason: "reused", score: same.bits, matchedUserId: same.userId, matchedKey: same.key }
      : nudity.explicit >= SCREEN.SUSPECT_EXPLICIT || nudity.suggestive >= SCREEN.SUSPECT_SUGGESTIVE
        ? {
            reason: "suggestive",
            score: Math.max(nudity.explicit, nudity.suggestive),
            matchedUserId: null,
            matchedKey: null,
          }
        : null;
  return { hash, nudity, hold };
}

/** Records a stored photo's hash, and holds it for review when screening said so. */
export async function recordScreening(db: Db, userId: string, key: string, s: Screening): Promise<void> {
  await db.transaction(async (txArg) => {
    const tx = txArg as unknown as Db;
    await tx.execute(sql`INSERT INTO photo_hashes (photo_key, user_id, hash) VALUES (${key}, ${userId}, ${s.hash})
      ON CONFLICT (photo_key) DO UPDATE SET hash = EXCLUDED.hash`);
    if (s.hold)
      await tx.execute(sql`INSERT INTO photo_reviews (user_id, photo_key, reason, score, matched_user_id, matched_key)
        VALUES (${userId}, ${key}, ${s.hold.reason}, ${s.hold.score}, ${s.hold.matchedUserId}, ${s.hold.matchedKey})`);
  });
}

/** A photo left the profile: its hash goes, and a pending review of it is closed as removed. */
export async function forgetPhoto(db: Db, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM photo_hashes WHERE photo_key = ${key}`);
  await db.execute(sql`UPDATE photo_reviews SET status = 'removed', decided_at = now()
    WHERE photo_key = ${key} AND status = 'pending'`);
}

/** A photo got a new key (a new crop of the same picture): its hash and its hold follow it. */
export async function renamePhoto(db: Db, from: string, to: string): Promise<void> {
  if (from === to) return;
  await db.execute(sql`UPDATE photo_hashes SET photo_key = ${to} WHERE photo_key = ${from}`);
  await db.execute(
    sql`UPDATE photo_reviews SET photo_key = ${to} WHERE photo_key = ${from} AND status = 'pending'`,
  );
}

/** The keys of `owner`'s photos that are held from public view, as an SQL array of the profile's photos. */
export function visiblePhotos(photos: SQL, owner: SQL): SQL {
  return sql`array(SELECT k FROM unnest(${photos}) WITH ORDINALITY AS x(k, n)
    WHERE NOT EXISTS (SELECT 1 FROM photo_reviews r WHERE r.photo_key = x.k AND r.user_id = ${owner}
      AND r.status = 'pending') ORDER BY n)`;
}
