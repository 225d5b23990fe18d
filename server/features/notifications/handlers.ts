// The notification jobs' work (queues in queues.ts, workers and schedules in jobs.ts).

import { NOTIFICATION_LIMITS, type PushPayload } from "@domain/notifications.ts";
import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDeps } from "../../deps.ts";
import { queryRows } from "../../platform/db/client.ts";
import { timestampText } from "../../platform/db/row-schemas.ts";
import {
  emailOutbox,
  notificationLog,
  profiles,
  profileVisits,
  pushSubscriptions,
} from "../../platform/db/schema/index.ts";
import { frenchLongDate } from "../../platform/email/templates.ts";
import type { PayloadOf } from "../../platform/jobs/queue.ts";
import { RECIPIENT_ACTIVE } from "./audience.ts";
import { AWAY, deliverOutbox, purgeSentEmails, queueDelivery, queueNewsEmails } from "./email-outbox.ts";
import { deliverPush, pushRecipient, sendPush } from "./push.ts";
import { callPush, matchPush, messagePushes, sharedPush } from "./push-content.ts";
import { NOTIFICATION_QUEUES as QUEUES } from "./queues.ts";

type MessageJob = PayloadOf<typeof QUEUES.pushMessage>;
type PushJob = PayloadOf<typeof QUEUES.push>;
type ImmediateEmailJob = PayloadOf<typeof QUEUES.emailImmediate>;

export type Deps = Pick<AppDeps, "database" | "config" | "logger" | "mailer" | "jobs">;

/** Members in one digest job: a crash redoes at most this many. */
export const DIGEST_BATCH = 500;

/** Whether a banned member (or one deleted meanwhile) should hear nothing. */
async function mayNotify(deps: Deps, userId: string): Promise<boolean> {
  const rows = await queryRows(
    deps.database.db,
    z.strictObject({ ok: z.boolean() }),
    sql`SELECT true AS ok FROM "user" u WHERE u.id = ${userId} AND ${RECIPIENT_ACTIVE}`,
  );
  return rows.length > 0;
}

/**
 * Messages' push jobs, a batch at once: what to say read in one statement, then each push sent. A
 * job whose push failed is failed alone (the others completed). A message's e-mail has a job of its
 * own, queued with the message (announce.ts).
 */
export async function handleMessagePushes(
  deps: Deps,
  jobs: readonly MessageJob[],
): Promise<PromiseSettledResult<unknown>[]> {
  const pushes = await messagePushes(deps.database.db, jobs);
  return Promise.allSettled(
    jobs.map((job, i) => {
      const push = pushes[i];
      return push ? sendPush(deps, job.recipientId, push.payload, push.subscriptions) : null;
    }),
  );
}

export async function handleMessagePush(deps: Deps, job: MessageJob): Promise<void> {
  const [result] = await handleMessagePushes(deps, [job]);
  if (result?.status === "rejected") throw result.reason;
}

export async function handlePush(deps: Deps, job: PushJob): Promise<void> {
  const { db } = deps.database;
  if ("subscriptionId" in job) {
    const [sub] = await db
      .select({
        id: pushSubscriptions.id,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
        userId: pushSubscriptions.userId,
      })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, job.subscriptionId));
    if (!sub || !(await mayNotify(deps, sub.userId))) return;
    if ((await deliverPush(deps, sub, job.payload)) === "failed") throw new Error("push not delivered");
    return;
  }
  // A call is conversation news: the member's « messages » preference decides.
  const devices = await pushRecipient(
    db,
    job.userId,
    job.kind === "match" || job.kind === "shared" ? "matches" : job.kind === "call" ? "messages" : "payments",
  );
  if (!devices) return;
  const payload =
    job.kind === "call"
      ? await callPush(db, job.userId, job.matchId, job.callId, job.video)
      : job.kind === "shared"
        ? await sharedPush(db, job.userId, job.matchId)
        : job.kind === "match" && job.matchId
          ? await matchPush(db, job.userId, job.matchId)
          : job.kind === "payment"
            ? await paymentPush(deps, job.userId)
            : null;
  if (payload) await sendPush(deps, job.userId, payload, devices);
}

async function paymentPush(deps: Deps, userId: string): Promise<PushPayload | null> {
  const [row] = await deps.database.db
    .select({ ends: profiles.subscriptionEndsAt })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (!row?.ends) return null;
  return {
    kind: "payment",
    title: "Paiement confirmé",
    body: `Votre abonnement Passerelle est actif jusqu’au ${frenchLongDate(row.ends)}.`,
    url: "/subscription",
    tag: "payment",
  };
}

/**
 * « Tout de suite » e-mails, a batch of jobs at once (one statement per step for the batch, as the
 * digests): members who still chose it and are away get what arrived since their last e-mail.
 */
