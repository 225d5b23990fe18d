// A call's entry in its conversation (issue 38), written once when the call ends, as a message from
// the caller with no text: « Appel vocal · 3 min », « Appel vidéo manqué »… (domain/calls.ts). An
// unanswered call is unread for the callee and goes through « message.sent » like a message, so it
// is pushed and counted; a call both members took part in (or that the callee declined) is read.
import type { CallOutcome } from "@domain/calls.ts";
import { messageSent } from "@domain/events.ts";
import type { MessageDto } from "@domain/messaging.ts";
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";
import { messages } from "../../platform/db/schema/index.ts";
import type { Record } from "../../platform/events/domain-events.ts";
import { toMessageDto } from "./messages.service.ts";

export interface CallEnd {
  callId: string;
  matchId: string;
  callerId: string;
  calleeId: string;
  outcome: CallOutcome;
  video: boolean;
  /** How long it lasted once answered; null when it never was. */
  durationMs: number | null;
}

/** The entry as each member sees it, for their open pages; null when it was written already. */
export interface CallEntry {
  caller: MessageDto;
  callee: MessageDto;
  /** Recorded as « message.sent » (pushed, counted unread): the pages are told by its reaction. */
  announced: boolean;
}

export async function writeCallEntry(tx: Db, record: Record, end: CallEnd): Promise<CallEntry | null> {
  const unread = end.outcome === "missed" || end.outcome === "cancelled";
  const [row] = await tx
    .insert(messages)
    .values({
      matchId: end.matchId,
      senderId: end.callerId,
      content: "",
      callId: end.callId,
      callOutcome: end.outcome,
      callVideo: end.video,
      callMs: end.durationMs,
      readAt: unread ? null : sql`now()`,
    })
    .onConflictDoNothing({ target: messages.callId })
    .returning();
  if (!row) return null;
  const caller = toMessageDto(row, end.callerId);
  const callee = toMessageDto(row, end.calleeId);
  if (unread)
    await record(messageSent, {
      message: caller,
      recipientId: end.calleeId,
      opening: false,
      request: false,
      delivered: callee,
      shield: null,
    });
  return { caller, callee, announced: unread };
}
