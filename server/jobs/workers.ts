// The job workers of an instance (main.ts starts them unless JOB_WORKERS=false) and the recurring
// schedules. pg-boss hands each job to one worker of one instance; a job whose worker died (kill -9)
// is given up after its queue's expireInSeconds by the maintenance (supervise) and retried.
import PgBoss from "pg-boss";
import { maintainEmbeddedDatabase } from "../db/embedded-maintenance.ts";
import type { AppDeps } from "../http/types.ts";
import type { ImmediateEmailJob, MessageJob, PushJob } from "../notifications/announce.ts";
import {
  handleDelivery,
  handleDigestBatch,
  handleImmediateEmail,
  handleMessagePush,
  handlePush,
  planDigests,
  purgeOld,
  sendSubscriptionReminders,
} from "../notifications/handlers.ts";
import { bossOptions, QUEUES, type QueueName } from "./queue.ts";

export interface WorkerOptions {
  /** How often idle workers look for jobs queued by other instances (seconds, ≥ 0.5). */
  pollingSeconds?: number;
  /** How often expired jobs are looked for (seconds). */
  maintenanceSeconds?: number;
}

type Handler = (job: PgBoss.Job<never>) => Promise<unknown>;

/** Jobs fetched at once per queue: pushes are many and short (a message each); the rest one by one. */
const BATCH: Partial<Record<QueueName, number>> = {
  [QUEUES.pushMessage.name]: 50,
  [QUEUES.push.name]: 20,
  [QUEUES.emailImmediate.name]: 10,
};

export async function startJobWorkers(deps: AppDeps, opts: WorkerOptions = {}): Promise<() => Promise<void>> {
  const boss = new PgBoss({
    ...bossOptions(deps.database),
    migrate: false,
    supervise: true,
    schedule: true,
    maintenanceIntervalSeconds: opts.maintenanceSeconds ?? 60,
  });
  boss.on("error", (err) => deps.logger.error({ err }, "jobs: worker error"));
  await boss.start();
  const log = deps.logger;
  const handlers: Record<QueueName, Handler> = {
    [QUEUES.pushMessage.name]: (job) => handleMessagePush(deps, job.data as MessageJob),
    [QUEUES.push.name]: (job) => handlePush(deps, job.data as PushJob),
    [QUEUES.emailImmediate.name]: (job) => handleImmediateEmail(deps, job.data as ImmediateEmailJob, job.id),
    [QUEUES.emailDeliver.name]: (job) => handleDelivery(deps, job.data as { ids?: string[] }),
    [QUEUES.digestPlan.name]: async () => log.info({ members: await planDigests(deps) }, "digests planned"),
    [QUEUES.digestBatch.name]: (job) =>
      handleDigestBatch(deps, job.data as Parameters<typeof handleDigestBatch>[1]),
    [QUEUES.subscriptionReminders.name]: (job) => sendSubscriptionReminders(deps).then(() => job.id),
    [QUEUES.purge.name]: () => purgeOld(deps),
    [QUEUES.embeddedVacuum.name]: async () =>
      log.info(await maintainEmbeddedDatabase(deps.database, ["VACUUM"]), "embedded database vacuumed"),
    [QUEUES.embeddedAnalyze.name]: async () =>
      log.info(await maintainEmbeddedDatabase(deps.database, ["ANALYZE"]), "embedded database analyzed"),
  } as Record<QueueName, Handler>;
  const workerIds = new Map<QueueName, string>();
  for (const [name, handle] of Object.entries(handlers) as [QueueName, Handler][]) {
    const id = await boss.work(
      name,
      { pollingIntervalSeconds: opts.pollingSeconds ?? 2, batchSize: BATCH[name] ?? 1 },
      async (jobs) => {
        // The jobs of a batch run side by side; one that fails is failed alone (retried by its
        // queue's policy), the others complete.
        const results = await Promise.allSettled(jobs.map((job) => handle(job as PgBoss.Job<never>)));
        const failed = jobs.flatMap((job, i) => {
          const r = results[i];
          return r?.status === "rejected" ? [{ job, reason: r.reason as unknown }] : [];
        });
        for (const { job, reason } of failed) {
          log.warn({ err: reason, queue: name, job: job.id }, "jobs: job failed");
          await boss.fail(name, job.id, { message: String((reason as Error)?.message ?? reason) });
        }
      },
    );
    workerIds.set(name, id);
  }
  // A job queued by this instance is fetched at once rather than at the next poll.
  deps.jobs.wake = (queue) => {
    const id = workerIds.get(queue);
    if (id) boss.notifyWorker(id);
  };
  await boss.schedule(QUEUES.digestPlan.name, deps.config.digestSchedule, {}, { tz: "UTC" });
  await boss.schedule(QUEUES.subscriptionReminders.name, "15 * * * *", {}, { tz: "UTC" });
  await boss.schedule(QUEUES.purge.name, "40 3 * * *", {}, { tz: "UTC" });
  await boss.schedule(QUEUES.emailDeliver.name, "25 * * * *", {}, { tz: "UTC" });
  if (deps.database.kind === "pglite") {
    await boss.schedule(QUEUES.embeddedVacuum.name, "50 * * * *", {}, { tz: "UTC" });
    await boss.schedule(QUEUES.embeddedAnalyze.name, "55 4 * * *", {}, { tz: "UTC" });
  }
  return async () => {
    deps.jobs.wake = null;
    await boss.stop({ graceful: true, wait: true, close: false, timeout: 5_000 });
  };
}
