// The subscription feature's public surface: what other features may use. Everything else in this folder
// is its own (the linter refuses other imports: biome.json, noRestrictedImports).

export { SearchTeaser } from "./components/SearchTeaser.tsx";
export { subscriptionKeys } from "./keys.ts";
