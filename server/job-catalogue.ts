// Every feature's job declarations (queues with their payload schemas, workers, schedules), and the
// platform's own: what createDeps installs and what the workers of an instance run (job-workers.ts).
import type { AppDeps } from "./deps.ts";
import { billingJobs } from "./features/billing/index.ts";
import { callJobs } from "./features/calls/index.ts";
import { checkInJobs } from "./features/check-ins/index.ts";
import { notificationJobs } from "./features/notifications/index.ts";
import { photoJobs } from "./features/photos/index.ts";
import { shieldJobs } from "./features/shield/index.ts";
import { maintenanceJobs } from "./platform/db/maintenance-jobs.ts";
import type { JobDeclarations } from "./platform/jobs/workers.ts";

export const JOB_CATALOGUE: readonly JobDeclarations<AppDeps>[] = [
  notificationJobs,
  billingJobs,
  photoJobs,
  shieldJobs,
  callJobs,
  checkInJobs,
  maintenanceJobs,
];
