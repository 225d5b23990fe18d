// The shield feature's public surface (Bouclier, issue 36): what other features use.
export { allowance } from "./allowance.ts";
export {
  assertInQueue,
  markBanned,
  releaseFromQueue,
  requireVerification,
  shieldFairness,
  shieldQueue,
} from "./queue.service.ts";
export { shieldReactions } from "./reactions.ts";
export { screenOutgoing } from "./screen.ts";
export { loadShieldSettings, saveShieldSettings } from "./settings.ts";
export { shieldRoutes } from "./shield.routes.ts";
