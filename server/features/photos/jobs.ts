// The photos feature's recurring work: stored files no row names, older than a day, are removed
// (orphan-files.ts), once a day across instances.
import { z } from "zod";
import type { AppDeps } from "../../deps.ts";
import { defineQueue } from "../../platform/jobs/queue.ts";
import { type JobDeclarations, jobWorker } from "../../platform/jobs/workers.ts";
import { sweepOrphanFiles } from "./orphan-files.ts";

export const PHOTO_QUEUES = {
  orphanFiles: defineQueue("orphan-files", z.object({}), {
    retryLimit: 2,
    retryDelay: 600,
    expireInSeconds: 3600,
  }),
};

export const photoJobs: JobDeclarations<AppDeps> = {
  queues: Object.values(PHOTO_QUEUES),
  workers: [
    jobWorker(PHOTO_QUEUES.orphanFiles, async (deps: AppDeps) => {
      deps.logger.info(await sweepOrphanFiles(deps), "orphan files swept");
      deps.logger.info(await sweepOrphanFiles(deps, { storage: "voices" }), "orphan voice files swept");
    }),
  ],
  schedules: [{ queue: PHOTO_QUEUES.orphanFiles, cron: () => "20 4 * * *" }],
};
