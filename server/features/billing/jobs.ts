// Billing's recurring work, as pg-boss schedules (they run only where JOB_WORKERS is on, once per
// tick across instances): ended subscriptions swept to « expired » (SPEC §4), and pending payments
// asked of their provider again (the rows hold when each is due: settle.ts).
import { z } from "zod";
import type { AppDeps } from "../../deps.ts";
import { defineQueue } from "../../platform/jobs/queue.ts";
import { type JobDeclarations, jobWorker } from "../../platform/jobs/workers.ts";
import { recheckPendingPayments } from "./settle.ts";
import { sweepExpiredSubscriptions } from "./subscription-status.ts";

export const BILLING_QUEUES = {
  subscriptionSweep: defineQueue("subscription-sweep", z.object({}), {
    retryLimit: 1,
    retryDelay: 60,
    expireInSeconds: 300,
  }),
  paymentRecheck: defineQueue("payment-recheck", z.object({}), {
    retryLimit: 1,
    retryDelay: 60,
    expireInSeconds: 600,
  }),
};

/** A cron expression for « every `minutes` minutes » (cron counts whole minutes, 1 at least). */
export function cronEvery(minutes: number): string {
  const m = Math.max(1, Math.round(minutes));
  if (m === 1) return "* * * * *";
  if (m < 60) return `*/${m} * * * *`;
  const h = Math.round(m / 60);
  return h >= 24 ? "0 0 * * *" : `0 */${h} * * *`;
}

export const billingJobs: JobDeclarations<AppDeps> = {
  queues: Object.values(BILLING_QUEUES),
  workers: [
    jobWorker(BILLING_QUEUES.subscriptionSweep, async (deps: AppDeps) => {
      const members = await sweepExpiredSubscriptions(deps.database.db);
      if (members > 0) deps.logger.info({ members }, "subscriptions: expired members updated");
    }),
    jobWorker(BILLING_QUEUES.paymentRecheck, async (deps: AppDeps) => {
      const r = await recheckPendingPayments(deps);
      if (r.settled + r.expired > 0) deps.logger.info(r, "payments: pending payments settled");
    }),
  ],
  schedules: [
    // Also at start: members whose subscription ended while the site was down are swept at once.
    {
      queue: BILLING_QUEUES.subscriptionSweep,
      cron: (deps) => cronEvery(deps.config.subscriptionSweepMs / 60_000),
      atStart: true,
    },
    {
      queue: BILLING_QUEUES.paymentRecheck,
      cron: (deps) => cronEvery(deps.config.pendingPayments.recheckMs / 60_000),
      atStart: true,
    },
  ],
};
