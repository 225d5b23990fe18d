// The shield's jobs (issue 36): the face comparison after a successful selfie verification.
import { z } from "zod";
import type { AppDeps } from "../../deps.ts";
import { defineQueue } from "../../platform/jobs/queue.ts";
import { type JobDeclarations, jobWorker } from "../../platform/jobs/workers.ts";
import { checkFaceReuse } from "./face-reuse.ts";

export const SHIELD_QUEUES = {
  faceCheck: defineQueue("shield-face-check", z.object({ userId: z.string() }), {
    retryLimit: 3,
    retryDelay: 60,
    expireInSeconds: 900,
  }),
};

export const shieldJobs: JobDeclarations<AppDeps> = {
  queues: Object.values(SHIELD_QUEUES),
  workers: [jobWorker(SHIELD_QUEUES.faceCheck, (deps: AppDeps, { userId }) => checkFaceReuse(deps, userId))],
  schedules: [],
};
