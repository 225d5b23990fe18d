// The likes feature's public surface: what other features and capabilities use. The rest of this
// folder is its own (the linter refuses other imports: biome.json, docs/decisions/0017).
import { type SQL, sql } from "drizzle-orm";

/** Whether `liker` has liked `liked` (a J'aime standing, not a pass). */
export const hasLiked = (liker: SQL | string, liked: SQL | string): SQL =>
  sql`EXISTS (SELECT 1 FROM likes l WHERE l.liker_id = ${liker} AND l.liked_id = ${liked} AND l.type = 'like')`;

/**
 * Who liked, seen from `me` in a match with `other` (domain LIKED_BY): « me », « them » or « both ».
 * A match nobody liked (none is made that way) reads as both.
 */
export const likedBy = (me: SQL | string, other: SQL | string): SQL =>
  sql`CASE WHEN ${hasLiked(me, other)} AND NOT ${hasLiked(other, me)} THEN 'me'
    WHEN ${hasLiked(other, me)} AND NOT ${hasLiked(me, other)} THEN 'them' ELSE 'both' END`;
