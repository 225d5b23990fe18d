// Durable jobs (issue 18) on pg-boss, a PostgreSQL job queue: digests, reminders, pushes and
// retries live in the database (schema `pgboss`), so they survive a restart and each runs once
// across instances (SKIP LOCKED). The same queue runs on both engines: pg-boss talks to the
// database through our own connection (the pool on a server, the one PGlite client embedded), so
// the embedded database needs no second connection (ADR 0015).
import PgBoss from "pg-boss";
import type { Database, SqlExecutor } from "../db/client.ts";
import type { Logger } from "../logger.ts";

export const JOB_SCHEMA = "pgboss";

/** Every queue, with its retry and expiry policy. */
export const QUEUES = {
  /** A new message: one push per conversation and grouping window (debounced). */
  pushMessage: { name: "push-message", retryLimit: 3, retryDelay: 5, expireInSeconds: 60 },
  /** A new match, a payment, a reminder: one push each. */
  push: { name: "push", retryLimit: 3, retryDelay: 5, expireInSeconds: 60 },
  /** « Tout de suite » e-mails: what arrived for a member who is away (debounced per member). */
  emailImmediate: { name: "email-immediate", retryLimit: 5, retryDelay: 30, expireInSeconds: 300 },
  /** Sends the outbox's pending e-mails; retried with backoff when the SMTP server fails. */
  emailDeliver: { name: "email-deliver", retryLimit: 8, retryDelay: 30, expireInSeconds: 600 },
  /** Daily and weekly digests: planned in batches of members, each batch a job. */
  digestPlan: { name: "digest-plan", retryLimit: 3, retryDelay: 60, expireInSeconds: 900 },
  digestBatch: { name: "digest-batch", retryLimit: 5, retryDelay: 60, expireInSeconds: 900 },
  /** « Votre abonnement se termine dans 3 jours ». */
  subscriptionReminders: {
    name: "subscription-reminders",
    retryLimit: 3,
    retryDelay: 60,
    expireInSeconds: 900,
  },
  /** Old sent e-mails, visits older than 90 days. */
  purge: { name: "purge", retryLimit: 3, retryDelay: 300, expireInSeconds: 900 },
  /** Stored files no row names, older than a day: removed (features/photos/orphan-files.ts). */
  orphanFiles: { name: "orphan-files", retryLimit: 2, retryDelay: 600, expireInSeconds: 3600 },
  /** The embedded database's VACUUM (hourly) and ANALYZE (daily): server/db/embedded-maintenance.ts. */
  embeddedVacuum: { name: "embedded-vacuum", retryLimit: 1, retryDelay: 300, expireInSeconds: 1800 },
  embeddedAnalyze: { name: "embedded-analyze", retryLimit: 1, retryDelay: 300, expireInSeconds: 1800 },
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]["name"];

export interface Jobs {
  /** Queues a job; resolves with its id (null: a singleton already queued). */
  send(queue: QueueName, data: object, options?: PgBoss.SendOptions): Promise<string | null>;
  /**
   * Queues at most one job per `key` and window of `seconds`: the first at once, the next ones of
   * the window gathered into one at its end (pg-boss's sendDebounced).
   */
  sendDebounced(
    queue: QueueName,
    data: object,
    seconds: number,
    key: string,
    /**
     * An open transaction (db/client.ts transactionSql): the job commits with its writes. The
     * worker is then not woken here, where the job is not yet visible: the caller calls `wake`
     * once the transaction has committed.
     */
    within?: SqlExecutor,
  ): Promise<string | null>;
  /** Set by the workers of this instance (job-workers.ts): wakes the one serving `queue`. */
  wake: ((queue: QueueName) => void) | null;
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
export async function installJobSchema(database: Database): Promise<PgBoss> {
  const boss = new PgBoss({ ...bossOptions(database), supervise: false, schedule: false });
  await boss.start();
  for (const q of Object.values(QUEUES)) {
    const { name, ...policy } = q;
    const existing = await boss.getQueue(name);
    if (!existing) await boss.createQueue(name, { name, ...policy });
    else if (
      existing.retryLimit !== policy.retryLimit ||
      existing.retryDelay !== policy.retryDelay ||
      existing.expireInSeconds !== policy.expireInSeconds
    )
      await boss.updateQueue(name, { name, ...policy });
  }
  return boss;
}

/** The producer side: every instance sends jobs; only main.ts starts workers (job-workers.ts). */
export async function openJobs(database: Database, logger: Logger): Promise<Jobs> {
  const boss = await installJobSchema(database);
  boss.on("error", (err) => logger.error({ err }, "jobs: queue error"));
  const jobs: Jobs = {
    wake: null,
    async send(queue, data, options = {}) {
      const id = await boss.send(queue, data, options);
      jobs.wake?.(queue);
      return id;
    },
    async sendDebounced(queue, data, seconds, key, within) {
      const id = await boss.sendDebounced(queue, data, within ? { db: within } : {}, seconds, key);
      if (!within) jobs.wake?.(queue);
      return id;
    },
    stop: () => boss.stop({ graceful: false, wait: true, close: false }),
  };
  return jobs;
}
