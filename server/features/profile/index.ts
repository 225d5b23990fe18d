// The profile feature's public surface: what other features and capabilities use. The rest of this
// folder is its own (the linter refuses other imports: biome.json, docs/decisions/0017).
export {
  countryChange,
  findProfile,
  getOrCreateProfile,
  isRelocate,
  ownProfileDto,
  type ProfileRow,
} from "./profile.service.ts";