export async function handleImmediateEmails(
  deps: Deps,
  jobs: readonly (ImmediateEmailJob & { jobId: string })[],
): Promise<void> {
  const jobOf = new Map(jobs.map((j) => [j.userId, j.jobId]));
  // Connected (a page open, or active a moment ago): the site has already shown it.
  const away = await queryRows(
    deps.database.db,
    z.strictObject({ userId: z.string() }),
    sql`SELECT p.user_id AS "userId" FROM profiles p LEFT JOIN notification_settings s ON s.user_id = p.user_id
      WHERE p.user_id = ANY(${sql.param([...jobOf.keys()])}::text[])
        AND coalesce(s.email_rhythm, 'immediate') = 'immediate' AND ${AWAY}`,
  );
  if (away.length === 0) return;
  const userIds = away.map((r) => r.userId);
  const ids = await queueNewsEmails(deps, userIds, "immediate", (userId) => jobOf.get(userId) ?? "");
  if (ids.length === 0) return;
  // Sent at once; if the mail server fails, the delivery job retries (these jobs, retried, would find
  // nothing new: what they wrote is already covered).
  await deliverOutbox(deps, ids).catch(() => queueDelivery(deps, ids));
}

export function handleImmediateEmail(deps: Deps, job: ImmediateEmailJob, jobId: string): Promise<void> {
  return handleImmediateEmails(deps, [{ ...job, jobId }]);
}

/**
 * Sends the given outbox rows; without ids (the hourly sweep), every row still unsent 10 minutes
 * after it was written (its delivery job lost: a restore, a queue purged by hand).
 */
export async function handleDelivery(
  deps: Deps,
  job: PayloadOf<typeof QUEUES.emailDeliver>,
): Promise<{ sent: number }> {
  if (job.ids) return deliverOutbox(deps, job.ids);
  const rows = await deps.database.db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(isNull(emailOutbox.sentAt), sql`${emailOutbox.createdAt} < now() - interval '10 minutes'`))
    .orderBy(emailOutbox.createdAt)
    .limit(1000);
  return rows.length > 0
    ? deliverOutbox(
        deps,
        rows.map((r) => r.id),
      )
    : { sent: 0 };
}

/** The digests of a day: everyone on « daily », and on the weekly day everyone on « weekly ». */
export async function planDigests(deps: Deps, at: Date = new Date()): Promise<number> {
  const day = at.toISOString().slice(0, 10);
  const kinds: ("daily" | "weekly")[] =
    at.getUTCDay() === NOTIFICATION_LIMITS.DIGEST_WEEKDAY ? ["daily", "weekly"] : ["daily"];
  let members = 0;
  for (const kind of kinds) {
    const rows = await queryRows(
      deps.database.db,
      z.strictObject({ user_id: z.string() }),
      sql`SELECT s.user_id FROM notification_settings s JOIN "user" u ON u.id = s.user_id
        WHERE s.email_rhythm = ${kind} AND u.email_verified AND ${RECIPIENT_ACTIVE}
        ORDER BY s.user_id`,
    );
    const ids = rows.map((r) => r.user_id);
    members += ids.length;
    for (let i = 0; i < ids.length; i += DIGEST_BATCH)
      await deps.jobs.send(
        QUEUES.digestBatch,
        { userIds: ids.slice(i, i + DIGEST_BATCH), kind, periodKey: day },
        // One job per batch and period, even if the plan runs twice.
        { singletonKey: `${kind}:${day}:${ids[i]}` },
      );
  }
  return members;
}

export async function handleDigestBatch(
  deps: Deps,
  job: { userIds: string[]; kind: "daily" | "weekly"; periodKey: string },
): Promise<number> {
  const ids = await queueNewsEmails(deps, job.userIds, job.kind, job.periodKey);
  await queueDelivery(deps, ids);
  return ids.length;
}

/** « Votre abonnement se termine dans 3 jours », once per subscription end. */
export async function sendSubscriptionReminders(deps: Deps): Promise<number> {
  const { db } = deps.database;
  const due = await queryRows(
    db,
    z.strictObject({ user_id: z.string(), ends: timestampText }),
    sql`INSERT INTO notification_log (dedupe_key, user_id)
      SELECT 'subscription-ending:' || p.user_id || ':' || to_char(p.subscription_ends_at, 'YYYY-MM-DD'), p.user_id
      FROM profiles p JOIN "user" u ON u.id = p.user_id
      WHERE p.account_status = 'subscribed'
        AND p.subscription_ends_at BETWEEN now() AND now() + ${NOTIFICATION_LIMITS.SUBSCRIPTION_REMINDER_DAYS} * interval '1 day'
        AND ${RECIPIENT_ACTIVE}
      ON CONFLICT (dedupe_key) DO NOTHING
      RETURNING user_id, (SELECT subscription_ends_at FROM profiles WHERE user_id = notification_log.user_id) AS ends`,
  );
  for (const { user_id: userId, ends } of due) {
    const devices = await pushRecipient(db, userId, "payments");
    if (devices)
      await sendPush(
        deps,
        userId,
        {
          kind: "subscription",
          title: "Votre abonnement se termine bientôt",
          body: `Votre abonnement Passerelle se termine le ${frenchLongDate(new Date(ends))}. Prolongez-le pour continuer vos conversations.`,
          url: "/subscription",
          tag: "subscription-ending",
        },
        devices,
      );
  }
  return due.length;
}

export async function purgeOld(deps: Deps): Promise<void> {
  const { db } = deps.database;
  await purgeSentEmails(db);
  // « Qui a vu mon profil » shows 90 days (issue 17); older visits are deleted.
  await db.delete(profileVisits).where(sql`${profileVisits.visitedAt} < now() - interval '90 days'`);
  await db.delete(notificationLog).where(sql`${notificationLog.sentAt} < now() - interval '90 days'`);
}
