// A throw-away database on a PostgreSQL server, for tests and benchmarks: created under a unique
// name next to the one `adminUrl` points to (empty, or as a copy of a template database, which
// PostgreSQL does by copying files: far quicker than migrating), dropped with its connections when done.
// Or one under a fixed name, made afresh at each start (the journeys' server: Playwright ends it with
// a kill, so nothing runs after it to drop a database; the next run replaces it instead).
import { randomBytes } from "node:crypto";
import pg from "pg";

export interface ScratchDatabase {
  name: string;
  url: string;
  drop: () => Promise<void>;
}

/** Runs `fn` with a client of `url`, then closes it. */
export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function run(adminUrl: string, statement: string): Promise<void> {
  await withClient(adminUrl, (client) => client.query(statement));
}

/** `prefix` names what it is for (passerelle_test, passerelle_bench_load); a random suffix follows. */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
  options: { template?: string } = {},
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const template = options.template ? ` TEMPLATE ${pg.escapeIdentifier(options.template)}` : "";
  await run(adminUrl, `CREATE DATABASE ${name}${template}`);
  return {
    name,
    url: databaseUrl(adminUrl, name),
    drop: () => dropDatabase(adminUrl, name),
  };
}

/** The database `name` on `adminUrl`'s server, dropped with its connections if it exists, then created empty. */
export async function recreateDatabase(adminUrl: string, name: string): Promise<string> {
  await dropDatabase(adminUrl, name);
  await run(adminUrl, `CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  return databaseUrl(adminUrl, name);
}

/** Drops the database `name`, closing its connections; nothing when it does not exist. */
function dropDatabase(adminUrl: string, name: string): Promise<void> {
  return run(adminUrl, `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
}

/** `adminUrl` with its database replaced by `name`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
