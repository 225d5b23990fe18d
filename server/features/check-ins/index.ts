// The check-ins feature's public surface (issue 40): its routes and its job.
export { checkInRoutes } from "./check-ins.routes.ts";
export { checkInJobs, runCheckInSweep } from "./jobs.ts";
