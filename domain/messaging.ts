// Conversations (SPEC §3, §7, §9): messages inside an accepted match, their limits and the events
// that carry them to the member's open pages in real time.

import type { CallOutcome } from "./calls.ts";
import { MESSAGES_PAGE_SIZE } from "./constants.ts";
import type { CallDto } from "./responses/calls.ts";
import type { MessageDto } from "./responses/messaging.ts";
import { cleanParagraphs } from "./text.ts";

export const MESSAGE_MAX_LENGTH = 2000;
/** Characters of the last message shown in the conversation list. */
export const MESSAGE_PREVIEW_LENGTH = 120;
export { MESSAGES_PAGE_SIZE };

export const MESSAGE_MSG = {
  BEFORE_OR_AFTER: "Utilisez soit «\u00a0before\u00a0», soit «\u00a0after\u00a0», pas les deux",
  EMPTY: "Votre message est vide",
  TOO_LONG: `Votre message ne doit pas dépasser ${new Intl.NumberFormat("fr-FR").format(MESSAGE_MAX_LENGTH)} caractères`,
  NOT_TEXT: "Le message doit être un texte",
  CLOSED: "Cette conversation est fermée : le match a été retiré",
  TOO_FAST: "Vous envoyez des messages trop rapidement. Patientez une minute avant de réessayer.",
  TOO_MANY_NEW:
    "Vous avez commencé beaucoup de nouvelles conversations aujourd’hui. Vous pourrez en commencer d’autres demain.",
  CURSOR: "Le curseur de pagination est invalide",
  VERIFIED_ONLY: (firstName: string) =>
    `${firstName || "Ce membre"} ne reçoit de messages que de membres au profil vérifié\u00a0: vérifiez votre profil pour lui écrire.`,
} as const;

/** Length as the database counts it (code points), so an emoji counts once. */
export function messageLength(text: string): number {
  return [...text].length;
}

/** Normalises a message as every typed text is (domain/text.ts): NFC, nothing invisible, trimmed. */
export const cleanMessage = cleanParagraphs;

// Responses (messages, conversations, the navigation counts): described by their schemas in
// responses/messaging.ts, re-exported as types only (see responses/scalars.ts).
export type {
  ConversationDto,
  ConversationMemberDto,
  MessageDto,
  MessagePageDto,
  NavCountsDto,
} from "./responses/messaging.ts";

/** What the server pushes to a member's open pages (Server-Sent Events, event name = type). */
export type RealtimeEvent =
  | { type: "message.created"; message: MessageDto }
  | { type: "messages.read"; matchId: string; readerId: string; readAt: string }
  | { type: "match.accepted"; matchId: string }
  | { type: "match.removed"; matchId: string }
  | { type: "message.deleted"; matchId: string; messageId: string }
  /** The other member is typing in this conversation (issue 17): shown for TYPING.SHOWN_SECONDS. */
  | { type: "typing"; matchId: string; userId: string }
  /** A call rings (issue 38): every page of the callee shows it; the offer is read with GET /api/calls/:id. */
  | { type: "call.ringing"; call: CallDto }
  /** The callee took it (on one of their devices): the caller reads the answer, other devices stop ringing. */
  | { type: "call.answered"; callId: string; matchId: string }
  /** It ended: hung up, declined, rang out, or a block, « Retirer » or a ban. Both pages close it. */
  | { type: "call.ended"; callId: string; matchId: string; outcome: CallOutcome };

/** The typing indicator's rhythm: sent at most every SEND_SECONDS, shown until SHOWN_SECONDS pass. */
export const TYPING = { SEND_SECONDS: 3, SHOWN_SECONDS: 6 } as const;

export const REALTIME_EVENT_TYPES = [
  "message.created",
  "messages.read",
  "match.accepted",
  "match.removed",
  "typing",
  "call.ringing",
  "call.answered",
  "call.ended",
] as const;

/**
 * The `after` cursor for « everything newer than this message ». Built from the millisecond
 * timestamp, it may also return that message itself (microseconds are dropped): clients merge by id.
 */
export function afterCursor(m: Pick<MessageDto, "id" | "createdAt">): string {
  return `${Date.parse(m.createdAt) * 1000}_${m.id}`;
}
