// Search at scale: `npm run bench:search` (or `npm run bench -- --search`). For each engine and data
// set (realistic members from the seed generator, bench/search/dataset.ts), a signed-up woman living
// in Paris with ~300 likes/passes and 50 matches runs a mix of searches (bench/search/mix.ts: the
// SPEC's filters, then issue 17's places, languages, « en ligne récemment » and orders, alone and
// combined), timed three ways (p50/p95 over every run of every query):
//  1. HTTP: GET /api/search on the real app listening on a port, with the session cookie;
//  2. SQL: the statements the endpoint runs (the service's runSearch), on the same database handle;
//  3. baseline: the SPEC §7 algorithm the way a Supabase client runs it (bench/search/baseline.ts):
//     five round trips, every other filter and the order applied in JavaScript after paging.
// Then, on PostgreSQL, what presence costs (bench/search/presence.ts): its writes, the mix again after
// 2 % (--active-share; autovacuum's threshold for profiles) of the members were active since the
// last vacuum, and once more after VACUUM.
// Prints markdown tables and whether the targets are met; asserts nothing.
//
//   node --import tsx bench/search.ts [--sizes 100000,1000000] [--engines pglite,postgres]
//     [--rounds 20] [--active-share 2] [--explain] [--keep] [--reuse]
// Without --sizes: PGlite 10k and 100k, PostgreSQL 100k and 1M. With --sizes, every chosen engine
// runs every chosen size. PostgreSQL: BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres) names the server; each size gets a fresh database
// passerelle_bench_<n>, dropped at the end unless --keep; --reuse measures a kept one again (no
// seeding). --explain prints EXPLAIN (ANALYZE, BUFFERS)
// of the statements of the queries marked in the mix (docs/search-plans.md).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { todayIso } from "@domain/age.ts";
import {
  SEARCH_LIST_PARAMS,
  type SearchQuery,
  type SearchResultDto,
  searchQuerySchema,
} from "@domain/discovery.ts";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import {
  activityPageQuery,
  compatibilityPoolQueries,
  runSearch,
  searchConditions,
  searchCountQuery,
  searchPageQuery,
  searchRange,
} from "../server/features/search/search.service.ts";
import { decodeSearchCursor } from "../server/features/search/search-cursor.ts";
import { type Db, queryRows } from "../server/platform/db/client.ts";
import { withCleanup } from "./harness/cleanup.ts";
import { benchServerUrl } from "./harness/database.ts";
import { watchMachine } from "./harness/machine.ts";
import { heading, table } from "./harness/report.ts";
import { ms, n, pct, timed } from "./harness/stats.ts";
import { baselineSearch } from "./search/baseline.ts";
import { type DataSet, ENGINE_LABEL, type Engine, log, openDataSet } from "./search/dataset.ts";
import { MIX, type Params } from "./search/mix.ts";
import { measurePresenceWrites, touchShare } from "./search/presence.ts";
import { type Prepared, printDataSet, printSummary, type Result, type Samples } from "./search/report.ts";

interface Options {
  plan: { engine: Engine; size: number }[];
  rounds: number;
  /** Share of the members whose presence changes between the measurements of the mix (0–1). */
  activeShare: number;
  explain: boolean;
  keep: boolean;
  reuse: boolean;
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
      "active-share": { type: "string", default: "2" },
      explain: { type: "boolean", default: false },
      keep: { type: "boolean", default: false },
      reuse: { type: "boolean", default: false },
    },
  });
  const engines = String(values.engines)
    .split(",")
    .map((e) => e.trim());
  for (const e of engines)
    if (e !== "pglite" && e !== "postgres") throw new Error(`--engines: unknown engine ${e}`);
  const sizes =
    typeof values.sizes === "string" ? values.sizes.split(",").map((s) => Number(s.trim())) : null;
  for (const x of sizes ?? [])
    if (!Number.isInteger(x) || x < 100) throw new Error("--sizes: integers of at least 100");
  const defaults: Record<Engine, number[]> = {
    pglite: [10_000, 100_000],
    postgres: [100_000, 1_000_000],
  };
  const plan = (engines as Engine[]).flatMap((engine) =>
    (sizes ?? defaults[engine]).map((size) => ({ engine, size })),
  );
  const rounds = Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error("--rounds: a positive integer");
  const activeShare = Number(values["active-share"]) / 100;
  if (!(activeShare > 0 && activeShare <= 1)) throw new Error("--active-share: a percentage in ]0, 100]");
  return {
    plan,
    rounds,
    activeShare,
    explain: values.explain === true,
    keep: values.keep === true,
    reuse: values.reuse === true,
    serverUrl: benchServerUrl(),
  };
}

// ---------------------------------------------------------------------------------------------
// The ways of searching

function queryString(params: Params): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const x of [v].flat()) qs.append(k, x);
  return qs.toString();
}

