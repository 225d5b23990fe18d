// The profile feature's public surface: what other features may use. Everything else in this folder
// is its own (the linter refuses other imports: biome.json, noRestrictedImports).
export { useProfile } from "./api.ts";
export { FirstMessageSetting } from "./components/FirstMessageSetting.tsx";
export { PhotoManager } from "./components/PhotoManager.tsx";
export { ProfileCompleteness } from "./components/ProfileCompleteness.tsx";
export {
  BioField,
  BirthDateField,
  CityField,
  CountryField,
  CountryOptions,
  FirstNameField,
  GenderField,
  InterestsField,
  LanguagesField,
  LookingForField,
  OriginCountryField,
  RelocateField,
} from "./components/ProfileFields.tsx";
export { profileResolver } from "./components/ProfileForm.tsx";
export { profileKeys } from "./keys.ts";
export {
  birthDateBounds,
  PROFILE_FIELDS,
  type ProfileField,
  type ProfileFormValues,
  toFormValues,
  toProfileField,
} from "./profile-values.ts";
export { INVALID_FORM_MESSAGE, useProfileSave } from "./use-profile-save.ts";
