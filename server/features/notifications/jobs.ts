// The notifications feature's workers and schedules (its queues: queues.ts), gathered with the other
// features' by the composition (server/job-catalogue.ts).
import type { AppDeps } from "../../deps.ts";
import { batchWorker, type JobDeclarations, jobWorker } from "../../platform/jobs/workers.ts";
import {
  handleDelivery,
  handleDigestBatch,
  handleImmediateEmails,
  handleMessagePushes,
  handlePush,
  planDigests,
  purgeOld,
  sendSubscriptionReminders,
} from "./handlers.ts";
import { NOTIFICATION_QUEUES as QUEUES } from "./queues.ts";

const hourly = (minute: number) => `${minute} * * * *`;

export const notificationJobs: JobDeclarations<AppDeps> = {
  queues: Object.values(QUEUES),
  workers: [
    // What to say read in one statement for the batch, then each push sent on its own; two fetch
    // loops, so a message's push waits for no other batch's deliveries.
    batchWorker(
      QUEUES.pushMessage,
      (deps: AppDeps, jobs) =>
        handleMessagePushes(
          deps,
          jobs.map((j) => j.data),
        ),
      { batchSize: 50, loops: 2 },
    ),
    jobWorker(QUEUES.push, (deps: AppDeps, data) => handlePush(deps, data), { batchSize: 20 }),
    // One statement per step for the whole batch; if it fails, pg-boss fails (and retries) every job.
    batchWorker(
      QUEUES.emailImmediate,
      (deps: AppDeps, jobs) =>
        handleImmediateEmails(
          deps,
          jobs.map((j) => ({ ...j.data, jobId: j.id })),
        ),
      { batchSize: 10 },
    ),
    jobWorker(QUEUES.emailDeliver, (deps: AppDeps, data) => handleDelivery(deps, data)),
    jobWorker(QUEUES.digestPlan, async (deps: AppDeps) =>
      deps.logger.info({ members: await planDigests(deps) }, "digests planned"),
    ),
    jobWorker(QUEUES.digestBatch, (deps: AppDeps, data) => handleDigestBatch(deps, data)),
    jobWorker(QUEUES.subscriptionReminders, (deps: AppDeps) => sendSubscriptionReminders(deps)),
    jobWorker(QUEUES.purge, (deps: AppDeps) => purgeOld(deps)),
  ],
  schedules: [
    { queue: QUEUES.digestPlan, cron: (deps) => deps.config.digestSchedule },
    { queue: QUEUES.subscriptionReminders, cron: () => hourly(15) },
    { queue: QUEUES.purge, cron: () => "40 3 * * *" },
    // The outbox's rows whose delivery job was lost (a restore, a queue purged by hand).
    { queue: QUEUES.emailDeliver, cron: () => hourly(25) },
  ],
};
