// The verification capability's public surface: what other features and capabilities use. The rest of this
// folder is its own (the linter refuses other imports: biome.json, docs/decisions/0017).
export { withMainPhotoRecheck } from "./recheck.ts";
export { decideVerification, listPendingVerifications, pendingSelfie } from "./review.service.ts";
