// Check-ins' job (issue 40): the sweep that alerts the contacts of a check-in left unanswered. It
// runs every minute, and is queued for the moment a check-in's grace ends (and at once after a false
// alarm), so an alert leaves within seconds of being due — and within a minute if that job is lost.
import { z } from "zod";
import type { AppDeps } from "../../deps.ts";
import { defineQueue } from "../../platform/jobs/queue.ts";
import { type JobDeclarations, jobWorker } from "../../platform/jobs/workers.ts";
import { sendPush } from "../notifications/index.ts";
import { sweepCheckIns } from "./check-ins.service.ts";

export const CHECK_IN_QUEUES = {
  sweep: defineQueue("check-ins-sweep", z.object({}), {
    retryLimit: 5,
    retryDelay: 20,
    expireInSeconds: 300,
  }),
};

export function runCheckInSweep(deps: AppDeps): Promise<number> {
  return sweepCheckIns(deps, async (userId, title, body) => {
    await sendPush(deps, userId, { kind: "alert", title, body, url: "/", tag: "check-in-alert" });
  });
}

export const checkInJobs: JobDeclarations<AppDeps> = {
  queues: Object.values(CHECK_IN_QUEUES),
  workers: [
    jobWorker(CHECK_IN_QUEUES.sweep, async (deps: AppDeps) => {
      const sent = await runCheckInSweep(deps);
      if (sent > 0) deps.logger.info({ sent }, "check-ins: contacts e-mailed");
    }),
  ],
  schedules: [{ queue: CHECK_IN_QUEUES.sweep, cron: () => "* * * * *" }],
};
