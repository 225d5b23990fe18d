// What notifications do when something happens elsewhere: each reaction queues its jobs inside the
// writer's transaction (the write and its notification commit together: none lost after a crash,
// none for a write rolled back). The jobs decide when they run (preferences, quiet hours, blocks,
// whether the message was read meanwhile): handlers.ts.
import { callRinging, cardShared, likeCreated, messageSent, paymentSettled } from "@domain/events.ts";
import { NOTIFICATION_LIMITS } from "@domain/notifications.ts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDeps } from "../../deps.ts";
import { queryRows } from "../../platform/db/client.ts";
import { react, type TransactionJobs } from "../../platform/events/domain-events.ts";
import { AWAY } from "./email-outbox.ts";
import { NOTIFICATION_QUEUES as QUEUES } from "./queues.ts";

/** The member's « Tout de suite » e-mail, debounced per member (handlers.ts handleImmediateEmails). */
const immediateEmail = (jobs: TransactionJobs, userId: string) =>
  jobs.sendDebounced(
    QUEUES.emailImmediate,
    { userId },
    NOTIFICATION_LIMITS.IMMEDIATE_EMAIL_GROUP_MINUTES * 60,
    userId,
  );

export const notificationReactions = [
  react({
    name: "notifications: a push « … vous appelle » to the callee’s devices, while it rings",
    event: callRinging,
    async within(_deps: AppDeps, { jobs }, { calleeId, matchId, callId, video }) {
      await jobs.send(QUEUES.push, { userId: calleeId, kind: "call", matchId, callId, video });
    },
  }),
  react({
    name: "notifications: a push per conversation and grouping window, and the « Tout de suite » e-mail of a recipient who is away (not for a request)",
    event: messageSent,
    async within(_deps: AppDeps, { tx, jobs }, { message, recipientId, request, delivered }) {
      // A request (issue 34) waits in the recipient's « Demandes »: no push, no e-mail. Nor for a
      // message waiting on its sender's quiet hold (issue 36): it is not delivered.
      if (request || delivered === null) return;
      // A job with nothing to do is not queued: on the embedded database's single thread it costs
      // about as much as the message.
      const [audience] = await queryRows(
        tx,
        z.strictObject({ push: z.boolean(), email: z.boolean() }),
        sql`SELECT EXISTS (SELECT 1 FROM push_subscriptions ps WHERE ps.user_id = ${recipientId}) AS push,
          EXISTS (SELECT 1 FROM profiles p JOIN "user" u ON u.id = p.user_id
              LEFT JOIN notification_settings ns ON ns.user_id = p.user_id
            WHERE p.user_id = ${recipientId} AND u.email_verified AND ${AWAY}
              AND coalesce(ns.email_rhythm, 'immediate') = 'immediate') AS email`,
      );
      if (audience?.push)
        await jobs.sendDebounced(
          QUEUES.pushMessage,
          { recipientId, matchId: message.matchId },
          NOTIFICATION_LIMITS.MESSAGE_PUSH_GROUP_SECONDS,
          `${recipientId}:${message.matchId}`,
        );
      if (audience?.email) await immediateEmail(jobs, recipientId);
    },
  }),
  react({
    // The liker reads what happened on screen; the other member is told: a J'aime, or a match when
    // they had liked first (the push and e-mail read which from the likes).
    name: "notifications: a push and the « Tout de suite » e-mail to the member liked",
    event: likeCreated,
    async within(_deps: AppDeps, { jobs }, { likedId, matchId }) {
      await jobs.send(QUEUES.push, { userId: likedId, kind: "match", matchId });
      await immediateEmail(jobs, likedId);
    },
  }),
  react({
    name: "notifications: a push to the member whose card their match shared (issue 40)",
    event: cardShared,
    async within(_deps: AppDeps, { jobs }, { memberId, matchId, ownerId }) {
      await jobs.send(QUEUES.push, { userId: memberId, kind: "shared", matchId, sharedBy: ownerId });
    },
  }),
  react({
    name: "notifications: « Paiement confirmé » pushed to the member",
    event: paymentSettled,
    async within(_deps: AppDeps, { jobs }, { userId }) {
      await jobs.send(QUEUES.push, { userId, kind: "payment" });
    },
  }),
];
