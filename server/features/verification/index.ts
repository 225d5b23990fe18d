// The verification capability's public surface: what other features and capabilities use. The rest of this
// folder is its own (the linter refuses other imports: biome.json, docs/decisions/0017).

export { THRESHOLDS as FACE_THRESHOLDS } from "./decide.ts";
export { faceEngine, similarity as faceSimilarity } from "./face-engine.ts";
export { withMainPhotoRecheck } from "./recheck.ts";
export {
  CALL_MISMATCH,
  decideVerification,
  listPendingVerifications,
  pendingSelfie,
} from "./review.service.ts";
