// Calls' jobs (issue 38): a call must end even when nobody is left to end it — a caller whose tab
// closed while it rang, two phones that lost the network mid-call. The sweep ends calls that rang
// out (« manqué ») or whose pages stopped saying they were there; it runs once a ring's time is up
// (queued when the call starts) and every minute for calls whose pages went silent.
import { z } from "zod";
import type { AppDeps } from "../../deps.ts";
import { defineQueue } from "../../platform/jobs/queue.ts";
import { type JobDeclarations, jobWorker } from "../../platform/jobs/workers.ts";
import { endStaleCalls } from "./calls.service.ts";

export const CALL_QUEUES = {
  sweep: defineQueue("calls-sweep", z.object({}), { retryLimit: 2, retryDelay: 10, expireInSeconds: 120 }),
};

/** When the sweep after a ring runs: just after its time is up. */
export const ringSweepDelaySeconds = (ringSeconds: number) => ringSeconds + 2;

export const callJobs: JobDeclarations<AppDeps> = {
  queues: Object.values(CALL_QUEUES),
  workers: [
    jobWorker(CALL_QUEUES.sweep, async (deps: AppDeps) => {
      const ended = await endStaleCalls(deps);
      if (ended > 0) deps.logger.info({ ended }, "calls: rang out or left, ended");
    }),
  ],
  schedules: [{ queue: CALL_QUEUES.sweep, cron: () => "* * * * *" }],
};
