// What a push says: built when the job runs, from the database as it is then (a message read in the
// meantime is not announced; several of one conversation become « 3 nouveaux messages »).

import { NOTIFICATION_LIMITS, type PushPayload } from "@domain/notifications.ts";
import { SHIELD_MSG } from "@domain/shield/shield.ts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/client.ts";
import { uuid } from "../../platform/db/row-schemas.ts";
import { hasLiked } from "../likes/index.ts";
import { receivedText, unreadConversationsCount } from "../messages/index.ts";
import { blockedBetween } from "../safety/index.ts";
import { OTHER_VISIBLE, RECIPIENT_ACTIVE } from "./audience.ts";
import { inQuietHours, parseStored, wants } from "./preferences.ts";
import { DEVICES, devicesColumn, type StoredSubscription } from "./push.ts";

export function excerpt(text: string, max: number = NOTIFICATION_LIMITS.EXCERPT_CHARS): string {
  const flat = [...text.replace(/\s+/g, " ").trim()];
  return flat.length > max ? `${flat.slice(0, max - 1).join("")}…` : flat.join("");
}

/** « Notifications discrètes » (issue 40): what a push says without a name or an excerpt. */
export const NEUTRAL_PUSH = {
  message: { kind: "message", title: "Passerelle", body: "Nouveau message" },
  call: { kind: "call", title: "Passerelle", body: "Appel entrant : ouvrez l’application pour répondre." },
  match: { kind: "match", title: "Passerelle", body: "Nouvelle activité" },
} as const;

export const conversationUrl = (matchId: string) => `/messages?match=${encodeURIComponent(matchId)}`;

const conversationState = z.strictObject({
  recipientId: z.string(),
  matchId: uuid,
  name: z.string(),
  unread: z.number().int(),
  latest: z.string().nullable(),
  /** Conversations with an unread message: the app badge's count. */
  unreadConversations: z.number().int(),
  /** Whether the recipient has liked the other member: a J'aime received, or a match of both. */
  likedThem: z.boolean(),
  /** The recipient's stored preferences (null: the defaults; parseStored reads any JSON). */
  preferences: z.unknown(),
  /** The recipient's push subscriptions. */
  subscriptions: devicesColumn,
  /** « Notifications discrètes » (issue 40): no name and no excerpt. */
  neutral: z.boolean(),
});
type ConversationState = z.output<typeof conversationState>;

export interface ConversationKey {
  recipientId: string;
  matchId: string;
}

const keyOf = (k: ConversationKey) => `${k.recipientId}:${k.matchId}`;

/**
 * For each (recipient, conversation), its unread messages and the recipient's devices, in one
 * statement for a whole batch of jobs; absent when nothing may be said (a block, a ban, a hidden
 * member, a match undone).
 */
async function conversationStates(
  db: Db,
  keys: readonly ConversationKey[],
): Promise<Map<string, ConversationState>> {
  if (keys.length === 0) return new Map();
  const me = sql`j.recipient_id`;
  const rows = await queryRows(
    db,
    conversationState,
    sql`SELECT j.recipient_id AS "recipientId", m.id AS "matchId", op.first_name AS name, s.preferences,
        ${DEVICES} AS subscriptions,
        (SELECT count(*)::int FROM messages x WHERE x.match_id = m.id AND x.sender_id = op.user_id
          AND x.read_at IS NULL AND x.shield IS DISTINCT FROM 'waiting') AS unread,
        -- As the recipient would read it (issue 36): a held message's text is never in a notification.
        (SELECT ${receivedText(SHIELD_MSG.HELD_NOTIFICATION)}
          FROM messages x WHERE x.match_id = m.id AND x.sender_id = op.user_id
          AND x.read_at IS NULL AND x.shield IS DISTINCT FROM 'waiting' ORDER BY x.created_at DESC LIMIT 1) AS latest,
        ${unreadConversationsCount(me)} AS "unreadConversations",
        ${hasLiked(me, sql`op.user_id`)} AS "likedThem",
        coalesce((SELECT neutral_notifications FROM profiles WHERE user_id = j.recipient_id), false) AS neutral
      FROM unnest(${sql.param(keys.map((k) => k.recipientId))}::text[],
          ${sql.param(keys.map((k) => k.matchId))}::uuid[]) AS j(recipient_id, match_id)
      JOIN matches m ON m.id = j.match_id
      JOIN "user" u ON u.id = j.recipient_id
      LEFT JOIN notification_settings s ON s.user_id = u.id
      JOIN profiles op ON op.user_id = CASE WHEN m.user1_id = j.recipient_id THEN m.user2_id ELSE m.user1_id END
      JOIN "user" ou ON ou.id = op.user_id
      WHERE m.status = 'accepted' AND j.recipient_id IN (m.user1_id, m.user2_id)
        AND ${RECIPIENT_ACTIVE} AND ${OTHER_VISIBLE}
        AND NOT ${blockedBetween(me, sql`op.user_id`)}`,
  );
  return new Map(rows.map((r) => [keyOf(r), r]));
}

