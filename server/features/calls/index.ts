// The calls feature's public surface (issue 38): what other features and capabilities use. The rest
// of this folder is its own (the linter refuses other imports: biome.json, docs/decisions/0017).
export { callMatchRoutes, callRoutes } from "./calls.routes.ts";
export { callJobs } from "./jobs.ts";
export { callReactions } from "./reactions.ts";
