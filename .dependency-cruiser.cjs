// Direction and cycles of the server and domain code (issue 35), checked by `npm run deps` in CI.
// Layers: the platform (infrastructure) imports no feature; features above it; the composition
// (app, server, entry points) on top. Known violations of today are listed in
// .dependency-cruiser-known-violations.json and shrink to none as the refactor lands; any new one
// fails. server/deps-rules.test.ts proves each rule refuses a violating import.
/** The platform: infrastructure that must not know any feature. */
const PLATFORM = "^server/(db|http|auth|jobs|ml|realtime|presence|storage|email|observability)/";
/** Features, including the four capabilities that sit beside `features/` today. */
const FEATURES = "^server/(features|notifications|payments|verification|moderation)/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import cycle (runtime or type-only): dependencies must run one way.",
      from: { path: "^(server|domain)/" },
      to: { circular: true },
    },
    {
      name: "platform-imports-no-feature",
      severity: "error",
      comment: "The platform layer imports no feature: features depend on it, never the reverse.",
      from: { path: PLATFORM, pathNot: "\\.test\\.ts$" },
      to: { path: FEATURES },
    },
    {
      name: "domain-imports-no-server",
      severity: "error",
      comment: "domain/ is shared with the web app: it imports nothing of the server.",
      from: { path: "^domain/" },
      to: { path: "^server/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    includeOnly: "^(server|domain)/",
    // Type-only imports count: a cycle through types is still a cycle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js"] },
  },
};
