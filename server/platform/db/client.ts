// One Drizzle API over two engines: PGlite (embedded, in-process) or a PostgreSQL server.
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import {
  type PgDatabase,
  PgDialect,
  type PgQueryResultHKT,
  PgTransaction,
  type PgTransactionConfig,
} from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { z } from "zod";
import { conflictBackoff, isTransientConflict, TRANSACTION_ATTEMPTS } from "./conflicts.ts";
import { lockDataDir } from "./data-lock.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Applies the committed drizzle-kit migrations. */
  migrate(): Promise<void>;
  /**
   * Runs SQL text as given, with $n parameters when `values` is given, otherwise as one or more
   * statements (their last result is returned): what pg-boss's database adapter needs.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
  /** PGlite only: the data folder as a tarball, gzipped unless told (a consistent copy: backups). */
  dumpDataDir?: (compression?: "gzip" | "none") => Promise<Blob>;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export interface OpenOptions {
  /** postgres:// URL of a server; when absent, PGlite is used. */
  url?: string | undefined;
  /** PGlite data folder; absent means in memory. */
  dataDir?: string | undefined;
  /** PGlite: a data folder tarball (from dumpDataDir) to start from: a restore. */
  loadDataDir?: Blob | undefined;
  /**
   * PGlite: its pool of shared buffers. Unset: SMALL_SHARED_BUFFERS in memory, PostgreSQL's 128 MB in
   * a data folder. A task that opens a data folder once and reads it through its files (a backup, a
   * restore's check) needs no more than the small pool.
   */
  sharedBuffers?: `${number}MB` | undefined;
  poolSize?: number;
}

/**
 * The small pool of shared buffers, PGlite's in memory when none is asked for. In memory (tests, a backup's
 * tarball) its files are in memory already, so PostgreSQL's default 128 MB pool only copies pages
 * that are in memory anyway, and setting that pool up was most of the cost of opening a database:
 * 1.0–1.3 CPU-seconds an open, 0.4–0.8 with 16 MB (ADR 0058). A data folder keeps the
 * default, as the app runs it: there the pool stands between PostgreSQL and the disk.
 */
