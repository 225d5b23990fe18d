// Markdown tables of bench/search.ts: one per data set, the summary, the per-query scaling between
// the two largest PostgreSQL sizes, and the targets of issues 9 and 17. Asserts nothing.
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

export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? Number.NaN;
};
export const ms = (x: number) => (Number.isNaN(x) ? "–" : x < 10 ? x.toFixed(2) : x.toFixed(1));
export const ratio = (x: number) => (Number.isFinite(x) ? `${x.toFixed(x < 10 ? 2 : 1)}×` : "–");
export const n = (x: number) => x.toLocaleString("en");
const seeding = (seedMs: number | null, size: number) =>
  seedMs === null
    ? "database reused"
    : `seeded in ${(seedMs / 1000).toFixed(1)} s, ${n(Math.round(size / (seedMs / 1000)))}/s`;
const yes = (ok: boolean) => (ok ? "yes" : "**no**");
const all = (samples: Samples[], k: keyof Samples, group?: QueryCase["group"], mix?: Prepared[]) =>
  samples.filter((_, i) => !group || mix?.[i]?.group === group).flatMap((s) => s[k]);

export function printDataSet(r: Result): void {
  const { engine, size, seedMs, mix, samples } = r;
  console.log(`\n### ${ENGINE_LABEL[engine]}, ${n(size)} profiles (${seeding(seedMs, size)})`);
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
  for (const [title, group] of [
    ["SPEC filters", "spec"],
    ["issue 17 filters and orders", "places"],
    ["all queries", undefined],
  ] as const) {
    const cell = (k: keyof Samples, p: number) => `**${ms(pct(all(samples, k, group, mix), p))}**`;
    const speedUp = pct(all(samples, "baseline", group, mix), 50) / pct(all(samples, "http", group, mix), 50);
    console.log(
      `| **${title}** | | | ${cell("http", 50)} | ${cell("http", 95)} | ${cell("sql", 50)} | ${cell("sql", 95)} | ${cell("baseline", 50)} | ${cell("baseline", 95)} | **${ratio(speedUp)}** |`,
    );
  }
}

function printScaling(small: Result, large: Result): { worstP95: number; worstGrowth: number } {
  console.log(`\n### Per query, PostgreSQL: HTTP p95 at ${n(small.size)} and ${n(large.size)} profiles (ms)`);
  console.log(
    `| query | p95 ${n(small.size)} | p95 ${n(large.size)} | growth | p95 ≤ ${P95_TARGET_MS} ms | growth ≤ ${GROWTH_TARGET}× |`,
  );
  console.log("|---|---:|---:|---:|---|---|");
  let worstP95 = 0;
  let worstGrowth = 0;
  for (const [i, q] of large.mix.entries()) {
    const a = pct(small.samples[i]!.http, 95);
    const b = pct(large.samples[i]!.http, 95);
    const growth = b / a;
    worstP95 = Math.max(worstP95, b);
    worstGrowth = Math.max(worstGrowth, growth);
    console.log(
      `| ${q.label} | ${ms(a)} | ${ms(b)} | ${ratio(growth)} | ${yes(b <= P95_TARGET_MS)} | ${yes(growth <= GROWTH_TARGET)} |`,
    );
  }
  return { worstP95, worstGrowth };
}

export function printSummary(results: Result[]): void {
  console.log("\n### Summary (all queries of the mix; times in ms)");
  console.log(
    "| engine | profiles | seeding | HTTP p50 | HTTP p95 | SQL p50 | SQL p95 | baseline p50 | baseline p95 | HTTP p50 ÷ SQL p50 | baseline p50 ÷ HTTP p50 |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of results) {
    const h = pct(all(r.samples, "http"), 50);
    const s = pct(all(r.samples, "sql"), 50);
    const b = pct(all(r.samples, "baseline"), 50);
    console.log(
      `| ${ENGINE_LABEL[r.engine]} | ${n(r.size)} | ${r.seedMs === null ? "reused" : `${(r.seedMs / 1000).toFixed(1)} s`} | ${ms(h)} | ${ms(pct(all(r.samples, "http"), 95))} | ${ms(s)} | ${ms(pct(all(r.samples, "sql"), 95))} | ${ms(b)} | ${ms(pct(all(r.samples, "baseline"), 95))} | ${ratio(h / s)} | ${ratio(b / h)} |`,
    );
  }

  const pgRuns = results.filter((r) => r.engine === "postgres").sort((a, b) => a.size - b.size);
  const large = pgRuns.at(-1);
  const small = pgRuns.at(-2);
  const scaling = small && large ? printScaling(small, large) : null;

  console.log("\n### Targets");
  console.log("| target | measured | met |\n|---|---|---|");
  if (large && scaling) {
    console.log(
      `| every query's HTTP p95 ≤ ${P95_TARGET_MS} ms at ${n(large.size)} profiles (PostgreSQL) | worst ${ms(scaling.worstP95)} ms | ${yes(scaling.worstP95 <= P95_TARGET_MS)} |`,
    );
    console.log(
      `| no query's p95 grows > ${GROWTH_TARGET}× from ${n(small!.size)} to ${n(large.size)} | worst ${ratio(scaling.worstGrowth)} | ${yes(scaling.worstGrowth <= GROWTH_TARGET)} |`,
    );
  } else console.log("| per-query p95 and growth (PostgreSQL, two sizes) | not run | – |");
  for (const r of results) {
    const h = pct(all(r.samples, "http"), 50);
    const x = h / pct(all(r.samples, "sql"), 50);
    const y = pct(all(r.samples, "baseline"), 50) / h;
    const where = `${ENGINE_LABEL[r.engine]}, ${n(r.size)}`;
    console.log(`| HTTP p50 ≤ 1.5 × SQL p50 (${where}) | ${ratio(x)} | ${yes(x <= 1.5)} |`);
    console.log(`| ≥ 5 × faster than the baseline, p50 (${where}) | ${ratio(y)} | ${yes(y >= 5)} |`);
  }
}
