// Migrated template databases, built once per test run (vitest globalSetup: server/test/global-setup.ts)
// and copied for every test app, instead of creating and migrating a database each time:
// - PGlite: a migrated in-memory instance's data folder, dumped to a tarball that each app loads
//   (starting from it skips PGlite's initdb as well as the migrations), and unpacked to a folder
//   that tests starting the real process copy as their DATA_DIR/db;
// - PostgreSQL: a migrated database that each app's database is created from
//   (CREATE DATABASE … TEMPLATE, a file copy on the server).
// Outside a vitest run (benchmarks) the harness builds the PGlite template once per process.
import { readFile, writeFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { JOB_CATALOGUE } from "../job-catalogue.ts";
import { openDatabase } from "../platform/db/client.ts";
import { createScratchDatabase } from "../platform/db/scratch-database.ts";
import { installJobSchema } from "../platform/jobs/queue.ts";
import { queuesOf } from "../platform/jobs/workers.ts";

/** The migrations, then pg-boss's schema and queues (what createDeps does at start-up). */
async function migrateAll(database: Awaited<ReturnType<typeof openDatabase>>): Promise<void> {
  await database.migrate();
  const boss = await installJobSchema(database, queuesOf(JOB_CATALOGUE));
  await boss.stop({ graceful: false, wait: true, close: false });
}

/**
 * Migrates a fresh in-memory PGlite; writes its data folder to `file` (an uncompressed tarball) and,
 * unpacked, to the folder `dataDir` (for tests that start the app on a data folder, which copy it).
 */
export async function writePgliteTemplates(file: string, dataDir: string): Promise<void> {
  const blob = await pgliteTemplateBlob();
  await writeFile(file, Buffer.from(await blob.arrayBuffer()));
  const unpacked = await openDatabase({ dataDir, loadDataDir: blob });
  await unpacked.close();
}

export async function pgliteTemplateBlob(): Promise<Blob> {
  const database = await openDatabase({ loadDataDir: await leanCluster() });
  try {
    await migrateAll(database);
    // What the migrations wrote is in the tables' files: the WAL a test app replays at start is short.
    await database.executeSql("CHECKPOINT");
    // Uncompressed: loading it skips a gunzip per test app.
    return await database.dumpDataDir!("none");
  } finally {
    await database.close();
  }
}

/**
 * An empty cluster made for copying: every test app on PGlite copies the template's files into its
 * memory and parses them (about a second of CPU each, hundreds of apps a run). PGlite's own initdb
 * writes 45 MB once migrated: a 16 MB WAL segment, and the template0 and template1 databases
 * (7 MB each) that only CREATE DATABASE reads, which PGlite cannot run. Here: 1 MB WAL segments
 * (initdb's --wal-segsize) and no template databases, 20 MB once migrated. The app's database and
 * every query on it are the same.
 */
async function leanCluster(): Promise<Blob> {
  const cluster = new PGlite({ initDbStartParams: ["--wal-segsize=1"] });
  try {
    // One statement each: DROP DATABASE cannot run inside the transaction of a multi-statement exec.
    for (const statement of [
      "UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')",
      "DROP DATABASE template0",
      "DROP DATABASE template1",
      "CHECKPOINT",
    ])
      await cluster.exec(statement);
    return await cluster.dumpDataDir("none");
  } finally {
    await cluster.close();
  }
}

export async function readPgliteTemplate(file: string): Promise<Blob> {
  return new Blob([await readFile(file)]);
}

/**
 * Creates a migrated database on the server to copy test databases from; returns its name and how
 * to drop it. Its own connections are closed, as CREATE DATABASE … TEMPLATE requires.
 */
export async function createPostgresTemplate(
  adminUrl: string,
): Promise<{ name: string; drop(): Promise<void> }> {
  const template = await createScratchDatabase(adminUrl, "passerelle_template");
  const database = await openDatabase({ url: template.url, poolSize: 1 });
  try {
    await migrateAll(database);
  } finally {
    await database.close();
  }
  return { name: template.name, drop: template.drop };
}
