// The administration's lists at scale: `npm run bench:admin`. On a PostgreSQL server, a fresh
// database gets --size members from the seed generator (scripts/seed/bulk.ts: ~35 % subscribed),
// then, in SQL, 0.3 matches and 1 message per member, a few banned accounts, past subscriptions
// and an audit log (bench/admin/activity.ts), then VACUUM ANALYZE. An administrator signs up, is
// given the admin role and signs in through POST /api/admin/login; the real app listens on a port
// and every list endpoint (bench/admin/cases.ts: searches, filters, sorts, deep pages) and the
// dashboard are timed over HTTP with that session: 2 warm-up rounds, then --rounds rounds, the
// requests of a round one after the other. Prints markdown tables; asserts nothing.
//
//   node --import tsx bench/admin.ts [--size 1000000] [--rounds 30] [--keep] [--explain]
// --keep: the database (passerelle_bench_admin_<size>) is kept, and a later run with --keep and
// the same size reuses it instead of seeding again. --explain: for each request whose p95 is over
// 100 ms, the statements it sent (captured in the app's database client: bench/admin/capture.ts),
// and EXPLAIN (ANALYZE, BUFFERS) of those that took 10 ms or more. BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres) names the server. The database, the temporary
// folder and the server are removed on failure and on Ctrl-C too. See docs/admin-lists.md.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import type { AppDeps } from "../server/deps.ts";
import { totpCode } from "../server/test/totp.ts";
import {
  type ActivityCounts,
  activityCounts,
  activityPlan,
  seedActivity,
  seedAudit,
} from "./admin/activity.ts";
import { describeValues, explainStatement, recordStatements, statStatementsStatus } from "./admin/capture.ts";
import { adminCases, type Case, describeParams, sampleData } from "./admin/cases.ts";
import { deferCleanup, withCleanup } from "./harness/cleanup.ts";
import {
  benchServerUrl,
  databaseUrl,
  dropDatabase,
  recreateDatabase,
  withClient,
} from "./harness/database.ts";
import { type Machine, watchMachine } from "./harness/machine.ts";
import { seedRealisticMembers } from "./harness/members.ts";
import { printHeading, progress, table } from "./harness/report.ts";
import { cookieOf, startApp } from "./harness/server.ts";
import { interleaved, max, ms, n, pct } from "./harness/stats.ts";

const WARMUP_ROUNDS = 2;
/** p95 above this: « not interactive ». */
const INTERACTIVE_MS = 200;
/** p95 above this: explained with --explain. */
const EXPLAIN_MS = 100;
/** Statements of an explained request that took at least this long get an EXPLAIN. */
const EXPLAIN_STATEMENT_MS = 10;
const AUDIT_ENTRIES = 3_000;
const ADMIN = { email: "admin-bench@exemple.fr", password: "mot de passe du bench admin" };
/** The app's pool runs every statement with this (server/platform/db/client.ts); so do our EXPLAINs. */
const POOL_OPTIONS = "-c max_parallel_workers_per_gather=0";

interface Options {
  size: number;
  rounds: number;
  keep: boolean;
  explain: boolean;
  serverUrl: string;
}

function options(argv = process.argv.slice(2)): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      size: { type: "string", default: "1000000" },
      rounds: { type: "string", default: "30" },
      keep: { type: "boolean", default: false },
      explain: { type: "boolean", default: false },
    },
  });
  const size = Number(values.size);
  if (!Number.isInteger(size) || size < 1_000) throw new Error("--size: an integer of at least 1000");
  const rounds = Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error("--rounds: a positive integer");
  return {
    size,
    rounds,
    keep: values.keep,
    explain: values.explain,
    serverUrl: benchServerUrl(),
  };
}

const log = progress("admin");

// ---------------------------------------------------------------------------------------------
// Database and data set

interface Marker {
  bench: "admin";
  size: number;
  seedMs: number;
}

