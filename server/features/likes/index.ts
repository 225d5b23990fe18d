// The likes feature's public surface: what other features and capabilities use. The rest of this
// folder is its own (the linter refuses other imports: biome.json, docs/decisions/0017).
import { type SQL, sql } from "drizzle-orm";

/** Whether `liker` has liked `liked` (a J'aime standing, not a pass). */
export const hasLiked = (liker: SQL | string, liked: SQL | string): SQL =>
  sql`EXISTS (SELECT 1 FROM likes l WHERE l.liker_id = ${liker} AND l.liked_id = ${liked} AND l.type = 'like')`;

/**
 * Who liked, seen from `me` in a match with `other` (domain LIKED_BY): « me », « them » or « both ».
 * One read of the pair's likes (their two rows at most) rather than an EXISTS per side and branch.
 * A match nobody liked (none is made that way) reads as both: bool_or over no row is NULL.
 */
export const likedBy = (me: SQL | string, other: SQL | string): SQL =>
  sql`(SELECT CASE WHEN bool_or(l.liker_id = ${me}) AND NOT bool_or(l.liker_id = ${other}) THEN 'me'
      WHEN bool_or(l.liker_id = ${other}) AND NOT bool_or(l.liker_id = ${me}) THEN 'them' ELSE 'both' END
    FROM likes l WHERE l.type = 'like'
      AND ((l.liker_id = ${me} AND l.liked_id = ${other}) OR (l.liker_id = ${other} AND l.liked_id = ${me})))`;
