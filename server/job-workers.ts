// The job workers of an instance (main.ts starts them unless JOB_WORKERS=false) and the recurring
// schedules. Part of the composition, beside app.ts and server.ts (issue 35): it wires the features'
// handlers to the platform's queues, which know no feature. pg-boss hands each job to one worker of one instance; a job whose worker died (kill -9)
// is given up after its queue's expireInSeconds by the maintenance (supervise) and retried.
import PgBoss from "pg-boss";
import { maintainEmbeddedDatabase } from "./db/embedded-maintenance.ts";
import type { AppDeps } from "./deps.ts";
import { sweepOrphanFiles } from "./features/photos/index.ts";
import { purgeExpiredLimits } from "./http/rate-limit.ts";
import { bossOptions, QUEUES, type QueueName } from "./jobs/queue.ts";
import type { ImmediateEmailJob, MessageJob, PushJob } from "./notifications/announce.ts";
import {
  handleDelivery,
  handleDigestBatch,
  handleImmediateEmails,
  handleMessagePushes,
  handlePush,
  planDigests,
  purgeOld,
  sendSubscriptionReminders,
} from "./notifications/handlers.ts";

export interface WorkerOptions {
  /** How often idle workers look for jobs queued by other instances (seconds, ≥ 0.5). */
  pollingSeconds?: number;
  /** How often expired jobs are looked for (seconds). */
  maintenanceSeconds?: number;
}

/** A handler of a batch of jobs: if it throws, every job of the batch is failed (and retried). */
type BatchHandler = (jobs: PgBoss.Job<never>[]) => Promise<unknown>;

/** Jobs fetched at once per queue: pushes are many and short (a message each); the rest one by one. */
const BATCH: Partial<Record<QueueName, number>> = {
  [QUEUES.pushMessage.name]: 50,
  [QUEUES.push.name]: 20,
  [QUEUES.emailImmediate.name]: 10,
};

/**
 * Fetch loops per queue on this instance: a message's push waits for no other batch's deliveries
 * (while one loop sends its pushes, the other fetches the next jobs).
 */
const LOOPS: Partial<Record<QueueName, number>> = {
  [QUEUES.pushMessage.name]: 2,
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
  /** Fails, each alone, the jobs of a batch whose result was rejected; the others complete. */
  const failRejected = async (
    name: QueueName,
    jobs: PgBoss.Job<never>[],
    results: PromiseSettledResult<unknown>[],
  ) => {
    for (const [i, r] of results.entries()) {
      if (r.status === "fulfilled") continue;
      const job = jobs[i]!;
      log.warn({ err: r.reason, queue: name, job: job.id }, "jobs: job failed");
      await boss.fail(name, job.id, { message: String((r.reason as Error)?.message ?? r.reason) });
    }
  };
  /** The jobs of a batch run side by side, each on its own (retried by its queue's policy). */
  const eachJob =
    (name: QueueName, handle: (job: PgBoss.Job<never>) => Promise<unknown>): BatchHandler =>
    async (jobs) =>
      failRejected(name, jobs, await Promise.allSettled(jobs.map((job) => handle(job))));
  const handlers: Record<QueueName, BatchHandler> = {
    // What to say read in one statement for the batch, then each push sent on its own.
    [QUEUES.pushMessage.name]: async (jobs) =>
      failRejected(
        QUEUES.pushMessage.name,
        jobs,
        await handleMessagePushes(
          deps,
          jobs.map((job) => job.data as MessageJob),
        ),
      ),
    [QUEUES.push.name]: eachJob(QUEUES.push.name, (job) => handlePush(deps, job.data as PushJob)),
    // One statement per step for the whole batch; if it fails, pg-boss fails (and retries) every job.
    [QUEUES.emailImmediate.name]: (jobs) =>
      handleImmediateEmails(
        deps,
        jobs.map((job) => ({ ...(job.data as ImmediateEmailJob), jobId: job.id })),
      ),
    [QUEUES.emailDeliver.name]: eachJob(QUEUES.emailDeliver.name, (job) =>
      handleDelivery(deps, job.data as { ids?: string[] }),
    ),
    [QUEUES.digestPlan.name]: async () => log.info({ members: await planDigests(deps) }, "digests planned"),
    [QUEUES.digestBatch.name]: eachJob(QUEUES.digestBatch.name, (job) =>
      handleDigestBatch(deps, job.data as Parameters<typeof handleDigestBatch>[1]),
    ),
    [QUEUES.subscriptionReminders.name]: () => sendSubscriptionReminders(deps),
    [QUEUES.purge.name]: async () => {
      await purgeOld(deps);
      await purgeExpiredLimits(deps.database.db);
    },
    [QUEUES.orphanFiles.name]: async () => log.info(await sweepOrphanFiles(deps), "orphan files swept"),
    [QUEUES.embeddedVacuum.name]: async () =>
      log.info(await maintainEmbeddedDatabase(deps.database, ["VACUUM"]), "embedded database vacuumed"),
    [QUEUES.embeddedAnalyze.name]: async () =>
      log.info(await maintainEmbeddedDatabase(deps.database, ["ANALYZE"]), "embedded database analyzed"),
  };
  const workerIds = new Map<QueueName, string[]>();
  for (const [name, handle] of Object.entries(handlers) as [QueueName, BatchHandler][]) {
    const batchSize = BATCH[name] ?? 1;
    for (let loop = 0; loop < (LOOPS[name] ?? 1); loop++) {
      let self = "";
      self = await boss.work(
        name,
        { pollingIntervalSeconds: opts.pollingSeconds ?? 2, batchSize },
        async (jobs) => {
          // A full batch means more may be waiting: fetch again as soon as it is done rather than
          // after the polling interval (pg-boss waits the interval unless its worker is notified).
          if (jobs.length === batchSize) boss.notifyWorker(self);
          await handle(jobs as PgBoss.Job<never>[]);
        },
      );
      workerIds.set(name, [...(workerIds.get(name) ?? []), self]);
    }
  }
  // A job queued by this instance is fetched at once rather than at the next poll.
  deps.jobs.wake = (queue) => {
    for (const id of workerIds.get(queue) ?? []) boss.notifyWorker(id);
  };
  await boss.schedule(QUEUES.digestPlan.name, deps.config.digestSchedule, {}, { tz: "UTC" });
  await boss.schedule(QUEUES.subscriptionReminders.name, "15 * * * *", {}, { tz: "UTC" });
  await boss.schedule(QUEUES.purge.name, "40 3 * * *", {}, { tz: "UTC" });
  await boss.schedule(QUEUES.emailDeliver.name, "25 * * * *", {}, { tz: "UTC" });
  // Once a day across instances (a schedule is one row; its minute's job is sent once).
  await boss.schedule(QUEUES.orphanFiles.name, "20 4 * * *", {}, { tz: "UTC" });
  if (deps.database.kind === "pglite") {
    await boss.schedule(QUEUES.embeddedVacuum.name, "50 * * * *", {}, { tz: "UTC" });
    await boss.schedule(QUEUES.embeddedAnalyze.name, "55 4 * * *", {}, { tz: "UTC" });
  }
  return async () => {
    deps.jobs.wake = null;
    await boss.stop({ graceful: true, wait: true, close: false, timeout: 5_000 });
  };
}
