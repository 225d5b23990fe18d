// Messages (SPEC §3, §7): insert (match_id, sender_id, content) inside an accepted match of the
// sender, select by match newest first, 50 per page (§9), mark read. Spam limits are counted on the
// messages table itself, under a per-sender advisory lock, so they hold across API instances.

import { CALL_OUTCOMES, type CallOutcome } from "@domain/calls.ts";
import { messageSent } from "@domain/events.ts";
import { MSG } from "@domain/messages.ts";
import { MESSAGE_MSG, MESSAGES_PAGE_SIZE, type MessageDto, type MessagePageDto } from "@domain/messaging.ts";
import { SHIELD_MSG } from "@domain/shield/shield.ts";
import { UUID } from "@domain/uuid.ts";
import { decodePeaks, VOICE_MSG } from "@domain/voice.ts";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/client.ts";
import { lockMember } from "../../platform/db/member-lock.ts";
import { microsText, timestampText, uuid } from "../../platform/db/row-schemas.ts";
import { messages } from "../../platform/db/schema/index.ts";
import type { DomainEvents } from "../../platform/events/domain-events.ts";
import { AppError, unauthenticated } from "../../platform/http/errors.ts";
import type { Logger } from "../../platform/logger.ts";
import type { StoredVoice } from "../../platform/media/voice-upload.ts";
import { notify } from "../../platform/realtime/notify.ts";
import { birthDateUnconfirmed } from "../members/index.ts";
import { allowance, screenOutgoing, shieldSettingsOrDefault } from "../shield/index.ts";
import {
  allowedConversation,
  conversationQuery,
  conversationRow,
  openConversation,
} from "./conversation-access.ts";
import { requestFor, wouldBeRequest } from "./message-requests.ts";

export interface MessageLimits {
  perMinute: number;
  newConversationsPerDay: number;
}

/** A COLUMNS row. */
const messageRow = z.strictObject({
  id: uuid,
  matchId: uuid,
  senderId: z.string(),
  content: z.string(),
  createdAt: timestampText,
  readAt: timestampText.nullable(),
  shield: z.enum(["held", "waiting"]).nullable(),
  revealedAt: timestampText.nullable(),
  maskedContent: z.string().nullable(),
  voiceMs: z.number().int().nullable(),
  voicePeaks: z.string().nullable(),
  callOutcome: z.enum(CALL_OUTCOMES).nullable(),
  callVideo: z.boolean().nullable(),
  callMs: z.number().int().nullable(),
  /** Microseconds since 1970, for cursors. */
  us: microsText,
});
type MessageRow = z.output<typeof messageRow>;

const COLUMNS = sql`id, match_id AS "matchId", sender_id AS "senderId", content, created_at AS "createdAt",
  read_at AS "readAt", shield, revealed_at AS "revealedAt", masked_content AS "maskedContent",
  voice_ms AS "voiceMs", voice_peaks AS "voicePeaks",
  call_outcome AS "callOutcome", call_video AS "callVideo", call_ms AS "callMs",
  ((extract(epoch FROM created_at) * 1000000)::bigint)::text AS us`;
const EPOCH = sql`timestamptz '1970-01-01 00:00:00+00'`;
const CURSOR = /^(\d{1,17})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

const iso = (v: Date | string) => new Date(v).toISOString();

/** A message from the builder (timestamps as Date) or a MessageRow (timestamps as text). */
type MessageFields = Pick<
  MessageRow,
  | "id"
  | "matchId"
  | "senderId"
  | "content"
  | "maskedContent"
  | "voiceMs"
  | "voicePeaks"
  | "callMs"
  | "callVideo"
> & {
  callOutcome: string | null;
  createdAt: Date | string;
  readAt: Date | string | null;
  shield: string | null;
  revealedAt: Date | string | null;
};

/**
 * The message as `viewer` sees it (Bouclier, issue 36): the sender sees what they wrote; the
 * recipient sees numbers and handles masked, and a held message's text only once they chose to.
 */
export function toMessageDto(r: MessageFields, viewer: string): MessageDto {
  const mine = r.senderId === viewer;
  const held = !mine && r.shield === "held" && r.revealedAt === null;
  return {
    id: r.id,
    matchId: r.matchId,
    senderId: r.senderId,
    content: mine ? r.content : held ? "" : (r.maskedContent ?? r.content),
    createdAt: iso(r.createdAt),
    readAt: r.readAt === null ? null : iso(r.readAt),
    held,
    masked: r.maskedContent !== null,
    // A held voice message is heard, like a held text is read, only once the recipient chose to.
    voice:
      r.voiceMs === null || held ? null : { durationMs: r.voiceMs, peaks: decodePeaks(r.voicePeaks ?? "") },
    call:
      r.callOutcome === null
        ? null
        : {
            outcome: r.callOutcome as CallOutcome,
            video: r.callVideo ?? false,
            durationMs: r.callMs,
          },
  };
}

