// The job workers of an instance (main.ts starts them unless JOB_WORKERS=false): every declaration
// of the catalogue, handed the composition's dependencies.
import type { AppDeps } from "./deps.ts";
import { JOB_CATALOGUE } from "./job-catalogue.ts";
import { startJobWorkers as start, type WorkerOptions } from "./platform/jobs/workers.ts";

export function startJobWorkers(deps: AppDeps, opts: WorkerOptions = {}): Promise<() => Promise<void>> {
  return start(deps, JOB_CATALOGUE, deps, opts);
}
