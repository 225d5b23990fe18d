// What a notification e-mail tells: the new matches and the unread messages that arrived since the
// member's `email_covered_until`, for many members in one statement (digests are built by batches).
// Never a blocked member's, a hidden member's, or anything for an unverified address or a banned member.

import { SHIELD_MSG } from "@domain/shield/shield.ts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/client.ts";
import { timestampText, uuid } from "../../platform/db/row-schemas.ts";
import { hasLiked } from "../likes/index.ts";
import { receivedText, requestFor } from "../messages/index.ts";
import { blockedBetween } from "../safety/index.ts";
import { OTHER_VISIBLE, RECIPIENT_ACTIVE } from "./audience.ts";

export interface NewsItem {
  /** « like »: a J'aime received, not returned (it opened the conversation); « match »: both liked. */
  kind: "like" | "match" | "message";
  matchId: string;
  name: string;
  /** Unread messages of that conversation that arrived in the period (0 for a like or a match). */
  count: number;
  latest: string | null;
}

export interface MemberNews {
  userId: string;
  email: string;
  /** The instant the e-mail covers up to (read before the news, so nothing falls in between). */
  until: Date;
  /** « Notifications discrètes » (issue 40): no name and no excerpt in the e-mail. */
  neutral: boolean;
  items: NewsItem[];
}

const newsRow = z.strictObject({
  user_id: z.string(),
  email: z.string(),
  until: timestampText,
  neutral: z.boolean(),
  kind: z.enum(["like", "match", "message"]).nullable(),
  match_id: uuid.nullable(),
  name: z.string().nullable(),
  count: z.number().int().nullable(),
  latest: z.string().nullable(),
});

/** The news of each given member who may receive e-mails (members with none are left out). */
export async function newsFor(db: Db, userIds: readonly string[]): Promise<MemberNews[]> {
  if (userIds.length === 0) return [];
  const rows = await queryRows(
    db,
    newsRow,
    sql`WITH me AS (
        SELECT u.id, u.email, coalesce(s.email_covered_until, u.created_at) AS since, now() AS until,
          coalesce((SELECT neutral_notifications FROM profiles WHERE user_id = u.id), false) AS neutral
        FROM "user" u LEFT JOIN notification_settings s ON s.user_id = u.id
        WHERE u.id IN ${userIds} AND u.email_verified AND ${RECIPIENT_ACTIVE}
      ), conv AS (
        SELECT me.id AS user_id, m.id AS match_id, m.updated_at,
          CASE WHEN m.user1_id = me.id THEN m.user2_id ELSE m.user1_id END AS other_id,
          CASE WHEN m.user1_id = me.id THEN m.user1_opened_at ELSE m.user2_opened_at END AS opened_at,
          me.since
        FROM me JOIN matches m ON (m.user1_id = me.id OR m.user2_id = me.id) AND m.status = 'accepted'
      ), news AS (
        SELECT c.user_id, 'message' AS kind, c.match_id, op.first_name AS name, count(*)::int AS count,
          -- As the recipient reads it (issue 36): held text never in an e-mail, numbers masked.
          (array_agg(${receivedText(SHIELD_MSG.HELD_NOTIFICATION)} ORDER BY x.created_at DESC))[1] AS latest,
          max(x.created_at) AS at
        FROM conv c
        JOIN profiles op ON op.user_id = c.other_id JOIN "user" ou ON ou.id = op.user_id
        JOIN messages x ON x.match_id = c.match_id AND x.sender_id = c.other_id AND x.read_at IS NULL
          AND x.created_at > c.since AND x.shield IS DISTINCT FROM 'waiting'
        WHERE ${OTHER_VISIBLE} AND NOT ${blockedBetween(sql`c.user_id`, sql`c.other_id`)}
          -- A request (issue 34) waits in « Demandes » unannounced: its J'aime is told below.
          AND NOT ${requestFor(sql`c.user_id`, sql`c.other_id`, sql`c.match_id`)}
        GROUP BY c.user_id, c.match_id, op.first_name
        UNION ALL
        -- A match the member has not opened: a J'aime of the other member, or their J'aime back
        -- (likes.service.ts makes the match new again for the first liker), since the last e-mail.
        SELECT c.user_id, CASE WHEN ${hasLiked(sql`c.user_id`, sql`c.other_id`)} THEN 'match' ELSE 'like' END,
          c.match_id, op.first_name, 0, NULL, c.updated_at
        FROM conv c
        JOIN profiles op ON op.user_id = c.other_id JOIN "user" ou ON ou.id = op.user_id
        WHERE c.updated_at > c.since AND c.opened_at IS NULL
          AND ${OTHER_VISIBLE} AND NOT ${blockedBetween(sql`c.user_id`, sql`c.other_id`)}
      )
      SELECT me.id AS user_id, me.email, me.until, me.neutral, n.kind, n.match_id, n.name, n.count, n.latest
      FROM me JOIN news n ON n.user_id = me.id
      ORDER BY me.id, n.at DESC`,
  );
  const byMember = new Map<string, MemberNews>();
  for (const r of rows) {
    let news = byMember.get(r.user_id);
    if (!news) {
      news = { userId: r.user_id, email: r.email, until: new Date(r.until), neutral: r.neutral, items: [] };
      byMember.set(r.user_id, news);
    }
    if (r.kind && r.match_id && r.name !== null)
      news.items.push({
        kind: r.kind,
        matchId: r.match_id,
        name: r.name,
        count: r.count ?? 0,
        latest: r.latest,
      });
  }
  // A J'aime or a match whose member has already written is told by the message.
  for (const news of byMember.values()) {
    const written = new Set(news.items.filter((i) => i.kind === "message").map((i) => i.matchId));
    news.items = news.items.filter((i) => i.kind === "message" || !written.has(i.matchId));
  }
  return [...byMember.values()];
}