/** What a recipient may see of the messages (alias `x`): not those waiting on the sender's hold. */
export const deliveredTo = (viewer: SQL | string) =>
  sql`(x.shield IS DISTINCT FROM 'waiting' OR x.sender_id = ${viewer})`;

const cursorOf = (r: MessageRow) => `${r.us}_${r.id}`;

function parseCursor(value: string): { us: string; id: string } {
  const m = CURSOR.exec(value);
  if (!m) throw new AppError(400, "VALIDATION_ERROR", MESSAGE_MSG.CURSOR, { cursor: MESSAGE_MSG.CURSOR });
  return { us: m[1]!, id: m[2]! };
}

/** What a member sends: a text, or a voice recording. */
export type OutgoingBody =
  | { content: string; voice?: undefined }
  | { content?: undefined; voice: StoredVoice };

/** The message sent, and whether this request made it (false: a retry with the same idempotency key). */
export interface SentMessage {
  message: MessageDto;
  created: boolean;
}

/** A message the sender already sent with this idempotency key, in this match (else a 409). */
async function earlierSend(tx: Db, senderId: string, matchId: string, clientKey: string) {
  const [earlier] = await tx
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientKey, clientKey)));
  if (earlier && earlier.matchId !== matchId)
    throw new AppError(409, "IDEMPOTENCY_KEY_REUSED", VOICE_MSG.KEY_REUSED);
  return earlier ?? null;
}

/** The message the sender already sent with this key, if any (a cheap first look before an upload). */
export async function earlierMessage(
  db: Db,
  senderId: string,
  matchId: string,
  clientKey: string | null,
): Promise<MessageDto | null> {
  const earlier = clientKey ? await earlierSend(db, senderId, matchId, clientKey) : null;
  return earlier && toMessageDto(earlier, senderId);
}

/**
 * The file of a voice message the member may hear (issue 37): in a conversation they may read, sent
 * or delivered to them, and, when the shield held it, revealed. Anything else is the same 404.
 */
export async function voiceFileOf(
  db: Db,
  userId: string,
  matchId: string,
  messageId: string,
): Promise<{ key: string; type: string }> {
  await openConversation(db, userId, matchId);
  const notFound = new AppError(404, "VOICE_NOT_FOUND", VOICE_MSG.NOT_FOUND);
  if (!UUID.test(messageId)) throw notFound;
  const [row] = await queryRows(
    db,
    z.strictObject({ key: z.string(), type: z.string() }),
    sql`SELECT voice_key AS key, voice_type AS type FROM messages x
      WHERE x.id = ${messageId}::uuid AND x.match_id = ${matchId}::uuid AND x.voice_key IS NOT NULL
        AND ${deliveredTo(userId)}
        AND NOT (x.sender_id <> ${userId} AND x.shield IS NOT DISTINCT FROM 'held' AND x.revealed_at IS NULL)`,
  );
  if (!row) throw notFound;
  return row;
}

/**
 * Sends a message in one of the sender's matches. `sender` is their profile as the request loaded
 * it: a member whose birth date is still the default cannot write (docs/decisions/0010). Records
 * « message.sent » in the message's transaction: notifications, safety and the live screens react.
 */
