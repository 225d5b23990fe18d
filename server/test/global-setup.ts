// Vitest globalSetup of the node project: builds once for the whole run what every worker would
// otherwise build again — the migrated template databases (server/test/database-templates.ts) and
// the bundled server that the process-level tests start (scripts/build/server.ts) — and hands
// their locations to the test workers (`inject`).
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildServer } from "../../scripts/build/server.ts";
import { createPostgresTemplate, writePgliteTemplates } from "./database-templates.ts";
import { dropRunDatabases, dropStaleRunDatabases, newRunPrefix } from "./run-databases.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** File holding the migrated PGlite data folder as a tarball. */
    pgliteTemplate: string;
    /** The same data folder, unpacked: copy it to a DATA_DIR's db/ to start the app on it. */
    pgliteDataDir: string;
    /** Name of the migrated template database on TEST_DATABASE_URL's server, or "" without one. */
    postgresTemplate: string;
    /** How this run's databases on that server begin (server/test/run-databases.ts). */
    postgresRunPrefix: string;
    /** The bundled server's entry module (node <file> starts the app). */
    serverBundle: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), "passerelle-templates-"));
  // Inside the repository, so that the bundle's package imports resolve to its node_modules.
  const cache = path.join(project.config.root, "node_modules", ".cache", "passerelle");
  await mkdir(cache, { recursive: true });
  const bundleDir = await mkdtemp(path.join(cache, "test-server-"));
  const file = path.join(dir, "pglite.tar");
  const dataDir = path.join(dir, "db");
  const serverUrl = process.env.TEST_DATABASE_URL;
  const runPrefix = newRunPrefix();
  const [, server, bundle] = await Promise.all([
    writePgliteTemplates(file, dataDir),
    serverUrl ? createPostgresTemplate(serverUrl) : Promise.resolve(null),
    buildServer(bundleDir),
    serverUrl ? dropStaleRunDatabases(serverUrl) : Promise.resolve(0),
  ]);
  project.provide("pgliteTemplate", file);
  project.provide("pgliteDataDir", dataDir);
  project.provide("postgresTemplate", server?.name ?? "");
  project.provide("postgresRunPrefix", runPrefix);
  project.provide("serverBundle", bundle);
  return async () => {
    if (serverUrl) await dropRunDatabases(serverUrl, runPrefix);
    await server?.drop();
    await Promise.all([
      rm(dir, { recursive: true, force: true }),
      rm(bundleDir, { recursive: true, force: true }),
    ]);
  };
}
