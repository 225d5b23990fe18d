// The job workers of an instance (main.ts starts them unless JOB_WORKERS=false) and the recurring
// schedules, from the declarations the features make (queues, workers, schedules) and the
// composition gathers (server/job-catalogue.ts). pg-boss hands each job to one worker of one
// instance; a job whose worker died (kill -9) is given up after its queue's expireInSeconds by the
// maintenance (supervise) and retried. Schedules run only where workers run: an API-only instance
// (JOB_WORKERS=false) does no recurring work.
import PgBoss from "pg-boss";
import type { z } from "zod";
import type { Database } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import { bossOptions, type Jobs, type Queue } from "./queue.ts";

/** A job as its handler sees it: the payload read back through its queue's schema. */
export interface Job<T> {
  id: string;
  data: T;
}

/**
 * What a batch handler answers: nothing (every job completed; a throw fails them all, and pg-boss
 * retries them), or one result per job (the rejected ones fail alone).
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a handler that answers nothing returns Promise<void>
type BatchResult = void | PromiseSettledResult<unknown>[];

export interface JobWorker<C> {
  readonly queue: Queue;
  /** Jobs fetched at once (pushes are many and short; the rest one by one). */
  readonly batchSize: number;
  /** Fetch loops on this instance: one batch's deliveries never wait for another's fetch. */
  readonly loops: number;
  handle(ctx: C, jobs: readonly Job<unknown>[]): Promise<BatchResult>;
}

export interface JobSchedule<C> {
  readonly queue: Queue;
  /** A cron expression (UTC, minutes), read from the context (settings), or null: not scheduled. */
  cron(ctx: C): string | null;
  /** Also queued once when the workers start (work that should not wait for the first tick). */
  readonly atStart?: boolean;
}

/** What a feature (or the platform) declares about its jobs. */
export interface JobDeclarations<C> {
  queues: readonly Queue[];
  workers: readonly JobWorker<C>[];
  schedules: readonly JobSchedule<C>[];
}

const read = <S extends z.ZodType>(queue: Queue<S>, jobs: readonly Job<unknown>[]): Job<z.infer<S>>[] =>
  jobs.map((job) => ({ id: job.id, data: queue.payload.parse(job.data) }));

/** A worker that handles a batch at once (one statement for all, say). */
export function batchWorker<C, S extends z.ZodType>(
  queue: Queue<S>,
  handle: (ctx: C, jobs: Job<z.infer<S>>[]) => Promise<BatchResult>,
  opts: { batchSize?: number; loops?: number } = {},
): JobWorker<C> {
  return {
    queue,
    batchSize: opts.batchSize ?? 1,
    loops: opts.loops ?? 1,
    handle: (ctx, jobs) => handle(ctx, read(queue, jobs)),
  };
}

/** A worker whose jobs run side by side, each on its own (a failure retries that job only). */
export function jobWorker<C, S extends z.ZodType>(
  queue: Queue<S>,
  handle: (ctx: C, data: z.infer<S>, id: string) => Promise<unknown>,
  opts: { batchSize?: number } = {},
): JobWorker<C> {
  return batchWorker<C, S>(
    queue,
    (ctx, jobs) => Promise.allSettled(jobs.map((j) => handle(ctx, j.data, j.id))),
    opts,
  );
}

/** Every queue of a set of declarations (the job schema installs them). */
export const queuesOf = <C>(declarations: readonly JobDeclarations<C>[]): Queue[] =>
  declarations.flatMap((d) => d.queues);

export interface WorkerOptions {
  /** How often idle workers look for jobs queued by other instances (seconds, ≥ 0.5). */
  pollingSeconds?: number;
  /** How often expired jobs are looked for (seconds). */
  maintenanceSeconds?: number;
}

export async function startJobWorkers<C>(
  platform: { database: Database; logger: Logger; jobs: Jobs },
  declarations: readonly JobDeclarations<C>[],
  ctx: C,
  opts: WorkerOptions = {},
): Promise<() => Promise<void>> {
  const { logger: log, jobs: producer } = platform;
  const boss = new PgBoss({
    ...bossOptions(platform.database),
    migrate: false,
    supervise: true,
    schedule: true,
    maintenanceIntervalSeconds: opts.maintenanceSeconds ?? 60,
  });
  boss.on("error", (err) => log.error({ err }, "jobs: worker error"));
  await boss.start();
  /** Fails, each alone, the jobs of a batch whose result was rejected; the others complete. */
  const failRejected = async (name: string, jobs: PgBoss.Job<unknown>[], results: BatchResult) => {
    for (const [i, r] of (results ?? []).entries()) {
      if (r.status === "fulfilled") continue;
      const job = jobs[i]!;
      log.warn({ err: r.reason, queue: name, job: job.id }, "jobs: job failed");
      await boss.fail(name, job.id, { message: String((r.reason as Error)?.message ?? r.reason) });
    }
  };
  const workerIds = new Map<string, string[]>();
  for (const worker of declarations.flatMap((d) => d.workers)) {
    const { name } = worker.queue;
    for (let loop = 0; loop < worker.loops; loop++) {
      let self = "";
      self = await boss.work<unknown>(
        name,
        { pollingIntervalSeconds: opts.pollingSeconds ?? 2, batchSize: worker.batchSize },
        async (jobs) => {
          // A full batch means more may be waiting: fetch again as soon as it is done rather than
          // after the polling interval (pg-boss waits the interval unless its worker is notified).
          if (jobs.length === worker.batchSize) boss.notifyWorker(self);
          await failRejected(name, jobs, await worker.handle(ctx, jobs));
        },
      );
      workerIds.set(name, [...(workerIds.get(name) ?? []), self]);
    }
  }
  // A job queued by this instance is fetched at once rather than at the next poll.
  producer.wake = (queue) => {
    for (const id of workerIds.get(queue) ?? []) boss.notifyWorker(id);
  };
  for (const schedule of declarations.flatMap((d) => d.schedules)) {
    const { name } = schedule.queue;
    const cron = schedule.cron(ctx);
    // A schedule is one row across instances: its minute's job is sent once.
    if (cron) await boss.schedule(name, cron, {}, { tz: "UTC" });
    else await boss.unschedule(name);
    if (schedule.atStart)
      await producer.send(schedule.queue, {}, { singletonKey: "start", singletonSeconds: 30 });
  }
  return async () => {
    producer.wake = null;
    await boss.stop({ graceful: true, wait: true, close: false, timeout: 5_000 });
  };
}
