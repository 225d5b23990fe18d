// The verification feature's public surface: what other features may use. Everything else in this folder
// is its own (the linter refuses other imports: biome.json, noRestrictedImports).

export { verificationKeys } from "./keys.ts";
export { ProfileVerificationCard } from "./ProfileVerificationCard.tsx";
