// The member's conversations (one per accepted match) with the other member, the last message,
// the unread count and whether it was ever opened, newest activity first; and the navigation
// counts built on the same rules.

import { GENDERS } from "@domain/constants.ts";
import { LIKED_BY } from "@domain/discovery.ts";
import { type ConversationDto, MESSAGE_PREVIEW_LENGTH, type NavCountsDto } from "@domain/messaging.ts";
import { presenceOf } from "@domain/presence.ts";
import { SHIELD_MSG } from "@domain/shield/shield.ts";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/client.ts";
import { timestampText, uuid } from "../../platform/db/row-schemas.ts";
import { blurredPhotoDto } from "../../platform/storage/photo-keys.ts";
import type { Storage } from "../../platform/storage/storage.ts";
import { likedBy } from "../likes/index.ts";
import { blurredFor, VISIBLE } from "../members/index.ts";
import { visiblePhotos } from "../moderation/index.ts";
import { photoDto, renditionsFor } from "../photos/index.ts";
import { requestFor } from "./message-requests.ts";
import { receivedText, sentText } from "./received-text.ts";

/** Conversations listed at most; a member with more sees the most recently active. */
export const CONVERSATIONS_LIMIT = 200;

const conversationRow = z.strictObject({
  matchId: uuid,
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  photo: z.string().nullable(),
  profileVerified: z.boolean(),
  activeAt: timestampText.nullable(),
  gender: z.enum(GENDERS).nullable(),
  content: z.string().nullable(),
  senderId: z.string().nullable(),
  sentAt: timestampText.nullable(),
  unread: z.number().int(),
  opened: z.boolean(),
  likedBy: z.enum(LIKED_BY),
  request: z.boolean(),
  requestSent: z.boolean(),
  activity: timestampText,
  cardSharedAt: timestampText.nullable(),
});

/** `me`: the member's id, or an expression giving it (a column of a batch's rows). */
type Me = string | SQL;

const OTHER = (me: Me) => sql`CASE WHEN m.user1_id = ${me} THEN m.user2_id ELSE m.user1_id END`;
const OPENED = (me: Me) =>
  sql`(CASE WHEN m.user1_id = ${me} THEN m.user1_opened_at ELSE m.user2_opened_at END) IS NOT NULL`;

function preview(text: string): string {
  const flat = text.replace(/\s+/g, " ");
  const chars = [...flat];
  return chars.length > MESSAGE_PREVIEW_LENGTH
    ? `${chars.slice(0, MESSAGE_PREVIEW_LENGTH - 1).join("")}…`
    : flat;
}

