// The member's accepted matches (SPEC §3: a read joins both profiles, user1 and user2; the member
// sees the other one) and removing a match, which sets it to rejected (SPEC §4).

import { todayIso } from "@domain/age.ts";
import { LIKED_BY, MATCHES_PAGE_SIZE, type MatchListDto } from "@domain/discovery.ts";
import { matchChanged } from "@domain/events.ts";
import { MSG } from "@domain/messages.ts";
import { UUID } from "@domain/uuid.ts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/client.ts";
import { microsText, timestampText, uuid } from "../../platform/db/row-schemas.ts";
import type { DomainEvents } from "../../platform/events/domain-events.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { Storage } from "../../platform/storage/storage.ts";
import { likedBy } from "../likes/index.ts";
import {
  PUBLIC_COLUMNS,
  pagePhotos,
  publicRow,
  toPublicProfile,
  VISIBLE,
  type Viewer,
} from "../members/index.ts";
import { matchNotFound } from "../messages/index.ts";

const CURSOR = /^(\d{1,17})_([0-9a-f-]{36})$/i;

const matchRow = publicRow.extend({
  matchId: uuid,
  since: timestampText,
  sinceUs: microsText,
  likedBy: z.enum(LIKED_BY),
});

/** Newest first (when the match became accepted); `cursor` continues after the last one shown. */
export async function listMatches(
  db: Db,
  storage: Storage,
  viewer: Viewer,
  cursor?: string,
  size = MATCHES_PAGE_SIZE,
): Promise<MatchListDto> {
  const me = viewer.userId;
  let after = sql``;
  if (cursor) {
    const m = CURSOR.exec(cursor);
    if (!m || !UUID.test(m[2]!)) throw new AppError(400, "VALIDATION_ERROR", MSG.CURSOR_INVALID);
    after = sql`AND (m.updated_at, m.id) <
      (timestamptz '1970-01-01 00:00:00+00' + ${m[1]}::bigint * interval '1 microsecond', ${m[2]}::uuid)`;
  }
  const rows = await queryRows(
    db,
    matchRow,
    sql`SELECT m.id AS "matchId", m.updated_at AS since,
        ((extract(epoch FROM m.updated_at) * 1000000)::bigint)::text AS "sinceUs",
        ${likedBy(me, sql`p.user_id`)} AS "likedBy", ${PUBLIC_COLUMNS}
      FROM matches m
      JOIN profiles p ON p.user_id = CASE WHEN m.user1_id = ${me} THEN m.user2_id ELSE m.user1_id END
      JOIN "user" u ON u.id = p.user_id
      WHERE (m.user1_id = ${me} OR m.user2_id = ${me}) AND m.status = 'accepted' AND ${VISIBLE} ${after}
      ORDER BY m.updated_at DESC, m.id DESC
      LIMIT ${size + 1}`,
  );
  const today = todayIso();
  const page = rows.slice(0, size);
  const last = page.at(-1);
  const photos = await pagePhotos(db, viewer.userId, page);
  return {
    data: page.map((r) => ({
      id: r.matchId,
      since: new Date(r.since).toISOString(),
      likedBy: r.likedBy,
      member: toPublicProfile(r, viewer, storage, today, photos),
    })),
    nextCursor: rows.length > size && last ? `${last.sinceUs}_${last.matchId}` : null,
  };
}

/**
 * Sets one of the member's matches to rejected and remembers who did it. Removing a match that is
 * already rejected changes nothing; a match of other members, or no match at all, is a 404.
 */
export async function removeMatch(
  events: DomainEvents,
  db: Db,
  userId: string,
  matchId: string,
): Promise<void> {
  if (!UUID.test(matchId)) throw matchNotFound();
  await events.transaction(db, async (tx, record) => {
    const [row] = await queryRows(
      tx,
      z.strictObject({ otherId: z.string(), changed: z.boolean() }),
      sql`WITH mine AS (
        SELECT id, status, CASE WHEN user1_id = ${userId} THEN user2_id ELSE user1_id END AS other_id
        FROM matches WHERE id = ${matchId}::uuid AND (user1_id = ${userId} OR user2_id = ${userId})
      ), updated AS (
        UPDATE matches SET status = 'rejected', rejected_by = ${userId}, updated_at = now()
        WHERE id IN (SELECT id FROM mine) AND (status = 'accepted' OR rejected_by IS NULL)
      )
      SELECT other_id AS "otherId", status = 'accepted' AS changed FROM mine`,
    );
    if (!row) throw matchNotFound();
    if (row.changed)
      await record(matchChanged, { matchId, userIds: [userId, row.otherId], status: "removed" });
  });
}