async function httpSearch(set: DataSet, params: Params): Promise<SearchResultDto> {
  const res = await fetch(`${set.base}/api/search?${queryString(params)}`, {
    headers: { cookie: set.cookie, origin: set.base },
  });
  if (res.status !== 200) throw new Error(`GET /api/search: ${res.status} ${await res.text()}`);
  return (await res.json()) as SearchResultDto;
}

/** The query the endpoint parses from these parameters (list parameters always arrays). */
function parseQuery(params: Params): SearchQuery {
  const lists = Object.fromEntries(SEARCH_LIST_PARAMS.map((k) => [k, [params[k] ?? []].flat()]));
  return searchQuerySchema.parse({ ...params, ...lists });
}

interface Case extends Prepared {
  params: Params;
  query: SearchQuery;
  /** The page the baseline (which has no cursor) reads instead. */
  page: number;
  explain: boolean;
}

async function prepare(set: DataSet): Promise<Case[]> {
  const prepared: Case[] = [];
  const today = todayIso();
  for (const c of MIX) {
    const params: Params = { ...c.params };
    if (c.cursorAfter) {
      let cursor: string | null = null;
      for (let i = 0; i < c.cursorAfter; i++) {
        const r: SearchResultDto = await httpSearch(set, cursor ? { ...c.params, cursor } : c.params);
        cursor = r.nextCursor;
      }
      if (!cursor) throw new Error(`${c.label}: no next cursor`);
      params.cursor = cursor;
    }
    const query = parseQuery(params);
    const page = c.cursorAfter ? c.cursorAfter + 1 : (query.page ?? 1);
    const r = await httpSearch(set, params);
    const b = await baselineSearch(set.deps.database.db, set.viewer.userId, query, page, today);
    prepared.push({
      label: c.label,
      group: c.group,
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

async function measure(set: DataSet, mix: Case[], rounds: number, withBaseline = true): Promise<Samples[]> {
  const { db } = set.deps.database;
  const today = todayIso();
  const samples: Samples[] = mix.map(() => ({ http: [], sql: [], baseline: [] }));
  // Two warm-up rounds, then `rounds` measured ones. HTTP and SQL run back to back, in turns first,
  // so that both see the same cache; the baseline, whose whole-table counts push other pages out
  // of a small shared_buffers, runs after them, so that it never precedes one of the two.
  for (let round = -2; round < rounds; round++) {
    for (const [i, q] of mix.entries()) {
      const http = () => timed(() => httpSearch(set, q.params));
      const bare = () => timed(() => runSearch(db, set.viewer, q.query, today));
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
    if (!withBaseline) continue;
    for (const [i, q] of mix.entries()) {
      const b = await timed(() => baselineSearch(db, set.viewer.userId, q.query, q.page, today));
      if (round >= 0) samples[i]!.baseline.push(b);
    }
  }
  return samples;
}

/**
 * The statements of one query: the page of its order and the count; for « compatibilité », the
 * pool (its bounded walk, and the read that follows when the walk holds too few), which is the count.
 */
function statements(set: DataSet, q: SearchQuery): [string, SQL][] {
  const range = searchRange(set.viewer);
  const conditions = searchConditions(set.viewer, q, todayIso());
  if (q.sort === "compatibility") {
    const { walk, rest } = compatibilityPoolQueries(range, conditions);
    return [
      ["pool (and count), walk", walk],
      ["pool (and count), when the walk holds too few", rest],
    ];
  }
  const offset = ((q.page ?? 1) - 1) * q.size;
  const count: [string, SQL] = ["count", searchCountQuery(range, conditions)];
  if (q.sort === "activity") {
    // The service reads the page one of two ways (the walk, or the few matches sorted): both printed.
    const at = q.cursor ? decodeSearchCursor(q.cursor, "activity") : { offset };
    return [
      count,
      ["page (more than 200 match)", activityPageQuery(conditions, q.size, at)],
      ["page (200 or fewer match)", activityPageQuery(conditions, q.size, at, true)],
    ];
  }
  const at = q.cursor ? decodeSearchCursor(q.cursor, "default") : { offset };
  return [["page", searchPageQuery(conditions, q.size, at)], count];
}

async function explain(set: DataSet, mix: Case[], title: string): Promise<void> {
  const { db } = set.deps.database;
  console.log(`\n#### EXPLAIN (ANALYZE, BUFFERS): ${title}`);
  for (const q of mix.filter((m) => m.explain)) {
    for (const [kind, stmt] of statements(set, q.query)) {
      // Once to warm the cache, then the plan that is printed (the pool runs without parallel
      // workers, as the service's pool does: server/platform/db/client.ts).
      await db.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${stmt}`);
      const rows = await queryRows(
        db,
        z.strictObject({ "QUERY PLAN": z.string() }),
        sql`EXPLAIN (ANALYZE, BUFFERS) ${stmt}`,
      );
      console.log(
        `\n${q.label}: ${kind} query\n\`\`\`\n${rows.map((r) => r["QUERY PLAN"]).join("\n")}\n\`\`\``,
      );
    }
  }
}

/** Heap fetches of every statement of the mix: the table pages its index-only scans had to read. */
async function heapFetches(set: DataSet, mix: Case[]): Promise<number> {
  const { db } = set.deps.database;
  let total = 0;
  for (const q of mix)
    for (const [, stmt] of statements(set, q.query)) {
      const rows = await queryRows(
        db,
        z.strictObject({ "QUERY PLAN": z.string() }),
        sql`EXPLAIN (ANALYZE) ${stmt}`,
      );
      for (const { "QUERY PLAN": line } of rows) {
        const m = /Heap Fetches: (\d+)/.exec(line);
        if (m) total += Number(m[1]);
      }
    }
  return total;
}

/**
 * The mix again after a share of the members were active since the last vacuum, then once more after
 * the VACUUM that autovacuum would run (its time printed): p50/p95 over HTTP and the heap fetches of
 * all the mix's statements in each state.
 */
async function afterPresence(
  set: DataSet,
  mix: Case[],
  before: Samples[],
  rounds: number,
  share: number,
): Promise<void> {
  const { db } = set.deps.database;
  const fetches = [await heapFetches(set, mix)];
  // Autovacuum starts after 2 % of the rows changed (migration 0020): off while the touched state is
  // measured, so that it is measured as it is at worst, just before autovacuum runs.
  await db.execute(sql`ALTER TABLE profiles SET (autovacuum_enabled = false)`);
  const touched = await touchShare(db, share);
  const after = await measure(set, mix, rounds, false);
  fetches.push(await heapFetches(set, mix));
  await db.execute(sql`ALTER TABLE profiles RESET (autovacuum_enabled)`);
  const started = performance.now();
  await db.execute(sql`VACUUM profiles`);
  const vacuumMs = performance.now() - started;
  const vacuumed = await measure(set, mix, rounds, false);
  fetches.push(await heapFetches(set, mix));
  const states = [before, after, vacuumed];
  heading(
    `The mix after ${n(touched)} members (${share * 100} %) were active since the last vacuum, then after VACUUM (HTTP, ms)`,
    3,
  );
  const cells = (xs: number[][]) => [...xs.map((x) => ms(pct(x, 50))), ...xs.map((x) => ms(pct(x, 95)))];
  const all = cells(states.map((s) => s.flatMap((x) => x.http)));
  table(
    ["query", "p50 before", "p50 after", "p50 vacuumed", "p95 before", "p95 after", "p95 vacuumed"],
    [
      ...mix.map((q, i) => [q.label, ...cells(states.map((s) => s[i]!.http))]),
      ["**all queries**", ...all.map((c) => `**${c}**`)],
    ],
  );
  const [f0, f1, f2] = fetches.map(n);
  console.log(`\nHeap fetches over all the mix's statements: ${f0} before, ${f1} after, ${f2} vacuumed`);
  console.log(`VACUUM profiles: ${ms(vacuumMs)} ms`);
}

export async function benchSearch(argv = process.argv.slice(2)): Promise<void> {
  const opts = options(argv);
  const machine = watchMachine();
  const results: Result[] = [];
  heading("Search at scale (bench/search.ts)");
  console.log(
    `\nGET /api/search (HTTP), its SQL statements, and the SPEC §7 baseline (5 round trips, filters after paging); ${opts.rounds} rounds of ${MIX.length} queries after 2 warm-up rounds, times in ms.`,
  );
  const largestPg = Math.max(0, ...opts.plan.filter((p) => p.engine === "postgres").map((p) => p.size));
  await withCleanup(async () => {
    for (const { engine, size } of opts.plan) {
      const set = await openDataSet(engine, size, opts);
      try {
        log(`${ENGINE_LABEL[engine]}, ${n(size)}: measuring…`);
        const mix = await prepare(set);
        const samples = await measure(set, mix, opts.rounds);
        const result: Result = { engine, size, seedMs: set.seedMs, mix, samples };
        printDataSet(result);
        results.push(result);
        if (opts.explain) await explain(set, mix, `${ENGINE_LABEL[engine]}, ${n(size)} profiles`);
        if (engine === "postgres" && size === largestPg) {
          log("presence writes…");
          await measurePresenceWrites(set.deps.database.db as Db, size);
          await afterPresence(set, mix, samples, Math.max(1, Math.ceil(opts.rounds / 2)), opts.activeShare);
        }
      } finally {
        await set.close();
      }
    }
  });
  printSummary(results, machine);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href)
  await benchSearch();
