// Response schemas of conversations and messages. See ./scalars.ts for why they live here.
import { z } from "zod";
import { CALL_OUTCOMES } from "../calls.ts";
import { GENDERS } from "../constants.ts";
import { LIKED_BY } from "../discovery.ts";
import { PRESENCE_LEVELS } from "../presence.ts";
import { photoDtoSchema } from "./profile.ts";
import { instant, whole } from "./scalars.ts";

/** POST /api/matches/:id/messages (201), and each message of a page. */
export const messageDtoSchema = z.strictObject({
  id: z.string(),
  matchId: z.string(),
  senderId: z.string(),
  content: z.string(),
  createdAt: instant,
  /** When the recipient read it; null while unread. */
  readAt: instant.nullable(),
  /**
   * Bouclier (issue 36), for the recipient: held behind the warning (a money request from a new or
   * unverified account) — `content` is empty until they choose to read it (POST …/reveal).
   */
  held: z.boolean(),
  /** Numbers or messaging handles masked until both members are selfie-verified (either side). */
  masked: z.boolean(),
  /**
   * A voice message (issue 37; `content` is then empty): its duration as read in the file and its
   * waveform (VOICE_PEAKS bars, 0–31). Heard at GET /api/matches/:id/messages/:messageId/voice.
   * Null for a text, and for a held voice message until revealed.
   */
  voice: z.strictObject({ durationMs: whole, peaks: z.array(whole) }).nullable(),
  /**
   * A call's entry (issue 38; `content` is then empty), sent by the caller once the call ended: how
   * it ended, whether it was a video call, and how long it lasted once answered (null otherwise).
   */
  call: z
    .strictObject({ outcome: z.enum(CALL_OUTCOMES), video: z.boolean(), durationMs: whole.nullable() })
    .nullable(),
});
export type MessageDto = z.infer<typeof messageDtoSchema>;

/** GET /api/matches/:id/messages */
export const messagePageDtoSchema = z.strictObject({
  /** Newest first. */
  data: z.array(messageDtoSchema),
  /** Pass as `before` to load older messages; null when this page reaches the first message. */
  nextCursor: z.string().nullable(),
});
export type MessagePageDto = z.infer<typeof messagePageDtoSchema>;

export const conversationMemberDtoSchema = z.strictObject({
  userId: z.string(),
  firstName: z.string(),
  lastInitial: z.string(),
  photo: photoDtoSchema.nullable(),
  /** « Profil vérifié » (issue 16). */
  profileVerified: z.boolean(),
  /** « En ligne »…, null beyond a week or when either member hides it (issue 17). */
  presence: z.enum(PRESENCE_LEVELS).nullable(),
  /** For the wording agreed with the member (« Active aujourd'hui »). */
  gender: z.enum(GENDERS).nullable(),
});
export type ConversationMemberDto = z.infer<typeof conversationMemberDtoSchema>;

export const conversationDtoSchema = z.strictObject({
  matchId: z.string(),
  member: conversationMemberDtoSchema,
  lastMessage: z.strictObject({ content: z.string(), senderId: z.string(), createdAt: instant }).nullable(),
  /** Messages from the other member not read yet. */
  unread: whole,
  /** True until the member opens this conversation for the first time. */
  isNew: z.boolean(),
  /** Who liked (domain/discovery.ts LIKED_BY): the preview of a conversation without messages says it. */
  likedBy: z.enum(LIKED_BY),
  /**
   * A request waiting for this member in « Demandes » (issue 34): she lets only members she liked
   * back write first, and the other member, whom she has not liked, has.
   */
  request: z.boolean(),
  /** This member's first messages wait in the other member's « Demandes » (the same rule, seen from here). */
  requestSent: z.boolean(),
  /** The last message, or when the match was made: the list is sorted on it, newest first. */
  lastActivityAt: instant,
  /**
   * When the other member last shared this member's card with a relative or a friend (issue 40:
   * « Partager mon rendez-vous », « Présenter à ma famille »); null if never. The member is told.
   */
  cardSharedAt: instant.nullable(),
});
export type ConversationDto = z.infer<typeof conversationDtoSchema>;

/** GET /api/conversations */
export const conversationListSchema = z.strictObject({ data: z.array(conversationDtoSchema) });
export type ConversationListDto = z.infer<typeof conversationListSchema>;

/** POST /api/matches/:id/read: when the member's unread messages were marked read (null: none were). */
export const readReceiptDtoSchema = z.strictObject({ readAt: instant.nullable() });
export type ReadReceiptDto = z.infer<typeof readReceiptDtoSchema>;

/** GET /api/nav/counts */
export const navCountsDtoSchema = z.strictObject({
  /** Accepted matches whose conversation the member has not opened yet. */
  matches: whole,
  /** Conversations with at least one unread message. */
  messages: whole,
});
export type NavCountsDto = z.infer<typeof navCountsDtoSchema>;
