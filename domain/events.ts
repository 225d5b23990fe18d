// The domain events (issue 35): what a write records as having happened, inside its own transaction,
// for the features that react (server/platform/events/domain-events.ts runs them; server/reactions.ts lists
// who reacts; docs/events.md, generated, shows both). An event carries what its readers need
// without reading the write back; payloads are plain data checked by their schema.
import { z } from "zod";
import { CURRENCIES } from "./money.ts";
import { messageDtoSchema } from "./responses/messaging.ts";

export interface DomainEventType<S extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly payload: S;
  /** What it means, for docs/events.md. */
  readonly description: string;
}

const event = <S extends z.ZodType>(name: string, payload: S, description: string): DomainEventType<S> => ({
  name,
  payload,
  description,
});

/** A message was written in a conversation (features/messages). */
export const messageSent = event(
  "message.sent",
  z.object({
    message: messageDtoSchema,
    recipientId: z.string(),
    /** The sender's first message in this conversation. */
    opening: z.boolean(),
    /** It waits in the recipient's « Demandes » (issue 34): nobody is told outside the site. */
    request: z.boolean(),
    /**
     * What the recipient receives (Bouclier, issue 36): the message as they see it — held behind
     * the warning, numbers masked — or null while it waits unseen (the sender's quiet hold).
     */
    delivered: messageDtoSchema.nullable(),
    /** What the shield saw in it; null when it was off or could not read it. */
    shield: z
      .object({
        held: z.boolean(),
        masked: z.boolean(),
        offPlatform: z.boolean(),
        /** Why, in French: « moyen de paiement : Western Union », « un numéro de téléphone »… */
        reasons: z.array(z.string()),
      })
      .nullable(),
  }),
  "A member sent a message in one of their conversations.",
);

/** A J'aime that is new (not a second click), from a like or from a pass changed to a like. */
export const likeCreated = event(
  "like.created",
  z.object({
    likerId: z.string(),
    likedId: z.string(),
    matchId: z.string(),
    /** The liked member had liked the liker already: « C'est un match ! ». */
    mutual: z.boolean(),
  }),
  "A member liked another one (a first like opens the conversation).",
);

/** A match between two members was accepted or removed (a like, a pass, « Retirer », a block). */
export const matchChanged = event(
  "match.changed",
  z.object({
    matchId: z.string(),
    /** The two members. */
    userIds: z.tuple([z.string(), z.string()]),
    status: z.enum(["accepted", "removed"]),
  }),
  "A match became accepted (or was confirmed by a like back), or was removed.",
);

/** A photo was added to a member's profile (features/photos). */
export const photoAdded = event(
  "photo.added",
  z.object({ userId: z.string(), key: z.string() }),
  "A member added a photo to their profile (screened and stored).",
);

/** A payment was recorded and the member's subscription extended (features/billing). */
export const paymentSettled = event(
  "payment.settled",
  z.object({
    userId: z.string(),
    checkoutId: z.string(),
    email: z.string(),
    plan: z.string(),
    amount: z.number(),
    currency: z.enum(CURRENCIES),
    /** « Carte bancaire », « Orange Money »… as the receipt says it. */
    paidWith: z.string(),
    startDate: z.string(),
    endDate: z.string(),
  }),
  "A checkout was paid: its subscription period is recorded.",
);

/** An administrator banned a member (features/admin). */
export const memberBanned = event(
  "member.banned",
  z.object({ userId: z.string() }),
  "An administrator banned a member: their sessions are ended.",
);

/** A member passed the selfie verification (features/verification), by the models or a moderator. */
export const memberVerified = event(
  "member.verified",
  z.object({ userId: z.string() }),
  "A member’s selfie verification succeeded: « Profil vérifié » is on.",
);

/** A member called another in one of their conversations (features/calls, issue 38): it rings. */
export const callRinging = event(
  "call.ringing",
  z.object({
    callId: z.string(),
    matchId: z.string(),
    callerId: z.string(),
    calleeId: z.string(),
    video: z.boolean(),
  }),
  "A member called another: the call rings on the callee’s devices.",
);

/** A verified member's face, in a video call, matched their verified one (features/calls, issue 38). */
export const memberSeenOnCall = event(
  "member.seen_on_call",
  z.object({ userId: z.string() }),
  "A member passed the live identity check of a video call: « Vu(e) en appel » is on.",
);

/** A member shared a match's card through a link (features/sharing, issue 40): the match is told. */
export const cardShared = event(
  "card.shared",
  z.object({
    ownerId: z.string(),
    /** The member whose card the link shows. */
    memberId: z.string(),
    matchId: z.string(),
    kind: z.enum(["date", "family"]),
  }),
  "A member shared a match’s card with a relative or a friend (a date, or « Présenter à ma famille »).",
);

/** Every event, in the order docs/events.md lists them. */
export const DOMAIN_EVENTS: readonly DomainEventType[] = [
  messageSent,
  likeCreated,
  matchChanged,
  photoAdded,
  paymentSettled,
  memberBanned,
  memberVerified,
  callRinging,
  memberSeenOnCall,
  cardShared,
];