export interface MessagePush {
  payload: PushPayload;
  subscriptions: StoredSubscription[];
}

/**
 * Messages' pushes, with the devices to send them to and the badge's count, in one statement for a
 * batch of jobs: the path every message takes. A job gets null when nothing is to be sent — no
 * device, preferences, quiet hours, read meanwhile, a block.
 */
export async function messagePushes(
  db: Db,
  keys: readonly ConversationKey[],
): Promise<(MessagePush | null)[]> {
  const states = await conversationStates(db, keys);
  return keys.map((k) => {
    const state = states.get(keyOf(k));
    if (!state || state.subscriptions.length === 0 || state.unread === 0 || state.latest === null)
      return null;
    const prefs = parseStored(state.preferences);
    if (!wants(prefs, "push", "messages") || inQuietHours(prefs)) return null;
    if (state.neutral)
      return {
        payload: {
          ...NEUTRAL_PUSH.message,
          url: conversationUrl(state.matchId),
          tag: `conversation-${state.matchId}`,
          unread: state.unreadConversations,
        },
        subscriptions: state.subscriptions,
      };
    return {
      payload: {
        kind: "message",
        title: state.name,
        body:
          state.unread === 1
            ? excerpt(state.latest)
            : state.latest === SHIELD_MSG.HELD_NOTIFICATION
              ? `${state.unread} nouveaux messages · ${state.latest}`
              : `${state.unread} nouveaux messages · « ${excerpt(state.latest, 80)} »`,
        url: conversationUrl(state.matchId),
        tag: `conversation-${state.matchId}`,
        unread: state.unreadConversations,
      },
      subscriptions: state.subscriptions,
    };
  });
}

/** « Awa vous appelle »: only while the call still rings (the job may run late). */
export async function callPush(
  db: Db,
  recipientId: string,
  matchId: string,
  callId: string,
  video: boolean,
): Promise<PushPayload | null> {
  const [ringing] = await queryRows(
    db,
    z.strictObject({ ringing: z.boolean() }),
    sql`SELECT ended_at IS NULL AND answered_at IS NULL AND ring_expires_at > now() AS ringing
      FROM calls WHERE id = ${callId}::uuid AND callee_id = ${recipientId}`,
  );
  if (!ringing?.ringing) return null;
  const state = (await conversationStates(db, [{ recipientId, matchId }])).get(
    keyOf({ recipientId, matchId }),
  );
  if (!state) return null;
  if (state.neutral) return { ...NEUTRAL_PUSH.call, url: conversationUrl(matchId), tag: `call-${callId}` };
  return {
    kind: "call",
    title: `${state.name} vous appelle`,
    body: `${video ? "Appel vidéo" : "Appel vocal"} : ouvrez Passerelle pour répondre.`,
    url: conversationUrl(matchId),
    tag: `call-${callId}`,
  };
}

export async function matchPush(db: Db, recipientId: string, matchId: string): Promise<PushPayload | null> {
  const state = (await conversationStates(db, [{ recipientId, matchId }])).get(
    keyOf({ recipientId, matchId }),
  );
  if (!state) return null;
  if (state.neutral) return { ...NEUTRAL_PUSH.match, url: conversationUrl(matchId), tag: `match-${matchId}` };
  // Said after what each side did: a J'aime received is not a match until the recipient likes back.
  return {
    kind: "match",
    ...(state.likedThem
      ? {
          title: "C’est un match !",
          body: `${state.name} a aimé votre profil en retour. Écrivez-lui !`,
        }
      : {
          title: `${state.name} vous a envoyé un J’aime`,
          body: "Votre conversation est ouverte : répondez-lui, ou passez si ce n’est pas pour vous.",
        }),
    url: conversationUrl(matchId),
    tag: `match-${matchId}`,
  };
}

/** Issue 40: « Awa a partagé votre profil avec un proche » (their match shared the member's card). */
export async function sharedPush(db: Db, recipientId: string, matchId: string): Promise<PushPayload | null> {
  const state = (await conversationStates(db, [{ recipientId, matchId }])).get(
    keyOf({ recipientId, matchId }),
  );
  if (!state) return null;
  if (state.neutral)
    return { ...NEUTRAL_PUSH.match, url: conversationUrl(matchId), tag: `shared-${matchId}` };
  return {
    kind: "match",
    title: `${state.name} a partagé votre profil avec un proche`,
    body: "Comme Passerelle le conseille avant un rendez-vous : rien d’autre que votre carte publique.",
    url: conversationUrl(matchId),
    tag: `shared-${matchId}`,
  };
}
