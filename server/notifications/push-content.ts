// What a push says: built when the job runs, from the database as it is then (a message read in the
// meantime is not announced; several of one conversation become « 3 nouveaux messages »).
import { NOTIFICATION_LIMITS, type PushPayload } from "@domain/notifications.ts";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client.ts";
import { navCounts } from "../features/messages/conversations.service.ts";
import { blockedBetween } from "../features/safety/blocks.service.ts";
import { OTHER_VISIBLE, RECIPIENT_ACTIVE } from "./audience.ts";
import { inQuietHours, parseStored, wants } from "./preferences.ts";
import { DEVICES, type StoredSubscription } from "./push.ts";

export function excerpt(text: string, max: number = NOTIFICATION_LIMITS.EXCERPT_CHARS): string {
  const flat = [...text.replace(/\s+/g, " ").trim()];
  return flat.length > max ? `${flat.slice(0, max - 1).join("")}…` : flat.join("");
}

export const conversationUrl = (matchId: string) => `/messages?match=${encodeURIComponent(matchId)}`;

interface ConversationState {
  name: string;
  unread: number;
  latest: string | null;
  /** The recipient's stored preferences (null: the defaults) and push subscriptions. */
  preferences: unknown;
  subscriptions: StoredSubscription[];
}

/** The unread messages of one conversation for its recipient, or null when nothing may be said. */
async function conversationState(db: Db, recipientId: string, matchId: string) {
  const [row] = await queryRows<ConversationState>(
    db,
    sql`SELECT op.first_name AS name, s.preferences, ${DEVICES} AS subscriptions,
        (SELECT count(*)::int FROM messages x WHERE x.match_id = m.id AND x.sender_id = op.user_id
          AND x.read_at IS NULL) AS unread,
        (SELECT x.content FROM messages x WHERE x.match_id = m.id AND x.sender_id = op.user_id
          AND x.read_at IS NULL ORDER BY x.created_at DESC LIMIT 1) AS latest
      FROM matches m
      JOIN "user" u ON u.id = ${recipientId}
      LEFT JOIN notification_settings s ON s.user_id = u.id
      JOIN profiles op ON op.user_id = CASE WHEN m.user1_id = ${recipientId} THEN m.user2_id ELSE m.user1_id END
      JOIN "user" ou ON ou.id = op.user_id
      WHERE m.id = ${matchId}::uuid AND m.status = 'accepted'
        AND ${recipientId} IN (m.user1_id, m.user2_id)
        AND ${RECIPIENT_ACTIVE} AND ${OTHER_VISIBLE}
        AND NOT ${blockedBetween(sql`${recipientId}`, sql`op.user_id`)}`,
  );
  return row ?? null;
}

/**
 * A message's push, with the devices to send it to, in one statement (plus the badge's count when
 * there is something to send): the path every message takes. Null when nothing is to be sent —
 * no device, preferences, quiet hours, read meanwhile, a block.
 */
export async function messagePush(
  db: Db,
  recipientId: string,
  matchId: string,
): Promise<{ payload: PushPayload; subscriptions: StoredSubscription[] } | null> {
  const state = await conversationState(db, recipientId, matchId);
  if (!state || state.subscriptions.length === 0 || state.unread === 0 || state.latest === null) return null;
  const prefs = parseStored(state.preferences);
  if (!wants(prefs, "push", "messages") || inQuietHours(prefs)) return null;
  const { messages: unread } = await navCounts(db, recipientId);
  const payload: PushPayload = {
    kind: "message",
    title: state.name,
    body:
      state.unread === 1
        ? excerpt(state.latest)
        : `${state.unread} nouveaux messages · « ${excerpt(state.latest, 80)} »`,
    url: conversationUrl(matchId),
    tag: `conversation-${matchId}`,
    unread,
  };
  return { payload, subscriptions: state.subscriptions };
}

export async function matchPush(db: Db, recipientId: string, matchId: string): Promise<PushPayload | null> {
  const state = await conversationState(db, recipientId, matchId);
  if (!state) return null;
  return {
    kind: "match",
    title: "C'est un match !",
    body: `${state.name} vous plaît aussi. Écrivez-lui le premier message.`,
    url: conversationUrl(matchId),
    tag: `match-${matchId}`,
  };
}
