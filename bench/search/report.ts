// Markdown tables of bench/search.ts: one per data set, the summary, the per-query scaling between
// the two largest PostgreSQL sizes, and the targets of issues 9 and 17. Asserts nothing.
import type { Machine } from "../harness/machine.ts";
import { heading, table } from "../harness/report.ts";
import { ms, n, pct, ratio as ratioOf } from "../harness/stats.ts";
import { ENGINE_LABEL, type Engine } from "./dataset.ts";
import type { QueryCase } from "./mix.ts";

export interface Samples {
  http: number[];
  sql: number[];
  baseline: number[];
}

export interface Prepared {
  label: string;
  group: QueryCase["group"];
  found: string;
  rows: number;
  baselineRows: number;
}

export interface Result {
  engine: Engine;
  size: number;
  seedMs: number | null;
  mix: Prepared[];
  samples: Samples[];
}

/** Issue 17: every query's HTTP p95 at 1,000,000 profiles, and its growth from 100,000. */
const P95_TARGET_MS = 30;
const GROWTH_TARGET = 2;

/** The columns of the three ways' times. */
const TIMES = ["HTTP p50", "HTTP p95", "SQL p50", "SQL p95", "baseline p50", "baseline p95"];

/** Ratios with two decimals: the targets sit at 1.5× and 2×. */
export const ratio = (x: number) => ratioOf(x, 2);
const seeding = (seedMs: number | null, size: number) =>
  seedMs === null
    ? "database reused"
    : `seeded in ${(seedMs / 1000).toFixed(1)} s, ${n(Math.round(size / (seedMs / 1000)))}/s`;
const yes = (ok: boolean) => (ok ? "yes" : "**no**");
const all = (samples: Samples[], k: keyof Samples, group?: QueryCase["group"], mix?: Prepared[]) =>
  samples.filter((_, i) => !group || mix?.[i]?.group === group).flatMap((s) => s[k]);

export function printDataSet(r: Result): void {
  const { engine, size, seedMs, mix, samples } = r;
  heading(`${ENGINE_LABEL[engine]}, ${n(size)} profiles (${seeding(seedMs, size)})`, 3);
  const totals = (
    [
      ["SPEC filters", "spec"],
      ["issue 17 filters and orders", "places"],
      ["all queries", undefined],
    ] as const
  ).map(([title, group]) => {
    const cell = (k: keyof Samples, p: number) => `**${ms(pct(all(samples, k, group, mix), p))}**`;
    const speedUp = pct(all(samples, "baseline", group, mix), 50) / pct(all(samples, "http", group, mix), 50);
    return [
      `**${title}**`,
      "",
      "",
      cell("http", 50),
      cell("http", 95),
      cell("sql", 50),
      cell("sql", 95),
      cell("baseline", 50),
      cell("baseline", 95),
      `**${ratio(speedUp)}**`,
    ];
  });
  table(
    ["query", "found", "rows (baseline)", ...TIMES, "baseline ÷ HTTP"],
    [
      ...mix.map((q, i) => {
        const s = samples[i]!;
        const h = pct(s.http, 50);
        return [
          q.label,
          q.found,
          `${q.rows} (${q.baselineRows})`,
          ms(h),
          ms(pct(s.http, 95)),
          ms(pct(s.sql, 50)),
          ms(pct(s.sql, 95)),
          ms(pct(s.baseline, 50)),
          ms(pct(s.baseline, 95)),
          ratio(pct(s.baseline, 50) / h),
        ];
      }),
      ...totals,
    ],
  );
}

function printScaling(small: Result, large: Result): { worstP95: number; worstGrowth: number } {
  heading(`Per query, PostgreSQL: HTTP p95 at ${n(small.size)} and ${n(large.size)} profiles (ms)`, 3);
  let worstP95 = 0;
  let worstGrowth = 0;
  const rows = large.mix.map((q, i) => {
    const a = pct(small.samples[i]!.http, 95);
    const b = pct(large.samples[i]!.http, 95);
    const growth = b / a;
    worstP95 = Math.max(worstP95, b);
    worstGrowth = Math.max(worstGrowth, growth);
    return [q.label, ms(a), ms(b), ratio(growth), yes(b <= P95_TARGET_MS), yes(growth <= GROWTH_TARGET)];
  });
  table(
    `query | p95 ${n(small.size)} | p95 ${n(large.size)} | growth | p95 ≤ ${P95_TARGET_MS} ms | growth ≤ ${GROWTH_TARGET}×`,
    rows,
    "lrrrll",
  );
  return { worstP95, worstGrowth };
}

export function printSummary(results: Result[], machine: Machine): void {
  heading("Summary (all queries of the mix; times in ms)", 3);
  console.log(`\n${machine.line()}\n`);
  table(
    ["engine", "profiles", "seeding", ...TIMES, "HTTP p50 ÷ SQL p50", "baseline p50 ÷ HTTP p50"],
    results.map((r) => {
      const h = pct(all(r.samples, "http"), 50);
      const s = pct(all(r.samples, "sql"), 50);
      const b = pct(all(r.samples, "baseline"), 50);
      return [
        ENGINE_LABEL[r.engine],
        n(r.size),
        r.seedMs === null ? "reused" : `${(r.seedMs / 1000).toFixed(1)} s`,
        ms(h),
        ms(pct(all(r.samples, "http"), 95)),
        ms(s),
        ms(pct(all(r.samples, "sql"), 95)),
        ms(b),
        ms(pct(all(r.samples, "baseline"), 95)),
        ratio(h / s),
        ratio(b / h),
      ];
    }),
  );

  const pgRuns = results.filter((r) => r.engine === "postgres").sort((a, b) => a.size - b.size);
  const large = pgRuns.at(-1);
  const small = pgRuns.at(-2);
  const scaling = small && large ? printScaling(small, large) : null;

  heading("Targets", 3);
  const rows: string[][] = [];
  if (large && scaling) {
    rows.push([
      `every query's HTTP p95 ≤ ${P95_TARGET_MS} ms at ${n(large.size)} profiles (PostgreSQL)`,
      `worst ${ms(scaling.worstP95)} ms`,
      yes(scaling.worstP95 <= P95_TARGET_MS),
    ]);
    rows.push([
      `no query's p95 grows > ${GROWTH_TARGET}× from ${n(small!.size)} to ${n(large.size)}`,
      `worst ${ratio(scaling.worstGrowth)}`,
      yes(scaling.worstGrowth <= GROWTH_TARGET),
    ]);
  } else rows.push(["per-query p95 and growth (PostgreSQL, two sizes)", "not run", "–"]);
  for (const r of results) {
    const h = pct(all(r.samples, "http"), 50);
    const x = h / pct(all(r.samples, "sql"), 50);
    const y = pct(all(r.samples, "baseline"), 50) / h;
    const where = `${ENGINE_LABEL[r.engine]}, ${n(r.size)}`;
    rows.push([`HTTP p50 ≤ 1.5 × SQL p50 (${where})`, ratio(x), yes(x <= 1.5)]);
    rows.push([`≥ 5 × faster than the baseline, p50 (${where})`, ratio(y), yes(y >= 5)]);
  }
  table(["target", "measured", "met"], rows, "lll");
}
