// The members feature's public surface: what other features may use. Everything else in this folder
// is its own (the linter refuses other imports: biome.json, noRestrictedImports).
export { CompatibilityBadge } from "./CompatibilityBadge.tsx";
export { MemberPhoto } from "./MemberPhoto.tsx";
export { displayName, nameAndAge, objectPronoun } from "./member-labels.ts";
export { PhotoPicture } from "./PhotoPicture.tsx";
export { PresenceBadge } from "./PresenceBadge.tsx";
export { ProfileDetails } from "./ProfileDetails.tsx";
export { smallPhotoUrl } from "./photo-sources.ts";
export { useRecordVisit } from "./use-record-visit.ts";
export { ProfileVerifiedBadge, SeenOnCallBadge, VerifiedBadge } from "./VerifiedBadge.tsx";
export { VoiceIntro } from "./VoiceIntro.tsx";
