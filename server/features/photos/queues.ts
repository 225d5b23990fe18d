// The photos feature's queues: the daily orphan sweep, and the renditions (issue 39) — one job per
// photo, and the backfill that queues them for photos that have none.
import { z } from "zod";
import { defineQueue } from "../../platform/jobs/queue.ts";

export const PHOTO_QUEUES = {
  orphanFiles: defineQueue("orphan-files", z.object({}), {
    retryLimit: 2,
    retryDelay: 600,
    expireInSeconds: 3600,
  }),
  /**
   * One photo's renditions. At most one job per photo waits in the queue (singletonKey: the key): the
   * upload's and the backfill's meet there. A job is seconds of work; a few tries, a minute apart.
   */
  renditions: defineQueue(
    "photo-renditions",
    // backfill: queued by the backfill, which yields the CPU between photos (jobs.ts).
    z.object({ key: z.string().min(1).max(300), backfill: z.literal(true).optional() }),
    {
      retryLimit: 3,
      retryDelay: 60,
      expireInSeconds: 600,
      policy: "short",
    },
  ),
  /** Queues the renditions of photos that have none (at start, daily, and until none is left). */
  renditionsBackfill: defineQueue("photo-renditions-backfill", z.object({}), {
    retryLimit: 2,
    retryDelay: 600,
    expireInSeconds: 3600,
  }),
};
