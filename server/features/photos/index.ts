// The photos feature's public surface: what other features and capabilities use. The rest of this
// folder is its own (the linter refuses other imports: biome.json, docs/decisions/0017).

export { isOwnedBy, photoDto, photoFiles, thumbKey } from "../../platform/storage/photo-keys.ts";
export { forgetRenditions, renditionsFor } from "../../platform/storage/photo-renditions.ts";
export { blurredVariant } from "./blurred.ts";
export { photoJobs } from "./jobs.ts";
export {
  type KeyColumn,
  keysSql,
  STORAGE_KEY_COLUMNS,
  VOICE_KEY_COLUMNS,
  withThumbnails,
} from "./key-references.ts";
export { ORPHAN_GRACE_MS, type SweepReport, sweepOrphanFiles } from "./orphan-files.ts";
export { PATH_QUERY_RULES, photoPathQuery } from "./photo-path-query.ts";
export { deletePhoto } from "./photos.service.ts";
