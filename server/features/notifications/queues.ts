// The notifications feature's queues: their payloads (zod) and retry policies. Sending is typed from
// these declarations (jobs/queue.ts); the workers and schedules are in jobs.ts.
import type { PushPayload } from "@domain/notifications.ts";
import { z } from "zod";
import { defineQueue } from "../../platform/jobs/queue.ts";

/** domain/notifications.ts PushPayload, as a retried push carries it. */
const pushPayloadSchema = z.object({
  kind: z.enum(["match", "message", "payment", "subscription", "call", "alert"]),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
  unread: z.number().optional(),
}) satisfies z.ZodType<PushPayload>;

const nothing = z.object({});

export const NOTIFICATION_QUEUES = {
  /** A new message: one push per conversation and grouping window (debounced). */
  pushMessage: defineQueue("push-message", z.object({ recipientId: z.string(), matchId: z.string() }), {
    retryLimit: 3,
    retryDelay: 5,
    expireInSeconds: 60,
  }),
  /** A new match, a payment, a reminder: one push each; or one device again with what failed. */
  push: defineQueue(
    "push",
    z.union([
      z.object({ userId: z.string(), kind: z.enum(["match", "payment"]), matchId: z.string().optional() }),
      /** Issue 40: the member's card was shared by their match with a relative or a friend. */
      z.object({ userId: z.string(), kind: z.literal("shared"), matchId: z.string(), sharedBy: z.string() }),
      /** A call ringing (issue 38): « Awa vous appelle », while it still rings. */
      z.object({
        userId: z.string(),
        kind: z.literal("call"),
        matchId: z.string(),
        callId: z.string(),
        video: z.boolean(),
      }),
      z.object({ subscriptionId: z.string(), payload: pushPayloadSchema }),
    ]),
    { retryLimit: 3, retryDelay: 5, expireInSeconds: 60 },
  ),
  /** « Tout de suite » e-mails: what arrived for a member who is away (debounced per member). */
  emailImmediate: defineQueue("email-immediate", z.object({ userId: z.string() }), {
    retryLimit: 5,
    retryDelay: 30,
    expireInSeconds: 300,
  }),
  /** Sends the outbox's pending e-mails (all of them when `ids` is absent); retried with backoff. */
  emailDeliver: defineQueue("email-deliver", z.object({ ids: z.array(z.string()).optional() }), {
    retryLimit: 8,
    retryDelay: 30,
    expireInSeconds: 600,
  }),
  /** Daily and weekly digests: planned in batches of members, each batch a job. */
  digestPlan: defineQueue("digest-plan", nothing, { retryLimit: 3, retryDelay: 60, expireInSeconds: 900 }),
  digestBatch: defineQueue(
    "digest-batch",
    z.object({ userIds: z.array(z.string()), kind: z.enum(["daily", "weekly"]), periodKey: z.string() }),
    { retryLimit: 5, retryDelay: 60, expireInSeconds: 900 },
  ),
  /** « Votre abonnement se termine dans 3 jours ». */
  subscriptionReminders: defineQueue("subscription-reminders", nothing, {
    retryLimit: 3,
    retryDelay: 60,
    expireInSeconds: 900,
  }),
  /** Old sent e-mails, visits older than 90 days, expired attempt counters. */
  purge: defineQueue("purge", nothing, { retryLimit: 3, retryDelay: 300, expireInSeconds: 900 }),
};
