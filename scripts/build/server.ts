// Bundles the server (server/main.ts and the code it imports: server/, domain/, scripts/seed/) and its
// ML worker thread (server/ml/ml-worker.ts) into two ES modules with esbuild; packages stay imports
// of node_modules. The migrations are copied next
// to it, where server/db/client.ts looks for them (beside the module). Used by the tests that start
// the real process (server/lifecycle.test.ts), which then skip a TypeScript compile per start.
import { cp } from "node:fs/promises";
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

/**
 * Writes `outDir/main.mjs`, `outDir/ml-worker.mjs` and `outDir/migrations/`; returns the server's path. `outDir` must be
 * inside the repository, so that the bundle's package imports resolve to its node_modules.
 */
export async function buildServer(outDir: string): Promise<string> {
  const outfile = path.join(outDir, "main.mjs");
  await build({
    absWorkingDir: root,
    // The ML worker's thread is started from its own file next to the server's (server/ml/ml-client.ts
    // looks for ml-worker.mjs beside itself): bundled as plain JavaScript, it needs no tsx.
    entryPoints: { main: "server/main.ts", "ml-worker": "server/ml/ml-worker.ts" },
    outdir: outDir,
    outExtension: { ".js": ".mjs" },
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
  await cp(path.join(root, "server/db/migrations"), path.join(outDir, "migrations"), { recursive: true });
  return outfile;
}
