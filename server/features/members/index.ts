// The members feature's public surface: what other features and capabilities use. The rest of this
// folder is its own (the linter refuses other imports: biome.json, docs/decisions/0017).
export { hiddenFrom, hiddenUnlessMatched, hidesFrom } from "./discretion.ts";
export { findVisibleMember, memberNotFound } from "./members.service.ts";
export { blurredFor, blurringOwner, maySeePhotos, maySeePhotosOf } from "./photo-blur.ts";
export {
  birthDateUnconfirmed,
  notBannedAs,
  oppositeGender,
  type PagePhotos,
  PUBLIC_COLUMNS,
  type PublicRow,
  pagePhotos,
  publicRow,
  textArray,
  toPublicProfile,
  VISIBLE,
  type Viewer,
  viewerFrom,
  visibleAs,
} from "./public-profile.ts";
export { listVisits } from "./visits.service.ts";
