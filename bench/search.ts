// Search at scale: `npm run bench:search` (or `npm run bench -- --search`). For each engine and data
// set (realistic members from the seed generator), a signed-up member with ~300 likes/passes and 50
// matches runs a mix of searches, timed three ways (p50/p95 over every run of every query):
//  1. HTTP: GET /api/search on the real app listening on a port, with the session cookie;
//  2. SQL: the page and count statements the endpoint runs (built with the service's functions),
//     concurrently as the service does, on the same database handle;
//  3. baseline: the SPEC §7 algorithm the way a Supabase client runs it, one round trip per step —
//     profile, likes, matches, subscribed page, fill page (each page with its exact count, as
//     PostgREST computes `count: "exact"`) — then the withPhoto/interests filters and de-duplication in
//     JavaScript, after paging (so its pages can come back short).
// Prints markdown tables and whether the targets are met; asserts nothing.
//
//   node --import tsx bench/search.ts [--sizes 10000,100000] [--engines pglite,postgres]
//     [--rounds 20] [--explain] [--keep]
// Without --sizes: PGlite 10k and 100k, PostgreSQL 10k, 100k and 1M. With --sizes, every chosen
// engine runs every chosen size. PostgreSQL: BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres) names the server; each size gets a fresh database
// passerelle_bench_<n>, dropped at the end unless --keep. --explain prints EXPLAIN (ANALYZE, BUFFERS)
// of the page and count statements of five queries (docs/search-plans.md).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { minusYears, todayIso } from "@domain/age.ts";
import { compatibilityScore } from "@domain/compatibility.ts";
import { type SearchQuery, type SearchResultDto, searchQuerySchema } from "@domain/discovery.ts";
import { serve } from "@hono/node-server";
import { type SQL, sql } from "drizzle-orm";
import pg from "pg";
import { seedMembers } from "../scripts/seed/bulk.ts";
import { createApp } from "../server/app.ts";
import { createDeps } from "../server/bootstrap.ts";
import { loadConfig } from "../server/config.ts";
import { type Db, queryRows } from "../server/db/client.ts";
import {
  oppositeGender,
  textArray,
  type Viewer,
  viewerFrom,
} from "../server/features/members/public-profile.ts";
import { findProfile } from "../server/features/profile/profile.service.ts";
import {
  countSearchMatches,
  searchConditions,
  searchCountQuery,
  searchPageQuery,
} from "../server/features/search/search.service.ts";
import { decodeSearchCursor } from "../server/features/search/search-cursor.ts";
import type { AppDeps } from "../server/http/types.ts";
import { createLogger } from "../server/logger.ts";

type Engine = "pglite" | "postgres";
const ENGINE_LABEL: Record<Engine, string> = { pglite: "PGlite (embedded)", postgres: "PostgreSQL server" };

const PORT = 3212;
const BASE = `http://127.0.0.1:${PORT}`;
const SEED = 42;
const LIKES = 300;
const MATCHES = 50;

type Params = Record<string, string | string[]>;

/** One search of the mix. A cursor case follows `nextCursor` `cursorAfter` times from page 1. */
interface QueryCase {
  label: string;
  params: Params;
  cursorAfter?: number;
  explain?: boolean;
}

const MIX: QueryCase[] = [
  { label: "default, page 1", params: {}, explain: true },
  { label: "default, page 2", params: { page: "2" } },
  { label: "default, page 5", params: { page: "5" } },
  { label: "age 25–35", params: { ageMin: "25", ageMax: "35" } },
  { label: "age 40–55", params: { ageMin: "40", ageMax: "55" }, explain: true },
  { label: "age 40–55, page 2", params: { ageMin: "40", ageMax: "55", page: "2" } },
  { label: "with photo", params: { withPhoto: "true" } },
  { label: "interests: Cuisine", params: { interests: ["Cuisine"] }, explain: true },
  { label: "interests: Voyages, Musique", params: { interests: ["Voyages", "Musique"] } },
  {
    label: "age 25–35, photo, Danse, page 2",
    params: { ageMin: "25", ageMax: "35", withPhoto: "true", interests: ["Danse"], page: "2" },
    explain: true,
  },
  { label: "cursor → page 2", params: {}, cursorAfter: 1, explain: true },
  { label: "cursor → page 5", params: {}, cursorAfter: 4 },
  { label: "age 40–55, cursor → page 2", params: { ageMin: "40", ageMax: "55" }, cursorAfter: 1 },
];