/** The marker a completed, kept data set carries (COMMENT ON DATABASE), or null. */
async function keptDataSet(serverUrl: string, dbName: string, size: number): Promise<Marker | null> {
  const comment = await withClient(serverUrl, async (c) => {
    const { rows } = await c.query<{ comment: string | null }>(
      "SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1",
      [dbName],
    );
    return rows[0]?.comment ?? null;
  });
  if (!comment) return null;
  try {
    const marker = JSON.parse(comment) as Marker;
    return marker.bench === "admin" && marker.size === size ? marker : null;
  } catch {
    return null;
  }
}

interface DataSet {
  deps: AppDeps;
  databaseUrl: string;
  base: string;
  seedMs: number;
  reused: boolean;
}

async function post(base: string, p: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(`${base}${p}`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** Signs the administrator up (first run) and gives them the admin role. */
async function createAdministrator(set: DataSet): Promise<{ id: string; email: string }> {
  const res = await post(set.base, "/api/auth/sign-up/email", {
    email: ADMIN.email,
    password: ADMIN.password,
    name: "Administrateur du bench",
    ageConfirmed: true,
    termsAccepted: true,
  });
  if (res.status !== 200) throw new Error(`admin sign-up failed: ${res.status} ${await res.text()}`);
  const id = ((await res.json()) as { user: { id: string } }).user.id;
  await withClient(set.databaseUrl, (c) =>
    c.query(`UPDATE "user" SET role = 'admin', email_verified = true WHERE id = $1`, [id]),
  );
  return { id, email: ADMIN.email };
}

/**
 * POST /api/admin/login as the admin pages do (Origin = PUBLIC_BASE_URL), then the second factor
 * production demands of administrators (ADMIN_TOTP_REQUIRED): enrolled afresh each run, as the
 * administration's own page does, with a code computed from the secret. Returns the session cookie.
 */
async function adminLogin(set: DataSet): Promise<string> {
  // A data set kept from an earlier run has the administrator enrolled with a secret this run does
  // not know: enrolment starts over.
  await withClient(set.databaseUrl, async (c) => {
    await c.query(`DELETE FROM two_factor WHERE user_id = (SELECT id FROM "user" WHERE email = $1)`, [
      ADMIN.email,
    ]);
    await c.query(`UPDATE "user" SET two_factor_enabled = false WHERE email = $1`, [ADMIN.email]);
  });
  const res = await post(set.base, "/api/admin/login", { email: ADMIN.email, password: ADMIN.password });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { status: string };
  if (body.status !== "ok") throw new Error(`admin login: ${JSON.stringify(body)}`);
  const cookie = cookieOf(res);
  const enable = await post(set.base, "/api/auth/two-factor/enable", { password: ADMIN.password }, cookie);
  if (enable.status !== 200)
    throw new Error(`TOTP enrolment failed: ${enable.status} ${await enable.text()}`);
  const { totpURI } = (await enable.json()) as { totpURI: string };
  const verify = await post(
    set.base,
    "/api/auth/two-factor/verify-totp",
    { code: totpCode(totpURI) },
    cookie,
  );
  if (verify.status !== 200)
    throw new Error(`TOTP confirmation failed: ${verify.status} ${await verify.text()}`);
  return verify.headers.getSetCookie().length > 0 ? cookieOf(verify) : cookie;
}

async function openDataSet(opts: Options): Promise<DataSet> {
  const dbName = `passerelle_bench_admin_${opts.size}`;
  const url = databaseUrl(opts.serverUrl, dbName);
  const marker = opts.keep ? await keptDataSet(opts.serverUrl, dbName, opts.size) : null;
  if (!marker) await recreateDatabase(opts.serverUrl, dbName);
  else log(`reusing the kept database ${dbName}`);
  if (!opts.keep) deferCleanup(() => dropDatabase(opts.serverUrl, dbName));

  // Production settings, as deployed (secure cookies, rate limits).
  const { deps, base } = await startApp({ databaseUrl: url });
  const set: DataSet = {
    deps,
    databaseUrl: url,
    base,
    seedMs: marker?.seedMs ?? 0,
    reused: marker !== null,
  };
  if (marker) return set;

  const started = performance.now();
  const seedMs = await seedRealisticMembers(deps, opts.size, log);
  log(`  members seeded in ${(seedMs / 1000).toFixed(1)} s; activity…`);
  await withClient(url, (c) => seedActivity(c, activityPlan(opts.size), log));
  const admin = await createAdministrator(set);
  await withClient(url, async (c) => {
    await seedAudit(c, admin, AUDIT_ENTRIES);
    log("  VACUUM ANALYZE…");
    // What autovacuum does on a server after a bulk load (statistics, visibility map).
    await c.query("VACUUM ANALYZE");
  });
  set.seedMs = performance.now() - started;
  log(`  data set ready in ${(set.seedMs / 1000).toFixed(1)} s`);
  if (opts.keep) {
    const comment: Marker = { bench: "admin", size: opts.size, seedMs: Math.round(set.seedMs) };
    await withClient(opts.serverUrl, (c) =>
      c.query(`COMMENT ON DATABASE ${dbName} IS '${JSON.stringify(comment)}'`),
    );
  }
  return set;
}

// ---------------------------------------------------------------------------------------------
// Measurement

interface Measured {
  c: Case;
  samples: number[];
  rows: string;
  total: string;
}

function url(base: string, c: Case): string {
  const qs = new URLSearchParams(c.params).toString();
  return `${base}/api/admin/${c.path}${qs ? `?${qs}` : ""}`;
}

interface ListBody {
  data?: unknown[];
  total?: number;
  totalCapped?: boolean;
}

async function call(base: string, cookie: string, c: Case): Promise<ListBody> {
  const res = await fetch(url(base, c), { headers: { cookie, origin: base } });
  if (res.status !== 200) throw new Error(`GET ${url(base, c)}: ${res.status} ${await res.text()}`);
  return (await res.json()) as ListBody;
}

async function measure(base: string, cookie: string, cases: Case[], rounds: number): Promise<Measured[]> {
  const measured: Measured[] = [];
  for (const c of cases) {
    const body = await call(base, cookie, c);
    const total = body.total === undefined ? "–" : body.totalCapped ? `${n(body.total)}+` : n(body.total);
    measured.push({ c, samples: [], rows: body.data ? String(body.data.length) : "–", total });
  }
  // Round-robin: each round requests every case once, so that a slow period of the machine
  // spreads over all of them instead of one.
  log(`measuring ${rounds} rounds of ${cases.length} requests after ${WARMUP_ROUNDS} warm-up rounds…`);
  const samples = await interleaved(
    measured.map((m) => () => call(base, cookie, m.c)),
    rounds,
    WARMUP_ROUNDS,
  );
  for (const [i, m] of measured.entries()) m.samples = samples[i]!;
  return measured;
}

// ---------------------------------------------------------------------------------------------
// Report

async function describeServer(databaseUrl: string): Promise<{ server: string; sizes: string }> {
  return withClient(databaseUrl, async (c) => {
    const { rows } = await c.query<{ version: string; shared_buffers: string; work_mem: string }>(
      `SELECT split_part(version(), ' ', 2) AS version, current_setting('shared_buffers') AS shared_buffers,
         current_setting('work_mem') AS work_mem`,
    );
    const { rows: sizes } = await c.query<{ name: string; rows: string; table: string; indexes: string }>(
      `SELECT c.relname AS name, c.reltuples::bigint::text AS rows,
         pg_size_pretty(pg_table_size(c.oid)) AS table, pg_size_pretty(pg_indexes_size(c.oid)) AS indexes
       FROM pg_class c WHERE c.relname IN ('user', 'profiles', 'subscriptions', 'matches', 'messages', 'admin_audit')
         AND c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace
       ORDER BY pg_total_relation_size(c.oid) DESC`,
    );
    const s = rows[0]!;
    return {
      server: `PostgreSQL ${s.version} (shared_buffers ${s.shared_buffers}, work_mem ${s.work_mem}; the app's pool sets max_parallel_workers_per_gather = 0)`,
      sizes: sizes
        .map(
          (r) =>
            `${r.name === "user" ? '"user"' : r.name} ${n(Number(r.rows))} rows (${r.table} + ${r.indexes} of indexes)`,
        )
        .join(", "),
    };
  });
}

function printDataSet(
  opts: Options,
  machine: Machine,
  set: DataSet,
  counts: ActivityCounts,
  server: { server: string; sizes: string },
) {
  const seeded = set.reused
    ? `reused (seeded earlier in ${(set.seedMs / 1000).toFixed(0)} s)`
    : `seeded in ${(set.seedMs / 1000).toFixed(0)} s`;
  printHeading(
    `Administration lists, ${n(opts.size)} members (bench/admin.ts)`,
    machine,
    `The cores are shared by the server, the app and the benchmark; ${server.server}. Data set ${seeded}: ${n(counts.matches)} matches (${n(counts.accepted)} accepted), ${n(counts.messages)} messages, ${n(counts.banned)} banned accounts, ${n(counts.pastSubscriptions)} past subscriptions (expired or cancelled), ${n(counts.audit)} audit entries. Tables: ${server.sizes}.`,
  );
  console.log(
    `\nGET /api/admin/… over HTTP with the administrator's session, ${WARMUP_ROUNDS} warm-up rounds then ${opts.rounds} rounds (times in ms; « not interactive »: p95 over ${INTERACTIVE_MS} ms).`,
  );
}

function printTable(measured: Measured[]) {
  console.log("");
  table(
    ["endpoint", "parameters", "p50", "p95", "max", "rows", "total", ""],
    measured.map((m) => {
      const p95 = pct(m.samples, 95);
      return [
        `/${m.c.path}`,
        describeParams(m.c),
        ms(pct(m.samples, 50)),
        ms(p95),
        ms(max(m.samples)),
        m.rows,
        m.total === `${n(10_000)}+` ? "« 10 000+ »" : m.total,
        p95 > INTERACTIVE_MS ? "**not interactive**" : "",
      ];
    }),
    "llrrrrrl",
  );
  const slow = measured.filter((m) => pct(m.samples, 95) > INTERACTIVE_MS);
  console.log(
    `\n${slow.length} of ${measured.length} requests with a p95 over ${INTERACTIVE_MS} ms${slow.length ? `: ${slow.map((m) => `/${m.c.path} ${describeParams(m.c)}`).join("; ")}` : ""}.`,
  );
}

async function printExplains(set: DataSet, cookie: string, measured: Measured[]): Promise<void> {
  const slow = measured.filter((m) => pct(m.samples, 95) > EXPLAIN_MS);
  console.log(`\n### EXPLAIN (ANALYZE, BUFFERS) of the requests with a p95 over ${EXPLAIN_MS} ms`);
  await withClient(
    set.databaseUrl,
    async (client) => {
      console.log(
        `\nStatements captured in the app's database client during one more request each (${await statStatementsStatus(client)}); those that took ${EXPLAIN_STATEMENT_MS} ms or more are explained, with the pool's settings, after one unprinted run.`,
      );
      if (slow.length === 0) return void console.log("\nNone.");
      for (const m of slow) {
        const statements = await recordStatements(() => call(set.base, cookie, m.c));
        const heavy = statements.filter((s) => s.ms >= EXPLAIN_STATEMENT_MS);
        console.log(
          `\n#### /${m.c.path} ${describeParams(m.c)} (p95 ${ms(pct(m.samples, 95))} ms): ${statements.length} statements, ${statements.map((s) => ms(s.ms)).join(" / ")} ms`,
        );
        for (const s of heavy) {
          const plan = await explainStatement(client, s);
          console.log(
            `\n\`\`\`sql\n${s.text.trim()}\n${describeValues(s.values)}\n\`\`\`\n\`\`\`\n${plan}\n\`\`\``,
          );
        }
      }
    },
    POOL_OPTIONS,
  );
}

export async function benchAdmin(argv = process.argv.slice(2)): Promise<void> {
  const opts = options(argv);
  const machine = watchMachine();
  await withCleanup(async () => {
    const set = await openDataSet(opts);
    const cookie = await adminLogin(set);
    const sample = await withClient(set.databaseUrl, sampleData);
    const counts = await withClient(set.databaseUrl, activityCounts);
    const server = await describeServer(set.databaseUrl);
    const measured = await measure(set.base, cookie, adminCases(sample), opts.rounds);
    printDataSet(opts, machine, set, counts, server);
    printTable(measured);
    if (opts.explain) await printExplains(set, cookie, measured);
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href)
  await benchAdmin();
