// Durable jobs (issue 18) on pg-boss, a PostgreSQL job queue: digests, reminders, pushes and
// retries live in the database (schema `pgboss`), so they survive a restart and each runs once
// across instances (SKIP LOCKED). The same queue runs on both engines: pg-boss talks to the
// database through our own connection (the pool on a server, the one PGlite client embedded), so
// the embedded database needs no second connection (ADR 0015).
//
// Each feature declares its queues (defineQueue, with a zod schema of the payload) in its own folder;
// sending is typed from the declaration, so a payload change fails `npm run typecheck` wherever a
// job is sent, and the worker reads the payload back through the same schema (jobs/workers.ts).
import PgBoss from "pg-boss";
import type { z } from "zod";
import type { Database, SqlExecutor } from "../db/client.ts";
import type { Logger } from "../logger.ts";

export const JOB_SCHEMA = "pgboss";

/** What pg-boss does with a queue's failed and silent jobs. */
export interface QueuePolicy {
  retryLimit: number;
  /** Seconds before a failed job is tried again. */
  retryDelay: number;
  /** A job whose worker has not answered after this long is failed (and retried). */
  expireInSeconds: number;
  /**
   * pg-boss's queue policy, set when the queue is created: "short" keeps at most one queued job per
   * singletonKey (a second send while one waits is dropped). Standard by default.
   */
  policy?: "standard" | "short";
}

/** A queue: its name, the schema of its payload and its policy. Plain schemas (no transforms). */
export interface Queue<S extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly payload: S;
  readonly policy: QueuePolicy;
}

/** The payload a queue's jobs carry. */
export type PayloadOf<Q extends Queue> = Q extends Queue<infer S> ? z.infer<S> : never;

export function defineQueue<S extends z.ZodType>(name: string, payload: S, policy: QueuePolicy): Queue<S> {
  return { name, payload, policy };
}

export interface SendOptions extends PgBoss.SendOptions {
  /**
   * An open transaction (db/client.ts transactionSql): the job commits with its writes. The worker
   * is then not woken here, where the job is not yet visible: whoever commits wakes it (events/).
   */
  within?: SqlExecutor;
}

export interface Jobs {
  /** Queues a job; resolves with its id (null: a singleton already queued). */
  send<Q extends Queue>(queue: Q, data: PayloadOf<Q>, options?: SendOptions): Promise<string | null>;
  /**
   * Queues at most one job per `key` and window of `seconds`: the first at once, the next ones of
   * the window gathered into one at its end (pg-boss's sendDebounced).
   */
  sendDebounced<Q extends Queue>(
    queue: Q,
    data: PayloadOf<Q>,
    seconds: number,
    key: string,
    within?: SqlExecutor,
  ): Promise<string | null>;
  /** Set by the workers of this instance (jobs/workers.ts): wakes the one serving the queue. */
  wake: ((queue: string) => void) | null;
  stop(): Promise<void>;
}

/** pg-boss's database adapter over our connection. */
export function jobDatabase(database: Database): PgBoss.Db {
  return { executeSql: (text, values) => database.executeSql(text, values) };
}

/** pg-boss's options shared by the producer and the workers. */
export function bossOptions(database: Database): PgBoss.ConstructorOptions {
  return { db: jobDatabase(database), schema: JOB_SCHEMA };
}

/**
 * Creates pg-boss's schema (or migrates it to the installed version) and the queues. Run at start-up
 * after the migrations, and for the test templates.
 */
export async function installJobSchema(database: Database, queues: readonly Queue[]): Promise<PgBoss> {
  const boss = new PgBoss({ ...bossOptions(database), supervise: false, schedule: false });
  await boss.start();
  for (const { name, policy } of queues) {
    const existing = await boss.getQueue(name);
    if (!existing) await boss.createQueue(name, { name, ...policy });
    else if (
      existing.retryLimit !== policy.retryLimit ||
      existing.retryDelay !== policy.retryDelay ||
      existing.expireInSeconds !== policy.expireInSeconds ||
      existing.policy !== (policy.policy ?? "standard")
    )
      await boss.updateQueue(name, { name, ...policy });
  }
  return boss;
}

/** The producer side: every instance sends jobs; only main.ts starts workers (jobs/workers.ts). */
export async function openJobs(database: Database, logger: Logger, queues: readonly Queue[]): Promise<Jobs> {
  const boss = await installJobSchema(database, queues);
  boss.on("error", (err) => logger.error({ err }, "jobs: queue error"));
  const jobs: Jobs = {
    wake: null,
    async send(queue, data, { within, ...options } = {}) {
      const payload = queue.payload.parse(data) as object;
      const id = await boss.send(queue.name, payload, within ? { ...options, db: within } : options);
      if (!within) jobs.wake?.(queue.name);
      return id;
    },
    async sendDebounced(queue, data, seconds, key, within) {
      const payload = queue.payload.parse(data) as object;
      const id = await boss.sendDebounced(queue.name, payload, within ? { db: within } : {}, seconds, key);
      if (!within) jobs.wake?.(queue.name);
      return id;
    },
    stop: () => boss.stop({ graceful: false, wait: true, close: false }),
  };
  return jobs;
}
