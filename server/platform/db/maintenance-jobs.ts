// The platform's own recurring work: the embedded database's VACUUM and ANALYZE (PGlite only, see
// embedded-maintenance.ts) and the purge of expired attempt counters (http/rate-limit.ts).
import { z } from "zod";
import { purgeExpiredLimits } from "../http/rate-limit.ts";
import { defineQueue } from "../jobs/queue.ts";
import { type JobDeclarations, jobWorker } from "../jobs/workers.ts";
import type { Logger } from "../logger.ts";
import type { Database } from "./client.ts";
import { maintainEmbeddedDatabase } from "./embedded-maintenance.ts";

interface PlatformContext {
  database: Database;
  logger: Logger;
}

const nothing = z.object({});
const policy = { retryLimit: 1, retryDelay: 300, expireInSeconds: 1800 };

export const MAINTENANCE_QUEUES = {
  embeddedVacuum: defineQueue("embedded-vacuum", nothing, policy),
  embeddedAnalyze: defineQueue("embedded-analyze", nothing, policy),
  /** Attempt counters and used TOTP codes whose time is over. */
  limitsPurge: defineQueue("limits-purge", nothing, { retryLimit: 3, retryDelay: 300, expireInSeconds: 900 }),
};

const embeddedOnly = (cron: string) => (ctx: PlatformContext) =>
  ctx.database.kind === "pglite" ? cron : null;

export const maintenanceJobs: JobDeclarations<PlatformContext> = {
  queues: Object.values(MAINTENANCE_QUEUES),
  workers: [
    jobWorker(MAINTENANCE_QUEUES.embeddedVacuum, async (ctx: PlatformContext) =>
      ctx.logger.info(await maintainEmbeddedDatabase(ctx.database, ["VACUUM"]), "embedded database vacuumed"),
    ),
    jobWorker(MAINTENANCE_QUEUES.embeddedAnalyze, async (ctx: PlatformContext) =>
      ctx.logger.info(
        await maintainEmbeddedDatabase(ctx.database, ["ANALYZE"]),
        "embedded database analyzed",
      ),
    ),
    jobWorker(MAINTENANCE_QUEUES.limitsPurge, (ctx: PlatformContext) => purgeExpiredLimits(ctx.database.db)),
  ],
  schedules: [
    { queue: MAINTENANCE_QUEUES.embeddedVacuum, cron: embeddedOnly("50 * * * *") },
    { queue: MAINTENANCE_QUEUES.embeddedAnalyze, cron: embeddedOnly("55 4 * * *") },
    { queue: MAINTENANCE_QUEUES.limitsPurge, cron: () => "40 3 * * *" },
  ],
};
