// The photos feature's recurring and background work: stored files no row names, older than a day,
// are removed (orphan-files.ts), once a day across instances; each photo's renditions are made by a
// job of their own, one at a time per instance (renditions.ts: encoding AVIF takes a core for
// seconds), and a backfill queues those of photos that have none, at start and daily.
import { setTimeout } from "node:timers/promises";
import type { AppDeps } from "../../deps.ts";
import { type JobDeclarations, jobWorker } from "../../platform/jobs/workers.ts";
import { sweepOrphanFiles } from "./orphan-files.ts";
import { PHOTO_QUEUES } from "./queues.ts";
import { backfillRenditions, makeRenditions } from "./renditions.ts";

export { PHOTO_QUEUES };

export const photoJobs: JobDeclarations<AppDeps> = {
  queues: Object.values(PHOTO_QUEUES),
  workers: [
    jobWorker(PHOTO_QUEUES.orphanFiles, async (deps: AppDeps) => {
      deps.logger.info(await sweepOrphanFiles(deps), "orphan files swept");
      deps.logger.info(await sweepOrphanFiles(deps, { storage: "voices" }), "orphan voice files swept");
    }),
    // One job at a time on this instance (a batch of one, one fetch loop): the other core stays free
    // for the requests.
    jobWorker(PHOTO_QUEUES.renditions, async (deps: AppDeps, { key, backfill }) => {
      const started = performance.now();
      const outcome = await makeRenditions(deps, key);
      deps.logger.info({ key, outcome }, "photo renditions");
      // The backfill is no hurry: after each of its photos the worker rests three times as long
      // as the photo took (at most 10 s), so that catching up on hundreds of photos (the demo's
      // 295 at a first `npm start`) takes at most about a quarter of a core, not a whole one for
      // minutes beside the requests.
      if (backfill) await setTimeout(Math.min(10_000, 3 * (performance.now() - started)));
    }),
    // Off where a server's demo photos would only cost CPU (the journeys' server, PHOTO_RENDITION_BACKFILL=false).
    jobWorker(PHOTO_QUEUES.renditionsBackfill, async (deps: AppDeps) => {
      if (deps.config.photoRenditionBackfill) await backfillRenditions(deps);
    }),
  ],
  schedules: [
    { queue: PHOTO_QUEUES.orphanFiles, cron: () => "20 4 * * *" },
    { queue: PHOTO_QUEUES.renditionsBackfill, cron: () => "50 4 * * *", atStart: true },
  ],
};
