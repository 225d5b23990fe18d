// The shield feature's public surface (Bouclier, issue 36): what other features use.
export { allowance } from "./allowance.ts";
export { noteConnection } from "./connections.ts";
export { shieldJobs } from "./jobs.ts";
export {
  decideBan,
  releaseFromQueue,
  requireVerification,
  shieldFairness,
  shieldQueue,
} from "./queue.service.ts";
export { shieldReactions } from "./reactions.ts";
export { screenOutgoing } from "./screen.ts";
export { loadShieldSettings, saveShieldSettings, shieldSettingsOrDefault } from "./settings.ts";
export { shieldRoutes } from "./shield.routes.ts";