export async function sendMessage(
  deps: { events: DomainEvents; logger: Logger; database: { db: Db } },
  db: Db,
  limits: MessageLimits,
  sender: { userId: string; birthDateConfirmed: boolean },
  matchId: string,
  body: OutgoingBody,
  clientKey: string | null = null,
): Promise<SentMessage> {
  const senderId = sender.userId;
  const content = body.content ?? "";
  if (!sender.birthDateConfirmed) throw birthDateUnconfirmed(MSG.BIRTH_DATE_UNCONFIRMED_MESSAGE);
  const settings = await shieldSettingsOrDefault(deps);
  return deps.events.transaction(db, async (tx, record) => {
    // The sender's account row first (server/platform/db/member-lock.ts): an account deleted meanwhile is a
    // signed-out request, never a deadlock with the deletion's cascade.
    if (!(await lockMember(tx, senderId))) throw unauthenticated();
    // One sender's messages are written one at a time, so two tabs cannot both pass the limits.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`messages:${senderId}`}))`);
    // A retry of a send that reached the server (issue 37): the message it made, never a second one.
    if (clientKey) {
      const earlier = await earlierSend(tx, senderId, matchId, clientKey);
      if (earlier) return { message: toMessageDto(earlier, senderId), created: false };
    }
    const [conversation] = await queryRows(
      tx,
      conversationRow.extend({
        lastMinute: z.number().int(),
        started: z.boolean(),
        newToday: z.number().int(),
      }),
      conversationQuery(senderId, matchId, {
        lock: true,
        extra: sql`(SELECT count(*) FROM messages WHERE sender_id = ${senderId}
            AND created_at > now() - interval '1 minute')::int AS "lastMinute",
          EXISTS (SELECT 1 FROM messages WHERE match_id = ${matchId}::uuid AND sender_id = ${senderId}) AS started,
          (SELECT count(DISTINCT x.match_id) FROM messages x
            WHERE x.sender_id = ${senderId} AND x.created_at > now() - interval '1 day'
              AND NOT EXISTS (SELECT 1 FROM messages y WHERE y.match_id = x.match_id
                AND y.sender_id = ${senderId} AND y.created_at <= now() - interval '1 day'))::int AS "newToday"`,
      }),
    );
    const { otherId, opened, lastMinute, started, newToday } = allowedConversation(conversation);
    // A member may receive messages only from members with « Profil vérifié » (issue 16). Read in the
    // same statement: whether the message is a request (issue 34).
    const [gate] = await queryRows(
      tx,
      z.strictObject({ closed: z.boolean(), request: z.boolean(), firstName: z.string() }),
      sql`SELECT r.messages_from_verified_only AND s.verified_at IS NULL AS closed, r.first_name AS "firstName",
          ${wouldBeRequest(otherId, senderId, sql`${matchId}::uuid`)} AS request
        FROM profiles r, profiles s WHERE r.user_id = ${otherId} AND s.user_id = ${senderId}`,
    );
    if (gate?.closed)
      throw new AppError(403, "RECIPIENT_VERIFIED_ONLY", MESSAGE_MSG.VERIFIED_ONLY(gate.firstName));
    if (lastMinute >= limits.perMinute) throw new AppError(429, "MESSAGE_RATE_LIMITED", MESSAGE_MSG.TOO_FAST);
    // Bouclier (issue 36): how the message is delivered, and the sender's trust level.
    const verdict = await screenOutgoing(tx, deps.logger, settings, {
      senderId,
      recipientId: otherId,
      matchId,
      content,
      started,
    });
    if (!started && newToday >= allowance(settings, verdict.trust, limits.newConversationsPerDay))
      throw new AppError(429, "NEW_CONVERSATIONS_LIMITED", SHIELD_MSG.ALLOWANCE_REACHED(verdict.trust));

    const { voice } = body;
    const [row] = await tx
      .insert(messages)
      .values({
        matchId,
        senderId,
        content,
        shield: verdict.shield,
        // A voice message has no words to mask.
        maskedContent: voice ? null : verdict.maskedContent,
        clientKey,
        ...(voice && {
          voiceKey: voice.key,
          voiceType: voice.type,
          voiceMs: voice.durationMs,
          voiceBytes: voice.bytes,
          voicePeaks: voice.peaks,
        }),
      })
      .returning();
    // Writing in a conversation is opening it.
    if (!opened) await markOpened(tx, senderId, matchId);
    const message = toMessageDto(row!, senderId);
    const { analysis } = verdict;
    await record(messageSent, {
      message,
      recipientId: otherId,
      opening: !started,
      request: gate?.request ?? false,
      delivered: verdict.shield === "waiting" ? null : toMessageDto(row!, otherId),
      shield: analysis && {
        held: verdict.shield === "held",
        masked: verdict.maskedContent !== null,
        offPlatform: analysis.contact.offPlatform,
        reasons: [...analysis.money.reasons, ...analysis.contact.reasons],
      },
    });
    return { message, created: true };
  });
}

/**
 * A page of the conversation, newest first: the latest 50, or the 50 before `before`. With
 * `after`, the messages newer than it (up to 200), to catch up after a lost connection.
 */
export async function listMessages(
  db: Db,
  userId: string,
  matchId: string,
  opts: { before?: string | undefined; after?: string | undefined },
): Promise<MessagePageDto> {
  await openConversation(db, userId, matchId);
  if (opts.before && opts.after) throw new AppError(400, "VALIDATION_ERROR", MESSAGE_MSG.BEFORE_OR_AFTER);
  if (opts.after) {
    const c = parseCursor(opts.after);
    const rows = await queryRows(
      db,
      messageRow,
      sql`SELECT ${COLUMNS} FROM messages x WHERE match_id = ${matchId}::uuid AND ${deliveredTo(userId)}
          AND (created_at, id) > (${EPOCH} + ${c.us}::bigint * interval '1 microsecond', ${c.id}::uuid)
        ORDER BY created_at, id LIMIT 200`,
    );
    return { data: rows.reverse().map((r) => toMessageDto(r, userId)), nextCursor: null };
  }
  const c = opts.before ? parseCursor(opts.before) : null;
  const rows = await queryRows(
    db,
    messageRow,
    sql`SELECT ${COLUMNS} FROM messages x WHERE match_id = ${matchId}::uuid AND ${deliveredTo(userId)}
        ${c ? sql`AND (created_at, id) < (${EPOCH} + ${c.us}::bigint * interval '1 microsecond', ${c.id}::uuid)` : sql``}
      ORDER BY created_at DESC, id DESC LIMIT ${MESSAGES_PAGE_SIZE + 1}`,
  );
  const page = rows.slice(0, MESSAGES_PAGE_SIZE);
  return {
    data: page.map((r) => toMessageDto(r, userId)),
    nextCursor: rows.length > MESSAGES_PAGE_SIZE ? cursorOf(page.at(-1)!) : null,
  };
}

