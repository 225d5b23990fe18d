// Who may read and write in a conversation: the two members of an accepted match, while the other
// member is still visible (not banned). A match of other members, or an invented id, is a 404 so
// that nobody learns it exists; a removed match is closed (403) for its own members.
import { MESSAGE_MSG } from "@domain/messaging.ts";
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import { AppError } from "../../http/errors.ts";
import { matchNotFound } from "../matches/matches.service.ts";
import { VISIBLE } from "../members/public-profile.ts";
import { blockedBetween } from "../safety/blocks.service.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const conversationClosed = () => new AppError(403, "CONVERSATION_CLOSED", MESSAGE_MSG.CLOSED);

export interface Conversation {
  matchId: string;
  otherId: string;
  /** Whether this member has opened the conversation before. */
  opened: boolean;
}

/**
 * Checks the member's access to a match's conversation. `lock` (inside a transaction) holds the
 * match row until commit, so it cannot be removed between this check and a message insert. It is
 * the lock the transaction's own update of the row takes (NO KEY UPDATE): two members writing at
 * the same moment queue on it, where two share locks upgraded in turn would deadlock. `extra`
 * adds columns to the same statement (the send's spam counts), saving a round trip.
 */
export async function openConversation<Extra extends object = object>(
  db: Db,
  userId: string,
  matchId: string,
  opts: { lock?: boolean; extra?: SQL } = {},
): Promise<Conversation & Extra> {
  if (!UUID.test(matchId)) throw matchNotFound();
  const [row] = await queryRows<
    { status: string; otherId: string; visible: boolean | null; opened: boolean } & Extra
  >(
    db,
    sql`SELECT m.status, ${opts.extra ? sql`${opts.extra},` : sql``}
        (CASE WHEN m.user1_id = ${userId} THEN m.user1_opened_at ELSE m.user2_opened_at END) IS NOT NULL AS opened,
        CASE WHEN m.user1_id = ${userId} THEN m.user2_id ELSE m.user1_id END AS "otherId",
        (SELECT ${VISIBLE} AND NOT ${blockedBetween(sql`${userId}::text`, sql`p.user_id`)}
          FROM profiles p JOIN "user" u ON u.id = p.user_id
          WHERE p.user_id = CASE WHEN m.user1_id = ${userId} THEN m.user2_id ELSE m.user1_id END) AS visible
      FROM matches m
      WHERE m.id = ${matchId}::uuid AND (m.user1_id = ${userId} OR m.user2_id = ${userId})
      ${opts.lock ? sql`FOR NO KEY UPDATE OF m` : sql``}`,
  );
  if (!row) throw matchNotFound();
  if (row.status !== "accepted" || !row.visible) throw conversationClosed();
  const { status: _status, visible: _visible, ...rest } = row;
  return { ...rest, matchId } as unknown as Conversation & Extra;
}
