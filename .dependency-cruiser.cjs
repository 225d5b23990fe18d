// Direction and cycles of the server and domain code (issue 35), checked by `npm run deps` in CI.
// Layers: the platform (server/platform: database, HTTP plumbing, sessions, jobs, domain events,
// storage, e-mail, the real-time bus, the ML worker, observability, settings) imports no feature;
// the features (server/features/*) above it reach each other only through their index.ts; the
// composition (server/*.ts: app, server, entry points, the job catalogue and the reactions) on top.
// server/deps-rules.test.ts proves each rule refuses a violating import.
/** The platform: infrastructure that must not know any feature. */
const PLATFORM = "^server/platform/";
/** Features: billing, notifications, verification and moderation included. */
const FEATURES = "^server/features/";
const TESTS = "\\.test\\.ts$";

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
      comment:
        "The platform layer imports no feature and no part of the composition, its types included (it has its own: platform-deps.ts): features depend on it, never the reverse.",
      from: { path: PLATFORM, pathNot: TESTS },
      to: { path: [FEATURES, "^server/[^/]+\\.ts$"] },
    },
    {
      name: "features-meet-through-index",
      severity: "error",
      comment: "Another feature's internals: import what it shares from its index.ts.",
      from: { path: "^server/features/([^/]+)/" },
      to: { path: FEATURES, pathNot: ["^server/features/$1/", "^server/features/[^/]+/index\\.ts$"] },
    },
    {
      name: "features-import-no-composition",
      severity: "error",
      comment:
        "A feature imports no part of the composition (app, server, the catalogues) but its types (deps.ts).",
      from: { path: FEATURES, pathNot: TESTS },
      to: { path: "^server/[^/]+\\.ts$", pathNot: "^server/deps\\.ts$" },
    },
    {
      name: "server-imports-no-scripts",
      severity: "error",
      comment:
        "Production server code does not import scripts/: the demo seed is given to the server by its entry point.",
      from: { path: "^server/", pathNot: [TESTS, "^server/test/"] },
      to: { path: "^scripts/" },
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
    includeOnly: "^(server|domain|scripts)/",
    // Type-only imports count: a cycle through types is still a cycle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js"] },
  },
};
