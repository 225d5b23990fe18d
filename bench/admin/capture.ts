// The statements an endpoint really sends, for EXPLAIN: while `recordStatements` runs, every query
// of a node-postgres client in this process (the app's pool runs in the bench's process) is noted
// with its text, its parameters and its duration (from the call to the result). The server cannot
// tell us: pg_stat_statements needs shared_preload_libraries (a server restart), and the server log
// (log_min_duration_statement, auto_explain) is not readable from a client. Rebuilding the SQL by
// hand from the service code would drift from it; this is the statement the service built.
import pg from "pg";

export interface Statement {
  text: string;
  values: unknown[];
  /** Milliseconds from the client's query() call to its result (NaN if it never completed). */
  ms: number;
}

type QueryFn = (this: unknown, ...args: unknown[]) => unknown;

let recording: Statement[] | null = null;
let installed = false;

function install(): void {
  if (installed) return;
  installed = true;
  const proto = pg.Client.prototype as unknown as { query: QueryFn };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]): unknown {
    const target = recording;
    const [first, second] = args;
    const config =
      typeof first === "object" && first !== null ? (first as { text?: unknown; values?: unknown }) : {};
    const text = typeof first === "string" ? first : config.text;
    if (!target || typeof text !== "string") return original.apply(this, args);
    const values = Array.isArray(second) ? second : Array.isArray(config.values) ? config.values : [];
    const entry: Statement = { text, values, ms: Number.NaN };
    target.push(entry);
    const started = performance.now();
    const done = () => {
      entry.ms = performance.now() - started;
    };
    // pg-pool calls query(text, values, callback); drizzle's own clients use the promise form.
    const last = args.at(-1);
    if (typeof last === "function") {
      args[args.length - 1] = function (this: unknown, ...results: unknown[]) {
        done();
        return (last as (...a: unknown[]) => unknown).apply(this, results);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result instanceof Promise) result.then(done, done);
    return result;
  };
}

/** Runs `run` and returns the statements sent meanwhile, in the order they were sent. */
export async function recordStatements(run: () => Promise<unknown>): Promise<Statement[]> {
  install();
  if (recording) throw new Error("recordStatements: already recording");
  const statements: Statement[] = [];
  recording = statements;
  try {
    await run();
  } finally {
    recording = null;
  }
  return statements;
}

/** `$1 = '…'` lines for the parameters of a statement, to read or re-run it by hand. */
export function describeValues(values: unknown[]): string {
  return values
    .map((v, i) => {
      const shown = typeof v === "string" ? `'${v.replace(/'/g, "''")}'` : JSON.stringify(v);
      return `-- $${i + 1} = ${shown.length > 120 ? `${shown.slice(0, 117)}…` : shown}`;
    })
    .join("\n");
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of a recorded statement on `client` (a session with the pool's
 * settings): once to warm the cache as the measured runs had, then the plan that is returned.
 */
export async function explainStatement(client: pg.Client, statement: Statement): Promise<string> {
  const text = `EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`;
  await client.query(text, statement.values);
  const { rows } = await client.query<{ "QUERY PLAN": string }>(text, statement.values);
  return rows.map((r) => r["QUERY PLAN"]).join("\n");
}

/** Whether pg_stat_statements could have told us the statements instead. */
export async function statStatementsStatus(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ available: boolean; preloaded: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_stat_statements') AS available,
       current_setting('shared_preload_libraries') LIKE '%pg_stat_statements%' AS preloaded`,
  );
  const s = rows[0];
  if (!s?.available) return "pg_stat_statements is not installed on this server";
  if (!s.preloaded)
    return "pg_stat_statements is installed but not in shared_preload_libraries (it would need a server restart), so it records nothing";
  return "pg_stat_statements is loaded (the statements below were captured in the client all the same)";
}
