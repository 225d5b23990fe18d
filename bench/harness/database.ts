// The PostgreSQL server benches use (BENCH_DATABASE_URL), a client for one statement or a few, and
// a database of a given name on that server, created fresh or kept between runs.
import pg from "pg";

/** BENCH_DATABASE_URL, or the local server's postgres database. */
export const benchServerUrl = (): string =>
  process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

/** Runs `run` with a client of `url` (`options`: PostgreSQL settings for its session), then closes it. */
export async function withClient<T>(
  url: string,
  run: (client: pg.Client) => Promise<T>,
  options = "",
): Promise<T> {
  const client = new pg.Client({ connectionString: url, ...(options ? { options } : {}) });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function databaseExists(serverUrl: string, name: string): Promise<boolean> {
  const { rowCount } = await withClient(serverUrl, (c) =>
    c.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]),
  );
  return rowCount === 1;
}

/** Drops database `name` if it exists and creates it empty. */
export async function recreateDatabase(serverUrl: string, name: string): Promise<void> {
  await withClient(serverUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  });
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await withClient(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