/** One message by id, as `viewer` sees it (the event bus reads back messages too big for a notification). */
export async function findMessage(db: Db, id: string, viewer: string): Promise<MessageDto | null> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row ? toMessageDto(row, viewer) : null;
}

/** Records that the member opened the match's conversation; writes the row only the first time. */
async function markOpened(db: Db, userId: string, matchId: string): Promise<void> {
  await db.execute(sql`UPDATE matches SET
      user1_opened_at = CASE WHEN user1_id = ${userId} THEN coalesce(user1_opened_at, now()) ELSE user1_opened_at END,
      user2_opened_at = CASE WHEN user2_id = ${userId} THEN coalesce(user2_opened_at, now()) ELSE user2_opened_at END
    WHERE id = ${matchId}::uuid
      AND ((user1_id = ${userId} AND user1_opened_at IS NULL) OR (user2_id = ${userId} AND user2_opened_at IS NULL))`);
}

/**
 * Opens the conversation for the member: marks the other member's messages read (returns when, or
 * null when there was nothing unread; never for a request, issue 34) and the match as opened.
 */
export async function markRead(
  db: Db,
  userId: string,
  matchId: string,
): Promise<{ readAt: string | null; otherId: string }> {
  const { otherId, opened } = await openConversation(db, userId, matchId);
  const [row] = await queryRows(
    db,
    z.strictObject({ readAt: timestampText.nullable() }),
    sql`WITH read AS (
        UPDATE messages SET read_at = now()
        WHERE match_id = ${matchId}::uuid AND sender_id <> ${userId} AND read_at IS NULL
          -- A message waiting on its sender's quiet hold is not delivered yet (issue 36).
          AND shield IS DISTINCT FROM 'waiting'
          -- A request is read without a receipt (issue 34): accepting it is the answer.
          AND NOT ${requestFor(userId, otherId, sql`${matchId}::uuid`)}
        RETURNING read_at)
      SELECT max(read_at) AS "readAt" FROM read`,
  );
  if (!opened) await markOpened(db, userId, matchId);
  return { readAt: row?.readAt ? iso(row.readAt) : null, otherId };
}

/**
 * The recipient chose to read a message the shield held (issue 36): its text, from now on, for them.
 * Only the recipient, only a held message, only in a conversation they may read.
 */
export async function revealMessage(
  db: Db,
  userId: string,
  matchId: string,
  messageId: string,
): Promise<MessageDto> {
  await openConversation(db, userId, matchId);
  if (!UUID.test(messageId)) throw new AppError(404, "MESSAGE_NOT_FOUND", SHIELD_MSG.MESSAGE_NOT_FOUND);
  const received = sql`id = ${messageId}::uuid AND match_id = ${matchId}::uuid AND sender_id <> ${userId}
    AND ${deliveredTo(userId)}`;
  const [row] = await queryRows(
    db,
    messageRow,
    sql`UPDATE messages x SET revealed_at = coalesce(revealed_at, now())
      WHERE ${received} AND shield = 'held' RETURNING ${COLUMNS}`,
  );
  if (row) return toMessageDto(row, userId);
  const [other] = await queryRows(
    db,
    z.strictObject({ id: uuid }),
    sql`SELECT id FROM messages x WHERE ${received}`,
  );
  if (!other) throw new AppError(404, "MESSAGE_NOT_FOUND", SHIELD_MSG.MESSAGE_NOT_FOUND);
  throw new AppError(409, "MESSAGE_NOT_HELD", SHIELD_MSG.MESSAGE_NOT_HELD);
}

/**
 * Messages delivered late (the shield released their sender, issue 36) appear on their recipients'
 * open pages, each as its recipient sees it.
 */
export async function announceDelivered(
  deps: { database: { db: Db } } & Parameters<typeof notify>[0],
  delivered: readonly { id: string; recipientId: string }[],
): Promise<void> {
  for (const d of delivered) {
    const message = await findMessage(deps.database.db, d.id, d.recipientId);
    if (message) await notify(deps, [d.recipientId], { type: "message.created", message });
  }
}
