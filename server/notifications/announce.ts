// Queues what may notify the members concerned by a write. A match or a payment: after the write has
// committed; a failure to queue is logged, not answered: the write stands (as with realtime/notify.ts).
// A message: inside its transaction (queueMessageJobs). The jobs decide when they run (preferences,
// quiet hours, blocks, whether it was read meanwhile).
import { NOTIFICATION_LIMITS } from "@domain/notifications.ts";
import type { SqlExecutor } from "../db/client.ts";
import type { AppDeps } from "../deps.ts";
import { QUEUES, type QueueName } from "../jobs/queue.ts";

type Deps = Pick<AppDeps, "jobs" | "logger">;

export interface MessageJob {
  recipientId: string;
  matchId: string;
}

export interface PushJob {
  /** A member's every device, with a payload built by kind… */
  userId?: string;
  kind?: "match" | "payment";
  matchId?: string;
  /** …or one device again, with the payload that failed (a retry). */
  subscriptionId?: string;
  payload?: import("@domain/notifications.ts").PushPayload;
}

export interface ImmediateEmailJob {
  userId: string;
}

async function guarded(deps: Deps, what: string, run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (err) {
    deps.logger.error({ err, what }, "notifications: queuing failed");
  }
}

/** Who may be told of a new message outside the site, as the send's own statement read it. */
export interface MessageAudience {
  /** The recipient has a push subscription. */
  push: boolean;
  /** A confirmed address, « Tout de suite » chosen, away from the site. */
  email: boolean;
}

/**
 * A new message's notification jobs, queued inside the message's transaction: the message and its
 * jobs commit together (no message without its notification after a crash, no job for a message
 * rolled back), and the send pays no commit of its own for them. Push: one debounced job per
 * recipient and conversation. E-mail: one debounced job per recipient. Returns the queues to wake
 * once the transaction has committed (`wakeQueues`).
 */
export async function queueMessageJobs(
  jobs: Pick<AppDeps["jobs"], "sendDebounced">,
  tx: SqlExecutor,
  job: MessageJob,
  audience: MessageAudience,
): Promise<QueueName[]> {
  const queued: QueueName[] = [];
  if (audience.push) {
    const key = `${job.recipientId}:${job.matchId}`;
    const seconds = NOTIFICATION_LIMITS.MESSAGE_PUSH_GROUP_SECONDS;
    await jobs.sendDebounced(QUEUES.pushMessage.name, job, seconds, key, tx);
    queued.push(QUEUES.pushMessage.name);
  }
  if (audience.email) {
    await immediateEmail(jobs, job.recipientId, tx);
    queued.push(QUEUES.emailImmediate.name);
  }
  return queued;
}

/** Wakes this instance's workers for jobs that have just committed. */
export function wakeQueues(deps: Pick<AppDeps, "jobs">, queues: readonly QueueName[]): void {
  for (const q of queues) deps.jobs.wake?.(q);
}

/** A new match: the member who did not make it last is told (the other one sees it on screen). */
export function announceMatch(deps: Deps, recipientId: string, matchId: string): Promise<void> {
  const job: PushJob = { userId: recipientId, kind: "match", matchId };
  return guarded(deps, "match", () =>
    Promise.all([deps.jobs.send(QUEUES.push.name, job), immediateEmail(deps.jobs, recipientId)]),
  );
}

export function announcePayment(deps: Deps, userId: string): Promise<void> {
  const job: PushJob = { userId, kind: "payment" };
  return guarded(deps, "payment", () => deps.jobs.send(QUEUES.push.name, job));
}

/** The recipient's « Tout de suite » e-mail, debounced per member (handlers.ts handleImmediateEmail). */
export function immediateEmail(
  jobs: Pick<AppDeps["jobs"], "sendDebounced">,
  userId: string,
  within?: SqlExecutor,
): Promise<string | null> {
  const job: ImmediateEmailJob = { userId };
  const seconds = NOTIFICATION_LIMITS.IMMEDIATE_EMAIL_GROUP_MINUTES * 60;
  return jobs.sendDebounced(QUEUES.emailImmediate.name, job, seconds, userId, within);
}
