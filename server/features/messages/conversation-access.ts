// Who may read and write in a conversation: the two members of an accepted match, while the other
// member is still visible (not banned). A match of other members, or an invented id, is a 404 so
// that nobody learns it exists; a removed match is closed (403) for its own members.

import { MSG } from "@domain/messages.ts";
import { MESSAGE_MSG } from "@domain/messaging.ts";
import { UUID } from "@domain/uuid.ts";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/client.ts";
import { matchStatusEnum } from "../../platform/db/schema/index.ts";
import { AppError } from "../../platform/http/errors.ts";
import { VISIBLE } from "../members/index.ts";
import { blockedBetween } from "../safety/index.ts";

/** A match that is not one of the member's (or does not exist): the same 404 either way. */
export const matchNotFound = () => new AppError(404, "MATCH_NOT_FOUND", MSG.MATCH_NOT_FOUND);

export const conversationClosed = () => new AppError(403, "CONVERSATION_CLOSED", MESSAGE_MSG.CLOSED);

export interface Conversation {
  matchId: string;
  otherId: string;
  /** Whether this member has opened the conversation before. */
  opened: boolean;
}

/** The columns conversationQuery reads; a caller's `extra` columns extend it. */
export const conversationRow = z.strictObject({
  status: z.enum(matchStatusEnum.enumValues),
  otherId: z.string(),
  /** The other member is visible and not blocked either way (null: their profile is gone). */
  visible: z.boolean().nullable(),
  /** Whether this member has opened the conversation before. */
  opened: z.boolean(),
});
type ConversationRow = z.output<typeof conversationRow>;

/**
 * The statement that checks the member's access to a match's conversation (see openConversation).
 * `lock` (inside a transaction) holds the match row until commit, so it cannot be removed between
 * this check and a message insert. It is the lock the transaction's own update of the row takes
 * (NO KEY UPDATE): two members writing at the same moment queue on it, where two share locks
 * upgraded in turn would deadlock. `extra` adds columns to the same statement (the send's spam
 * counts), saving a round trip; the caller's row schema extends conversationRow with them.
 */
export function conversationQuery(
  userId: string,
  matchId: string,
  opts: { lock?: boolean; extra?: SQL } = {},
): SQL {
  if (!UUID.test(matchId)) throw matchNotFound();
  return sql`SELECT m.status, ${opts.extra ? sql`${opts.extra},` : sql``}
      (CASE WHEN m.user1_id = ${userId} THEN m.user1_opened_at ELSE m.user2_opened_at END) IS NOT NULL AS opened,
      CASE WHEN m.user1_id = ${userId} THEN m.user2_id ELSE m.user1_id END AS "otherId",
      (SELECT ${VISIBLE} AND NOT ${blockedBetween(sql`${userId}::text`, sql`p.user_id`)}
        FROM profiles p JOIN "user" u ON u.id = p.user_id
        WHERE p.user_id = CASE WHEN m.user1_id = ${userId} THEN m.user2_id ELSE m.user1_id END) AS visible
    FROM matches m
    WHERE m.id = ${matchId}::uuid AND (m.user1_id = ${userId} OR m.user2_id = ${userId})
    ${opts.lock ? sql`FOR NO KEY UPDATE OF m` : sql``}`;
}

/** conversationQuery's row when the member may read and write: a 404 without one, a 403 when closed. */
export function allowedConversation<Row extends ConversationRow>(row: Row | undefined): Row {
  if (!row) throw matchNotFound();
  if (row.status !== "accepted" || !row.visible) throw conversationClosed();
  return row;
}

/** Checks the member's access to a match's conversation (see conversationQuery). */
export async function openConversation(
  db: Db,
  userId: string,
  matchId: string,
  opts: { lock?: boolean } = {},
): Promise<Conversation> {
  const [row] = await queryRows(db, conversationRow, conversationQuery(userId, matchId, opts));
  const { otherId, opened } = allowedConversation(row);
  return { matchId, otherId, opened };
}