// ---------------------------------------------------------------------------------------------
// Options

interface Options {
  plan: { engine: Engine; size: number }[];
  rounds: number;
  explain: boolean;
  keep: boolean;
  serverUrl: string;
}

function options(argv = process.argv.slice(2)): Options {
  const { values } = parseArgs({
    args: argv,
    strict: false,
    options: {
      sizes: { type: "string" },
      engines: { type: "string", default: "pglite,postgres" },
      rounds: { type: "string", default: "20" },
      explain: { type: "boolean", default: false },
      keep: { type: "boolean", default: false },
    },
  });
  const engines = String(values.engines)
    .split(",")
    .map((e) => e.trim());
  for (const e of engines)
    if (e !== "pglite" && e !== "postgres") throw new Error(`--engines: unknown engine ${e}`);
  const sizes =
    typeof values.sizes === "string" ? values.sizes.split(",").map((s) => Number(s.trim())) : null;
  for (const n of sizes ?? [])
    if (!Number.isInteger(n) || n < 100) throw new Error("--sizes: integers of at least 100");
  const defaults: Record<Engine, number[]> = {
    pglite: [10_000, 100_000],
    postgres: [10_000, 100_000, 1_000_000],
  };
  const plan = (engines as Engine[]).flatMap((engine) =>
    (sizes ?? defaults[engine]).map((size) => ({ engine, size })),
  );
  const rounds = Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error("--rounds: a positive integer");
  return {
    plan,
    rounds,
    explain: values.explain === true,
    keep: values.keep === true,
    serverUrl: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  };
}

// ---------------------------------------------------------------------------------------------
// Data set: database, seeded members, the searching member

