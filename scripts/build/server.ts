// Bundles the server (server/main.ts and the code it imports: server/, domain/), `npm start`'s entry
// with the demo data (scripts/demo-server.ts: the same server and scripts/seed/), its ML worker
// thread (server/platform/ml/ml-worker.ts) and the operator's commands (admin:create, seed, backup, restore,
// vapid:keys) into ES modules with esbuild; packages stay imports of node_modules. The
// migrations are copied next to them, where server/platform/db/client.ts looks for them (beside the module).
//
// `npm run build` writes build/server/, which `npm start`, `npm run serve` and the commands run with
// plain `node`: no TypeScript compilation at start-up, tsx is for development only (ADR 0016). The
// tests that start the real process (server/lifecycle.test.ts) build their own copy once per run.
//
//   node --import tsx scripts/build/server.ts [outDir]
import { cp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { build, type Plugin } from "esbuild";

const root = path.resolve(import.meta.dirname, "../..");
const require = createRequire(import.meta.url);

/**
 * Packages stay imports of node_modules, except JSON data files, which are bundled: Node needs an
 * import attribute to load JSON, and esbuild drops it from external imports for Node 20.
 */
const bundleJson: Plugin = {
  name: "bundle-json",
  setup(b) {
    b.onResolve({ filter: /^[^./].*\.json$/ }, (args) => ({ path: require.resolve(args.path) }));
  },
};

/** Where `npm run build` writes the server. */
export const SERVER_BUILD_DIR = path.join(root, "build", "server");

/** What `node <outDir>/<name>.mjs` runs. */
const ENTRIES = {
  main: "server/main.ts",
  // `npm start`: the same server with the demo data (scripts/seed/demo.ts), which production's
  // main.mjs does not carry.
  demo: "scripts/demo-server.ts",
  // The ML worker's thread is started from its own file next to the server's (server/platform/ml/ml-client.ts
  // looks for ml-worker.mjs beside itself): bundled as plain JavaScript, it needs no tsx.
  "ml-worker": "server/platform/ml/ml-worker.ts",
  "create-admin": "scripts/create-admin.ts",
  seed: "scripts/seed.ts",
  backup: "scripts/backup.ts",
  restore: "scripts/restore.ts",
  "vapid-keys": "scripts/vapid-keys.ts",
};

/**
 * Writes `outDir/<entry>.mjs` for each entry, their shared chunks and `outDir/migrations/`; returns
 * the server's path. `outDir` must be inside the repository, so that the bundle's package imports
 * resolve to its node_modules.
 */
export async function buildServer(outDir: string): Promise<string> {
  const outfile = path.join(outDir, "main.mjs");
  await rm(outDir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    outdir: outDir,
    outExtension: { ".js": ".mjs" },
    // The commands share most of the server: one copy of it, in chunks they import.
    splitting: true,
    // Flat, beside the entries: the code that finds files relative to itself (migrations, the ML
    // worker) may land in a chunk.
    chunkNames: "chunk-[hash]",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    alias: { "@domain": "./domain", "@web": "./web" },
    sourcemap: "linked",
    plugins: [bundleJson],
    logLevel: "warning",
  });
  await cp(path.join(root, "server/platform/db/migrations"), path.join(outDir, "migrations"), {
    recursive: true,
  });
  return outfile;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  const out = path.resolve(process.argv[2] ?? SERVER_BUILD_DIR);
  await buildServer(out);
  console.log(
    `server built to ${path.relative(root, out)}/ in ${Math.round(performance.now() - started)} ms`,
  );
}