export async function listConversations(db: Db, storage: Storage, me: string): Promise<ConversationDto[]> {
  const rows = await queryRows(
    db,
    conversationRow,
    sql`SELECT m.id AS "matchId", p.user_id AS "userId", p.first_name AS "firstName", p.last_name AS "lastName",
        (${visiblePhotos(sql`p.photos`, sql`p.user_id`)})[1] AS photo, p.verified_at IS NOT NULL AS "profileVerified", p.gender,
        -- Presence (issue 17): not shown to a member who hides her own.
        CASE WHEN (SELECT presence_hidden FROM profiles WHERE user_id = ${me}) THEN NULL ELSE p.active_at END AS "activeAt",
        lm.content, lm.sender_id AS "senderId", lm.created_at AS "sentAt",
        (SELECT count(*) FROM messages x WHERE x.match_id = m.id AND x.sender_id <> ${me}
          AND x.read_at IS NULL AND x.shield IS DISTINCT FROM 'waiting')::int AS unread,
        ${OPENED(me)} AS opened, ${likedBy(me, sql`p.user_id`)} AS "likedBy",
        ${requestFor(me, sql`p.user_id`, sql`m.id`)} AS request,
        ${requestFor(sql`p.user_id`, me, sql`m.id`)} AS "requestSent",
        greatest(m.updated_at, lm.created_at) AS activity,
        -- Issue 40: the other member shared this one's card with a relative (the member is told).
        (SELECT max(sc.created_at) FROM shared_cards sc WHERE sc.match_id = m.id AND sc.member_id = ${me})
          AS "cardSharedAt"
      FROM matches m
      JOIN profiles p ON p.user_id = ${OTHER(me)}
      JOIN "user" u ON u.id = p.user_id
      -- The last message as this member sees it (issue 36): held, masked, or not yet delivered.
      LEFT JOIN LATERAL (SELECT CASE WHEN x.sender_id = ${me} THEN ${sentText}
            ELSE ${receivedText(SHIELD_MSG.HELD_TITLE)} END AS content, x.sender_id, x.created_at
        FROM messages x WHERE x.match_id = m.id AND (x.shield IS DISTINCT FROM 'waiting' OR x.sender_id = ${me})
        ORDER BY x.created_at DESC, x.id DESC LIMIT 1) lm ON true
      WHERE (m.user1_id = ${me} OR m.user2_id = ${me}) AND m.status = 'accepted' AND ${VISIBLE}
      ORDER BY activity DESC, m.id DESC
      LIMIT ${CONVERSATIONS_LIMIT}`,
  );
  const iso = (v: Date | string) => new Date(v).toISOString();
  const [renditions, blurred] = await Promise.all([
    renditionsFor(
      db,
      rows.flatMap((r) => (r.photo ? [r.photo] : [])),
    ),
    // Issue 40: the photo of a member who blurs hers and has not liked this one back.
    blurredFor(
      db,
      me,
      rows.map((r) => r.userId),
    ),
  ]);
  return rows.map((r) => ({
    matchId: r.matchId,
    member: {
      userId: r.userId,
      firstName: r.firstName,
      lastInitial: r.lastName ? `${r.lastName.charAt(0).toLocaleUpperCase("fr")}.` : "",
      photo: r.photo
        ? blurred.has(r.userId)
          ? blurredPhotoDto(r.photo, storage)
          : photoDto(r.photo, storage, renditions.get(r.photo))
        : null,
      profileVerified: r.profileVerified === true,
      presence: presenceOf(r.activeAt),
      gender: r.gender,
    },
    lastMessage:
      r.content !== null && r.senderId !== null && r.sentAt !== null
        ? { content: preview(r.content), senderId: r.senderId, createdAt: iso(r.sentAt) }
        : null,
    unread: r.unread,
    isNew: !r.opened,
    likedBy: r.likedBy,
    request: r.request,
    requestSent: r.requestSent,
    lastActivityAt: iso(r.activity),
    cardSharedAt: r.cardSharedAt === null ? null : iso(r.cardSharedAt),
  }));
}

/** The member's accepted matches whose other member is visible (`m`, `p`, `u`): the counts' rows. */
const MY_VISIBLE_MATCHES = (me: Me) => sql`FROM matches m
  JOIN profiles p ON p.user_id = ${OTHER(me)}
  JOIN "user" u ON u.id = p.user_id
  WHERE (m.user1_id = ${me} OR m.user2_id = ${me}) AND m.status = 'accepted' AND ${VISIBLE}`;
// A message waiting on its sender's quiet hold (issue 36) is not delivered yet: not unread either.
const UNREAD_FROM_OTHER = (me: Me) => sql`EXISTS (SELECT 1 FROM messages x
  WHERE x.match_id = m.id AND x.sender_id <> ${me} AND x.read_at IS NULL AND x.shield IS DISTINCT FROM 'waiting')`;

export async function navCounts(db: Db, me: string): Promise<NavCountsDto> {
  const [row] = await queryRows(
    db,
    z.strictObject({ matches: z.number().int(), messages: z.number().int() }),
    sql`SELECT
        count(*) FILTER (WHERE NOT ${OPENED(me)})::int AS matches,
        count(*) FILTER (WHERE ${UNREAD_FROM_OTHER(me)})::int AS messages
      ${MY_VISIBLE_MATCHES(me)}`,
  );
  return row ?? { matches: 0, messages: 0 };
}

/** navCounts' `messages` as a scalar subquery, for a statement that reads it with other things. */
export const unreadConversationsCount = (me: Me) =>
  sql`(SELECT count(*)::int ${MY_VISIBLE_MATCHES(me)} AND ${UNREAD_FROM_OTHER(me)})`;
