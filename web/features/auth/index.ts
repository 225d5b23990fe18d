// The auth feature's public surface: what other features may use. Everything else in this folder
// is its own (the linter refuses other imports: biome.json, noRestrictedImports).
export { runAuthCall } from "./auth-error.ts";
export { AuthCard } from "./components/AuthCard.tsx";
export { useResendVerification } from "./email-verification.ts";