export const SMALL_SHARED_BUFFERS = "16MB";

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // Kept open when idle (pg closes idle clients after 10 s): a new backend's first statements
      // load the catalog caches — 15–25 ms more for a search (two statements at once), measured in
      // docs/search-plans.md, issue 17, « What changed », item 10.
      min: Math.min(2, options.poolSize ?? 10),
      // The API's statements each touch a few rows; starting parallel workers for them costs more
      // than the work (20–30 ms on 2 cores, measured on the search count: docs/search-plans.md).
      options: "-c max_parallel_workers_per_gather=0",
    });
    // An idle client losing its connection must not crash the process.
    pool.on("error", () => {});
    // Each driver's database is a PgDatabase of the schema: it is a Db as it is.
    const db = drizzlePg({ client: pool, schema });
    return {
      db,
      kind: "postgres",
      migrate: () => migratePg(db, { migrationsFolder }),
      executeSql: (text, values) => pool.query(text, values),
      close: () => pool.end(),
    };
  }
  let unlock = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    unlock = lockDataDir(options.dataDir);
  }
  const sharedBuffers = options.sharedBuffers ?? (options.dataDir ? undefined : SMALL_SHARED_BUFFERS);
  // pg_trgm: the administration's text searches (server: CREATE EXTENSION in the migrations).
  const client = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(sharedBuffers
      ? { startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffers}`] }
      : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    // The safest setting, explicit: a query resolves only once PGlite has synced its files
    // (server/lifecycle.test.ts: every acknowledged write survives kill -9; docs/operations.md).
    relaxedDurability: false,
    extensions: { pg_trgm },
  });
  try {
    await client.waitReady;
  } catch (err) {
    unlock();
    throw err;
  }
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
    dumpDataDir: (compression = "gzip") => client.dumpDataDir(compression),
  };
}

/** Whether `db` is an open transaction (Drizzle's transaction object is a PgDatabase too). */
export const isTransaction = (db: Db): boolean => (db as unknown) instanceof PgTransaction;

/**
 * Runs `work` in one transaction: committed when it resolves, rolled back when it throws. Drizzle's
 * transaction object is a PgDatabase of the same schema, so `work` gets a plain `Db` and the
 * functions it calls (audit, checkUserSubscription…) run in the transaction without knowing it.
 * A deadlock or a serialization failure runs it again, a few times (server/platform/db/conflicts.ts): `work`
 * must do nothing but database work (what it queues through transactionSql rolls back with it).
 */
export async function inTransaction<T>(
  db: Db,
  work: (tx: Db) => Promise<T>,
  config?: PgTransactionConfig,
): Promise<T> {
  // Inside a transaction this is a savepoint: a deadlock aborts the outer transaction, which is the
  // one to run again.
  if (isTransaction(db)) return db.transaction((tx) => work(tx), config);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => work(tx), config);
    } catch (err) {
      if (attempt >= TRANSACTION_ATTEMPTS || !isTransientConflict(err)) throw err;
      await conflictBackoff(attempt);
    }
  }
}

/** SQL text with $n parameters run inside an open transaction: pg-boss's adapter (its `db` option). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * The connection of a Drizzle transaction as an executor, so that a job queued through it commits or
 * rolls back with the transaction's writes (a message and its notification job: both or neither).
 * Drizzle keeps the transaction's client on `session.client`: a pg PoolClient on a server, PGlite's
 * Transaction embedded; both answer `query(text, values)` with `{ rows }` (server/platform/db/client.test.ts).
 */
export function transactionSql(tx: Db): SqlExecutor {
  const client = (tx as unknown as { session: { client: { query: SqlExecutor["executeSql"] } } }).session
    .client;
  return { executeSql: (text, values) => client.query(text, values) };
}

/**
 * The schema of a hand-written query's rows. It may not transform (no coerce, default, transform or
 * pipe: its input type must be its output type), because rows are checked against it only outside
 * production (see queryRows): what the code receives must be the same whether or not it was
 * checked. Where the two drivers give a column differently (int8: a number from PGlite, a string
 * from node-postgres), the schema accepts both and the code converts explicitly, or the SQL casts
 * to a type both drivers return alike (count(*)::int). Shared column shapes: ./row-schemas.ts.
 */
export type RowSchema<S extends z.ZodType> = [z.input<S>] extends [z.output<S>]
  ? [z.output<S>] extends [z.input<S>]
    ? S
    : never
  : never;

/**
 * Whether queryRows checks every row against its schema: everywhere but production. So every test,
 * on both engines, and every development server verify the declared row types against what
 * PostgreSQL and PGlite really return, while production pays nothing (no parse on the request path).
 */
const CHECK_ROWS = process.env.NODE_ENV !== "production";

/** A row that does not have the shape its query declares (outside production only). */
export class RowShapeError extends Error {
  override name = "RowShapeError";
}

/**
 * Runs hand-written SQL (search, admin lists, CTEs, locks… where the builder would not say it as
 * well) and returns its rows, typed by `schema`. Outside production each row is checked against the
 * schema, and a row that does not match throws a RowShapeError naming the query; in production the
 * rows are returned as the driver gave them. Either way the rows themselves are returned (the
 * schema cannot transform them), so tests and production see the same values.
 */
export async function queryRows<S extends z.ZodType>(
  db: Db,
  schema: RowSchema<S>,
  query: SQL,
): Promise<z.output<S>[]> {
  const result: unknown = await db.execute(query);
  if (typeof result !== "object" || result === null || !("rows" in result) || !Array.isArray(result.rows))
    throw new Error("queryRows: the driver returned no rows array");
  const rows: unknown[] = result.rows;
  if (CHECK_ROWS) checkRows(schema, rows, query);
  // Checked against the schema in every test and development run; trusted as such in production.
  return rows as z.output<S>[];
}

function checkRows(schema: z.ZodType, rows: unknown[], query: SQL): void {
  for (const [i, row] of rows.entries()) {
    const checked = schema.safeParse(row);
    if (checked.success) continue;
    const text = new PgDialect().sqlToQuery(query).sql.replace(/\s+/g, " ").trim();
    throw new RowShapeError(
      `Row ${i} does not match its schema:\n${z.prettifyError(checked.error)}\nQuery: ${text.slice(0, 300)}`,
    );
  }
}
