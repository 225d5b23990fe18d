// Bundles the server (server/main.ts and the code it imports: server/, domain/, scripts/seed/) into
// one ES module with esbuild; packages stay imports of node_modules. The migrations are copied next
// to it, where server/db/client.ts looks for them (beside the module). Used by the tests that start
// the real process (server/lifecycle.test.ts), which then skip a TypeScript compile per start.
import { cp } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Writes `outDir/main.mjs` and `outDir/migrations/`; returns the module's path. `outDir` must be
 * inside the repository, so that the bundle's package imports resolve to its node_modules.
 */
export async function buildServer(outDir: string): Promise<string> {
  const outfile = path.join(outDir, "main.mjs");
  await build({
    absWorkingDir: root,
    entryPoints: ["server/main.ts"],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    alias: { "@domain": "./domain", "@web": "./web" },
    sourcemap: "linked",
    logLevel: "warning",
  });
  await cp(path.join(root, "server/db/migrations"), path.join(outDir, "migrations"), { recursive: true });
  return outfile;
}
