// Called by the features after a write has committed: queues what may notify the members concerned.
// The jobs decide when they run (preferences, quiet hours, blocks, whether it was read meanwhile).
// A failure to queue is logged, not answered: the write stands (as with realtime/notify.ts).
import { NOTIFICATION_LIMITS } from "@domain/notifications.ts";
import type { AppDeps } from "../http/types.ts";
import { QUEUES } from "../jobs/queue.ts";

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

/**
 * A new message: one debounced job per recipient and conversation, on the request's path; that job
 * queues the recipient's e-mail in turn (handlers.ts), so a message costs the API one insert.
 */
export function announceMessage(deps: Deps, recipientId: string, matchId: string): Promise<void> {
  const job: MessageJob = { recipientId, matchId };
  return guarded(deps, "message", () =>
    deps.jobs.sendDebounced(
      QUEUES.pushMessage.name,
      job,
      NOTIFICATION_LIMITS.MESSAGE_PUSH_GROUP_SECONDS,
      `${recipientId}:${matchId}`,
    ),
  );
}

/** A new match: the member who did not make it last is told (the other one sees it on screen). */
export function announceMatch(deps: Deps, recipientId: string, matchId: string): Promise<void> {
  const job: PushJob = { userId: recipientId, kind: "match", matchId };
  return guarded(deps, "match", () =>
    Promise.all([deps.jobs.send(QUEUES.push.name, job), immediateEmail(deps, recipientId)]),
  );
}

export function announcePayment(deps: Deps, userId: string): Promise<void> {
  const job: PushJob = { userId, kind: "payment" };
  return guarded(deps, "payment", () => deps.jobs.send(QUEUES.push.name, job));
}

export function immediateEmail(deps: Pick<AppDeps, "jobs">, userId: string) {
  const job: ImmediateEmailJob = { userId };
  return deps.jobs.sendDebounced(
    QUEUES.emailImmediate.name,
    job,
    NOTIFICATION_LIMITS.IMMEDIATE_EMAIL_GROUP_MINUTES * 60,
    userId,
  );
}
