// Conversations (SPEC §3, §7, §9): messages inside an accepted match, their limits and the events
// that carry them to the member's open pages in real time.

import { type Gender, MESSAGES_PAGE_SIZE } from "./constants.ts";
import type { Presence } from "./presence.ts";
import type { PhotoDto } from "./profile.ts";
import { cleanParagraphs } from "./text.ts";

export const MESSAGE_MAX_LENGTH = 2000;
/** Characters of the last message shown in the conversation list. */
export const MESSAGE_PREVIEW_LENGTH = 120;
export { MESSAGES_PAGE_SIZE };

export const MESSAGE_MSG = {
  EMPTY: "Votre message est vide",
  TOO_LONG: `Votre message ne doit pas dépasser ${new Intl.NumberFormat("fr-FR").format(MESSAGE_MAX_LENGTH)} caractères`,
  NOT_TEXT: "Le message doit être un texte",
  CLOSED: "Cette conversation est fermée : le match a été retiré",
  TOO_FAST: "Vous envoyez des messages trop rapidement. Patientez une minute avant de réessayer.",
  TOO_MANY_NEW:
    "Vous avez commencé beaucoup de nouvelles conversations aujourd'hui. Vous pourrez en commencer d'autres demain.",
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

export interface MessageDto {
  id: string;
  matchId: string;
  senderId: string;
  content: string;
  createdAt: string;
  /** When the recipient read it; null while unread. */
  readAt: string | null;
}

export interface MessagePageDto {
  /** Newest first. */
  data: MessageDto[];
  /** Pass as `before` to load older messages; null when this page reaches the first message. */
  nextCursor: string | null;
}

export interface ConversationMemberDto {
  userId: string;
  firstName: string;
  lastInitial: string;
  photo: PhotoDto | null;
  /** « Profil vérifié » (issue 16). */
  profileVerified: boolean;
  /** « En ligne »…, null beyond a week or when either member hides it (issue 17). */
  presence: Presence | null;
  /** For the wording agreed with the member (« Active aujourd'hui »). */
  gender: Gender | null;
}

export interface ConversationDto {
  matchId: string;
  member: ConversationMemberDto;
  lastMessage: { content: string; senderId: string; createdAt: string } | null;
  /** Messages from the other member not read yet. */
  unread: number;
  /** True until the member opens this conversation for the first time. */
  isNew: boolean;
  /** The last message, or when the match was made: the list is sorted on it, newest first. */
  lastActivityAt: string;
}

export interface NavCountsDto {
  /** Accepted matches whose conversation the member has not opened yet. */
  matches: number;
  /** Conversations with at least one unread message. */
  messages: number;
}

/** What the server pushes to a member's open pages (Server-Sent Events, event name = type). */
export type RealtimeEvent =
  | { type: "message.created"; message: MessageDto }
  | { type: "messages.read"; matchId: string; readerId: string; readAt: string }
  | { type: "match.accepted"; matchId: string }
  | { type: "match.removed"; matchId: string }
  | { type: "message.deleted"; matchId: string; messageId: string }
  /** The other member is typing in this conversation (issue 17): shown for TYPING.SHOWN_SECONDS. */
  | { type: "typing"; matchId: string; userId: string };

/** The typing indicator's rhythm: sent at most every SEND_SECONDS, shown until SHOWN_SECONDS pass. */
export const TYPING = { SEND_SECONDS: 3, SHOWN_SECONDS: 6 } as const;

export const REALTIME_EVENT_TYPES = [
  "message.created",
  "messages.read",
  "match.accepted",
  "match.removed",
  "typing",
] as const;

/**
 * The `after` cursor for « everything newer than this message ». Built from the millisecond
 * timestamp, it may also return that message itself (microseconds are dropped): clients merge by id.
 */
export function afterCursor(m: Pick<MessageDto, "id" | "createdAt">): string {
  return `${Date.parse(m.createdAt) * 1000}_${m.id}`;
}