interface DataSet {
  deps: AppDeps;
  cookie: string;
  viewer: Viewer;
  seedMs: number;
  close(): Promise<void>;
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const log = (message: string) => process.stderr.write(`[bench:search] ${message}\n`);

async function openDataSet(engine: Engine, size: number, opts: Options): Promise<DataSet> {
  const dir = mkdtempSync(path.join(tmpdir(), "passerelle-bench-search-"));
  const dbName = `passerelle_bench_${size}`;
  let databaseUrl: string | undefined;
  if (engine === "postgres") {
    await adminQuery(opts.serverUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await adminQuery(opts.serverUrl, `CREATE DATABASE ${dbName}`);
    const url = new URL(opts.serverUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  // Production settings, as deployed: PGlite in a data folder (not in memory), secure cookies.
  const config = loadConfig({
    NODE_ENV: "production",
    PORT: String(PORT),
    HOST: "127.0.0.1",
    PUBLIC_BASE_URL: BASE,
    AUTH_SECRET: randomBytes(32).toString("hex"),
    DATA_DIR: dir,
    SEED_DEMO: "false",
    LOG_LEVEL: "silent",
    ALLOW_EMBEDDED_DATABASE: "true",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const deps = await createDeps(config, createLogger("silent", false));
  const close = async () => {
    await deps.database.close();
    if (engine === "postgres" && !opts.keep)
      await adminQuery(opts.serverUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    log(`${ENGINE_LABEL[engine]}: seeding ${size.toLocaleString("en")} members…`);
    let lastLog = performance.now();
    const seeded = await seedMembers(deps, {
      count: size,
      seed: SEED,
      photos: "pool",
      passwordHash: null,
      onProgress: (done, total) => {
        if (performance.now() - lastLog < 15_000) return;
        lastLog = performance.now();
        log(`  ${done.toLocaleString("en")} / ${total.toLocaleString("en")}`);
      },
    });
    log(`  seeded in ${(seeded.ms / 1000).toFixed(1)} s; VACUUM ANALYZE…`);
    // What autovacuum does on a server after a bulk load (statistics, visibility map).
    await deps.database.db.execute(sql`VACUUM ANALYZE`);
    const { cookie, userId } = await signUpSearcher(deps);
    await reactions(deps.database.db, userId);
    const viewer = viewerFrom(await findProfile(deps.database.db, userId));
    return { deps, cookie, viewer, seedMs: seeded.ms, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** The session cookie of a response, ready for a Cookie header. */
function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => c && !c.endsWith("="))
    .join("; ");
}

/** Signs up through Better Auth on an app built from the same deps and completes the profile. */
async function signUpSearcher(deps: AppDeps): Promise<{ cookie: string; userId: string }> {
  const app = createApp(deps);
  const call = (p: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("origin", BASE);
    headers.set("content-type", "application/json");
    return app.request(`${BASE}${p}`, { ...init, headers });
  };
  const res = await call("/api/auth/sign-up/email", {
    method: "POST",
    body: JSON.stringify({
      email: `bench-${randomBytes(4).toString("hex")}@exemple.fr`,
      password: "motdepasse-du-bench",
      name: "",
      ageConfirmed: true,
      termsAccepted: true,
    }),
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const userId = ((await res.json()) as { user: { id: string } }).user.id;
  const cookie = cookieOf(res);
  const put = await call("/api/profile", {
    method: "PUT",
    headers: { cookie },
    body: JSON.stringify({
      firstName: "Mamadou",
      lastName: "Diop",
      gender: "male",
      lookingFor: "Une relation sérieuse",
      birthDate: minusYears(todayIso(), 34),
      country: "Sénégal",
      phoneNumber: "+221771234567",
      bio: "",
      occupation: "Ingénieur",
      education: "Master",
      languages: ["Français", "Wolof", "Anglais"],
      interests: ["Cuisine", "Voyages", "Musique", "Football"],
    }),
  });
  if (put.status !== 200) throw new Error(`profile update failed: ${put.status} ${await put.text()}`);
  return { cookie, userId };
}

/**
 * A running subscription (search is for subscribers), ~300 likes/passes and 50 matches (both
 * orders, accepted and rejected) with random women.
 */
async function reactions(db: Db, me: string): Promise<void> {
  await db.execute(sql`INSERT INTO subscriptions (user_id, plan, start_date, end_date, provider, provider_ref, amount)
    VALUES (${me}, '3-mois', now(), now() + interval '90 days', 'demo', ${`bench_${me}`}, 4797)`);
  await db.execute(sql`UPDATE profiles SET account_status = 'subscribed', subscription_ends_at = now() + interval '90 days'
    WHERE user_id = ${me}`);
  await db.execute(sql`
    WITH picked AS (
      SELECT user_id, row_number() OVER () AS n FROM (
        SELECT user_id FROM profiles WHERE gender = 'female' ORDER BY random() LIMIT ${LIKES + MATCHES}) r)
    INSERT INTO likes (liker_id, liked_id, type)
    SELECT ${me}, user_id, CASE WHEN n % 3 = 0 THEN 'reject' ELSE 'like' END FROM picked WHERE n <= ${LIKES}`);
  await db.execute(sql`
    WITH picked AS (
      SELECT user_id, row_number() OVER () AS n FROM (
        SELECT user_id FROM profiles p WHERE gender = 'female'
          AND NOT EXISTS (SELECT 1 FROM likes l WHERE l.liker_id = ${me} AND l.liked_id = p.user_id)
        ORDER BY random() LIMIT ${MATCHES}) r)
    INSERT INTO matches (user1_id, user2_id, status, rejected_by)
    SELECT CASE WHEN n % 2 = 0 THEN ${me} ELSE user_id END, CASE WHEN n % 2 = 0 THEN user_id ELSE ${me} END,
      CASE WHEN n % 4 < 2 THEN 'accepted' ELSE 'rejected' END::match_status,
      CASE WHEN n % 4 < 2 THEN NULL WHEN n % 4 = 2 THEN ${me} ELSE user_id END
    FROM picked`);
  await db.execute(sql`ANALYZE likes`);
  await db.execute(sql`ANALYZE matches`);
}

// ---------------------------------------------------------------------------------------------
// The three ways of searching

function queryString(params: Params): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const x of [v].flat()) qs.append(k, x);
  return qs.toString();
}

async function httpSearch(cookie: string, params: Params): Promise<SearchResultDto> {
  const res = await fetch(`${BASE}/api/search?${queryString(params)}`, { headers: { cookie, origin: BASE } });
  if (res.status !== 200) throw new Error(`GET /api/search: ${res.status} ${await res.text()}`);
  return (await res.json()) as SearchResultDto;
}

/** The endpoint's two statements, built by the service and run concurrently as it does. */
async function sqlSearch(db: Db, viewer: Viewer, q: SearchQuery, today: string): Promise<number> {
  const conditions = searchConditions(viewer, q, today);
  const at = q.cursor ? decodeSearchCursor(q.cursor, "default") : { offset: ((q.page ?? 1) - 1) * q.size };
  const [rows] = await Promise.all([
    queryRows(db, searchPageQuery(conditions, q.size, at)),
    countSearchMatches(db, conditions),
  ]);
  return rows.length;
}

interface BaselineProfile {
  user_id: string;
  photos: string[];
  interests: string[];
  languages: string[];
  looking_for: string;
}

/**
 * One PostgREST read with `count: "exact"`: the page and, in the same statement, the count of
 * every row the filters match (PostgREST's `total_result_set`), the page as a JSON body.
 */
async function postgrestPage(db: Db, where: SQL, limit: number, offset: number) {
  const [row] = await queryRows<{ total: number; body: BaselineProfile[] }>(
    db,
    sql`WITH pgrst_source AS (
        SELECT p.* FROM profiles p WHERE ${where} ORDER BY p.created_at DESC LIMIT ${limit} OFFSET ${offset})
      SELECT (SELECT count(*) FROM profiles p WHERE ${where})::int AS total,
        coalesce(json_agg(s), '[]') AS body FROM pgrst_source s`,
  );
  return { total: row?.total ?? 0, rows: row?.body ?? [] };
}

/** SPEC §7 as a Supabase client runs it: five round trips, then filters after paging. */
async function baselineSearch(db: Db, userId: string, q: SearchQuery, page: number, today: string) {
  const [me] = await queryRows<BaselineProfile & { gender: "male" | "female" }>(
    db,
    sql`SELECT * FROM profiles WHERE user_id = ${userId}`,
  );
  if (!me) throw new Error("Profil utilisateur non trouvé");
  const liked = await queryRows<{ liked_id: string }>(
    db,
    sql`SELECT liked_id FROM likes WHERE liker_id = ${userId}`,
  );
  const matched = await queryRows<{ user1_id: string; user2_id: string }>(
    db,
    sql`SELECT user1_id, user2_id FROM matches WHERE user1_id = ${userId} OR user2_id = ${userId}`,
  );
  const excluded = [
    userId,
    ...liked.map((l) => l.liked_id),
    ...matched.map((m) => (m.user1_id === userId ? m.user2_id : m.user1_id)),
  ];
  // .neq("gender", …).gte("birth_date", …).lte("birth_date", …).not("user_id", "in", excluded)
  const where = sql`p.gender = ${oppositeGender(me.gender)}
    AND p.birth_date >= ${minusYears(today, q.ageMax)}::date AND p.birth_date <= ${minusYears(today, q.ageMin)}::date
    AND NOT (p.user_id = ANY(${textArray(excluded)}))`;
  const offset = (page - 1) * q.size;
  const subscribed = await postgrestPage(
    db,
    sql`${where} AND p.account_status = 'subscribed'`,
    q.size,
    offset,
  );
  const others = await postgrestPage(
    db,
    sql`${where} AND p.account_status <> 'subscribed'`,
    q.size - subscribed.rows.length,
    Math.max(0, offset - subscribed.total),
  );
  const seen = new Map<string, BaselineProfile>();
  for (const p of [...subscribed.rows, ...others.rows]) {
    if (q.withPhoto && p.photos.length === 0) continue;
    if (q.interests.length > 0 && !p.interests.some((i) => q.interests.includes(i))) continue;
    seen.set(p.user_id, p);
  }
  const viewer = { interests: me.interests, languages: me.languages, lookingFor: me.looking_for };
  const data = [...seen.values()].map((p) => ({
    ...p,
    compatibility: compatibilityScore(viewer, { ...p, lookingFor: p.looking_for }),
  }));
  const count = subscribed.total + others.total;
  return { data, count, hasMore: offset + q.size < count };
}

// ---------------------------------------------------------------------------------------------
// Measurement

interface Prepared {
  label: string;
  params: Params;
  query: SearchQuery;
  /** The page the baseline (which has no cursor) reads instead. */
  page: number;
  explain: boolean;
  found: string;
  rows: number;
  baselineRows: number;
}

interface Samples {
  http: number[];
  sql: number[];
  baseline: number[];
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? Number.NaN;
};
const ms = (x: number) => (Number.isNaN(x) ? "–" : x < 10 ? x.toFixed(2) : x.toFixed(1));
const ratio = (x: number) => (Number.isFinite(x) ? `${x.toFixed(x < 10 ? 2 : 1)}×` : "–");
const n = (x: number) => x.toLocaleString("en");

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

async function prepare(set: DataSet): Promise<Prepared[]> {
  const prepared: Prepared[] = [];
  const today = todayIso();
  for (const c of MIX) {
    const params: Params = { ...c.params };
    if (c.cursorAfter) {
      let cursor: string | null = null;
      for (let i = 0; i < c.cursorAfter; i++) {
        const r: SearchResultDto = await httpSearch(set.cookie, cursor ? { ...c.params, cursor } : c.params);
        cursor = r.nextCursor;
      }
      if (!cursor) throw new Error(`${c.label}: no next cursor`);
      params.cursor = cursor;
    }
    const query = searchQuerySchema.parse({ ...params, interests: [params.interests ?? []].flat() });
    const page = c.cursorAfter ? c.cursorAfter + 1 : (query.page ?? 1);
    const r = await httpSearch(set.cookie, params);
    const b = await baselineSearch(set.deps.database.db, set.viewer.userId, query, page, today);
    prepared.push({
      label: c.label,
      params,
      query,
      page,
      explain: c.explain === true,
      found: r.countCapped ? `${n(r.count)}+` : n(r.count),
      rows: r.data.length,
      baselineRows: b.data.length,
    });
  }
  return prepared;
}

async function measure(set: DataSet, mix: Prepared[], rounds: number): Promise<Samples[]> {
  const { db } = set.deps.database;
  const today = todayIso();
  const samples: Samples[] = mix.map(() => ({ http: [], sql: [], baseline: [] }));
  // Two warm-up rounds, then `rounds` measured ones. HTTP and SQL run back to back, in turns first,
  // so that both see the same cache; the baseline, whose whole-table counts push other pages out
  // of a small shared_buffers, runs after them, so that it never precedes one of the two.
  for (let round = -2; round < rounds; round++) {
    for (const [i, q] of mix.entries()) {
      const http = () => timed(() => httpSearch(set.cookie, q.params));
      const bare = () => timed(() => sqlSearch(db, set.viewer, q.query, today));
      let h: number;
      let t: number;
      if ((round + i) % 2 === 0) {
        h = await http();
        t = await bare();
      } else {
        t = await bare();
        h = await http();
      }
      if (round < 0) continue;
      samples[i]!.http.push(h);
      samples[i]!.sql.push(t);
    }
    for (const [i, q] of mix.entries()) {
      const b = await timed(() => baselineSearch(db, set.viewer.userId, q.query, q.page, today));
      if (round >= 0) samples[i]!.baseline.push(b);
    }
  }
  return samples;
}

async function explain(set: DataSet, mix: Prepared[], title: string): Promise<void> {
  const { db } = set.deps.database;
  const today = todayIso();
  console.log(`\n#### EXPLAIN (ANALYZE, BUFFERS): ${title}`);
  for (const q of mix.filter((m) => m.explain)) {
    const conditions = searchConditions(set.viewer, q.query, today);
    const at = q.query.cursor
      ? decodeSearchCursor(q.query.cursor, "default")
      : { offset: ((q.query.page ?? 1) - 1) * q.query.size };
    for (const [kind, stmt] of [
      ["page", searchPageQuery(conditions, q.query.size, at)],
      ["count", searchCountQuery(conditions)],
    ] as const) {
      // With the settings the service runs it with (countSearchMatches); once to warm the cache,
      // then the plan that is printed.
      const rows = await db.transaction(async (tx) => {
        if (kind === "count") await tx.execute(sql`SET LOCAL max_parallel_workers_per_gather = 0`);
        await tx.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${stmt}`);
        return queryRows<{ "QUERY PLAN": string }>(
          tx as unknown as Db,
          sql`EXPLAIN (ANALYZE, BUFFERS) ${stmt}`,
        );
      });
      console.log(
        `\n${q.label}: ${kind} query\n\`\`\`\n${rows.map((r) => r["QUERY PLAN"]).join("\n")}\n\`\`\``,
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Report

interface Result {
  engine: Engine;
  size: number;
  seedMs: number;
  http: number[];
  sql: number[];
  baseline: number[];
}

function printDataSet(engine: Engine, size: number, seedMs: number, mix: Prepared[], samples: Samples[]) {
  console.log(
    `\n### ${ENGINE_LABEL[engine]}, ${n(size)} profiles (seeded in ${(seedMs / 1000).toFixed(1)} s, ${n(Math.round(size / (seedMs / 1000)))}/s)`,
  );
  console.log(
    "| query | found | rows (baseline) | HTTP p50 | HTTP p95 | SQL p50 | SQL p95 | baseline p50 | baseline p95 | baseline ÷ HTTP |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const [i, q] of mix.entries()) {
    const s = samples[i]!;
    const h = pct(s.http, 50);
    console.log(
      `| ${q.label} | ${q.found} | ${q.rows} (${q.baselineRows}) | ${ms(h)} | ${ms(pct(s.http, 95))} | ${ms(pct(s.sql, 50))} | ${ms(pct(s.sql, 95))} | ${ms(pct(s.baseline, 50))} | ${ms(pct(s.baseline, 95))} | ${ratio(pct(s.baseline, 50) / h)} |`,
    );
  }
  const all = (k: keyof Samples) => samples.flatMap((s) => s[k]);
  console.log(
    `| **all queries** | | | **${ms(pct(all("http"), 50))}** | **${ms(pct(all("http"), 95))}** | **${ms(pct(all("sql"), 50))}** | **${ms(pct(all("sql"), 95))}** | **${ms(pct(all("baseline"), 50))}** | **${ms(pct(all("baseline"), 95))}** | **${ratio(pct(all("baseline"), 50) / pct(all("http"), 50))}** |`,
  );
}

function printSummary(results: Result[]) {
  console.log("\n### Summary (all queries of the mix; times in ms)");
  console.log(
    "| engine | profiles | seeding | HTTP p50 | HTTP p95 | SQL p50 | SQL p95 | baseline p50 | baseline p95 | HTTP p50 ÷ SQL p50 | baseline p50 ÷ HTTP p50 |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of results) {
    const h = pct(r.http, 50);
    console.log(
      `| ${ENGINE_LABEL[r.engine]} | ${n(r.size)} | ${(r.seedMs / 1000).toFixed(1)} s | ${ms(h)} | ${ms(pct(r.http, 95))} | ${ms(pct(r.sql, 50))} | ${ms(pct(r.sql, 95))} | ${ms(pct(r.baseline, 50))} | ${ms(pct(r.baseline, 95))} | ${ratio(h / pct(r.sql, 50))} | ${ratio(pct(r.baseline, 50) / h)} |`,
    );
  }

  const pgRuns = results.filter((r) => r.engine === "postgres").sort((a, b) => a.size - b.size);
  const small = pgRuns.find((r) => r.size === 10_000) ?? pgRuns[0];
  const large = pgRuns.find((r) => r.size === 1_000_000) ?? pgRuns.at(-1);
  if (small && large && large !== small) {
    const label = `p50(${n(large.size)}) ÷ p50(${n(small.size)})`;
    console.log(
      `\nPostgreSQL scaling, ${label}: HTTP ${ratio(pct(large.http, 50) / pct(small.http, 50))}, SQL ${ratio(pct(large.sql, 50) / pct(small.sql, 50))}, baseline ${ratio(pct(large.baseline, 50) / pct(small.baseline, 50))}`,
    );
  }

  const yes = (ok: boolean) => (ok ? "yes" : "**no**");
  console.log("\n### Targets");
  console.log("| target | measured | met |\n|---|---|---|");
  const at1m = results.find((r) => r.engine === "postgres" && r.size === 1_000_000);
  if (at1m) {
    const p95 = pct(at1m.http, 95);
    console.log(
      `| HTTP p95 ≤ 50 ms at 1,000,000 profiles (PostgreSQL) | ${ms(p95)} ms | ${yes(p95 <= 50)} |`,
    );
  } else console.log("| HTTP p95 ≤ 50 ms at 1,000,000 profiles (PostgreSQL) | not run | – |");
  const pg10k = results.find((r) => r.engine === "postgres" && r.size === 10_000);
  if (at1m && pg10k) {
    const x = pct(at1m.http, 50) / pct(pg10k.http, 50);
    console.log(`| HTTP p50 at 1M ≤ 3 × p50 at 10k (PostgreSQL) | ${ratio(x)} | ${yes(x <= 3)} |`);
  } else console.log("| HTTP p50 at 1M ≤ 3 × p50 at 10k (PostgreSQL) | not run | – |");
  for (const r of results) {
    const x = pct(r.http, 50) / pct(r.sql, 50);
    const y = pct(r.baseline, 50) / pct(r.http, 50);
    const where = `${ENGINE_LABEL[r.engine]}, ${n(r.size)}`;
    console.log(`| HTTP p50 ≤ 1.5 × SQL p50 (${where}) | ${ratio(x)} | ${yes(x <= 1.5)} |`);
    console.log(`| ≥ 5 × faster than the baseline, p50 (${where}) | ${ratio(y)} | ${yes(y >= 5)} |`);
  }
}

export async function benchSearch(argv = process.argv.slice(2)): Promise<void> {
  const opts = options(argv);
  const results: Result[] = [];
  console.log(
    `\nSearch: GET /api/search (HTTP), its SQL statements, and the SPEC §7 baseline (5 round trips, filters after paging); ${opts.rounds} rounds of ${MIX.length} queries after 2 warm-up rounds, times in ms`,
  );
  for (const { engine, size } of opts.plan) {
    const set = await openDataSet(engine, size, opts);
    const app = createApp(set.deps);
    const server = serve({ fetch: app.fetch, port: PORT, hostname: "127.0.0.1" });
    try {
      log(`${ENGINE_LABEL[engine]}, ${n(size)}: measuring…`);
      const mix = await prepare(set);
      const samples = await measure(set, mix, opts.rounds);
      printDataSet(engine, size, set.seedMs, mix, samples);
      const flat = (k: keyof Samples) => samples.flatMap((s) => s[k]);
      results.push({
        engine,
        size,
        seedMs: set.seedMs,
        http: flat("http"),
        sql: flat("sql"),
        baseline: flat("baseline"),
      });
      if (opts.explain) await explain(set, mix, `${ENGINE_LABEL[engine]}, ${n(size)} profiles`);
    } finally {
      await new Promise((r) => server.close(r));
      await set.close();
    }
  }
  printSummary(results);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href)
  await benchSearch();
