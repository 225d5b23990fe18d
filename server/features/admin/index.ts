// The admin feature's public surface: what other features and capabilities use. The rest of this
// folder is its own (the linter refuses other imports: biome.json, docs/decisions/0017).
export { type Actor, audit } from "./audit.ts";
export { cappedTotal } from "./list-query.ts";
export { memberRefJson, memberRefRow, toMemberRef } from "./member-ref.ts";
