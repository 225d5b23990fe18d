// The notifications feature's public surface: what other features may use. Everything else in this folder
// is its own (the linter refuses other imports: biome.json, noRestrictedImports).
export { NotificationPreferencesSection } from "./components/NotificationPreferencesSection.tsx";
export { PushInvitation } from "./components/PushInvitation.tsx";
export { notificationKeys } from "./keys.ts";
