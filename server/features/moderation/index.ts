// The moderation capability's public surface: what other features and capabilities use. The rest of this
// folder is its own (the linter refuses other imports: biome.json, docs/decisions/0017).
export {
  forgetPhoto,
  heldPhotoOwner,
  MEMBERS_WITH_ONLY_HELD_PHOTOS,
  recordScreening,
  renamePhoto,
  screenUpload,
  visiblePhotos,
} from "./moderation.service.ts";
export { decidePhotoReview, listPendingPhotoReviews } from "./review.service.ts";
