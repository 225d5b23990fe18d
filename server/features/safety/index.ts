// The safety feature's public surface: what other features and capabilities use. The rest of this
// folder is its own (the linter refuses other imports: biome.json, docs/decisions/0017).
export { blockedBetween, blockedSet } from "./blocks.service.ts";
export { safetyReactions } from "./reactions.ts";
