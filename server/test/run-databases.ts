// The test run's databases on TEST_DATABASE_URL's server: each test app's is created from the run's
// template under the run's prefix and kept until the run ends, when the global setup's teardown drops
// them all (server/test/global-setup.ts).
//
// Why not drop each database as its test ends: creating a database creates some 300 files, dropping
// one deletes them, and on an ext4 file system without a journal (this project's machines and CI)
// the kernel skips, for every new file, each inode deleted in the last one to five minutes, reading
// it to check when. Dropping as the run went made every creation scan the previous ones' files: 40
// creations from the template cost the server 8–24 CPU-seconds interleaved with their drops, 4 with
// the drops after them (docs/testing.md, 30 novembre 2026, ninth session).
import { randomBytes } from "node:crypto";
import pg from "pg";
import { withClient } from "../platform/db/scratch-database.ts";

const PREFIX = "passerelle_test_";
/** A name newRunPrefix began: the start in base 36, the random part, then createScratchDatabase's suffix. */
const RUN_NAME = new RegExp(`^${PREFIX}([0-9a-z]+)_[0-9a-f]{4}_`);

/** A new run's prefix: its start time (base 36 seconds, for the stale-run cleanup) and a random part. */
export function newRunPrefix(now = Date.now()): string {
  return `${PREFIX}${Math.floor(now / 1000).toString(36)}_${randomBytes(2).toString("hex")}`;
}

/** When the run that named `database` started, in ms; null for a name this file did not make. */
export function runStartOf(database: string): number | null {
  const match = RUN_NAME.exec(database);
  return match ? Number.parseInt(match[1]!, 36) * 1000 : null;
}

/** Drops at once: a drop mostly waits on the server's disk; four together took 0.8× the time of one by one. */
const DROPS_AT_ONCE = 4;

async function dropWhere(adminUrl: string, keep: (name: string) => boolean): Promise<number> {
  const { rows } = await withClient(adminUrl, (client) =>
    client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [
      PREFIX,
    ]),
  );
  const doomed = rows.map((r) => r.datname).filter((name) => !keep(name));
  if (doomed.length === 0) return 0;
  const queue = [...doomed];
  await Promise.all(
    Array.from({ length: DROPS_AT_ONCE }, () =>
      withClient(adminUrl, async (client) => {
        for (let name = queue.shift(); name; name = queue.shift())
          await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      }),
    ),
  );
  return doomed.length;
}

/** Drops every database of the run `prefix` names, with its connections; returns how many. */
export function dropRunDatabases(adminUrl: string, prefix: string): Promise<number> {
  return dropWhere(adminUrl, (name) => !name.startsWith(`${prefix}_`));
}

/**
 * Drops the databases of runs started more than a day before `now`: a run killed before its
 * teardown leaves its databases behind; a run still going (another clone's, on the same server)
 * is never that old.
 */
export function dropStaleRunDatabases(adminUrl: string, now = Date.now()): Promise<number> {
  const dayAgo = now - 24 * 3600 * 1000;
  return dropWhere(adminUrl, (name) => {
    const started = runStartOf(name);
    return started === null || started > dayAgo;
  });
}
