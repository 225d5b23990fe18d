// The day's budgets (budget.json) and the figures both the bench and the test suite print: a table
// of the steps against their budgets, the goals, and what the bytes were spent on.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { DayResult, StepId } from "./day-plan.ts";
import type { Exchange } from "./meter.ts";

export interface Budget {
  /** KB = 1,024 bytes, MB = 1,024 KB (see budget.json's note). */
  unit: string;
  note: string;
  goals: { firstVisit: number; day: number };
  steps: Record<StepId, number>;
}

export function loadBudget(): Budget {
  return JSON.parse(readFileSync(path.join(import.meta.dirname, "budget.json"), "utf8")) as Budget;
}

/** Bytes as KB (1,024 bytes), one decimal. */
export const kb = (bytes: number) =>
  (bytes / 1024).toLocaleString("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

const total = (s: { up: number; down: number }) => s.up + s.down;

/** The table of the steps: bytes (up + down), requests, share of the day, budget, within it. */
export function budgetRows(result: DayResult, budget: Budget): string[][] {
  const day = result.steps.reduce((sum, s) => sum + total(s), 0);
  const rows = result.steps.map((s) => {
    const bytes = total(s);
    const limit = budget.steps[s.id];
    return [
      s.label,
      kb(bytes),
      kb(s.up),
      kb(s.headers),
      String(s.requests),
      `${((bytes / day) * 100).toFixed(1)} %`,
      kb(limit),
      bytes <= limit ? "yes" : "**NO**",
    ];
  });
  const requests = result.steps.reduce((sum, s) => sum + s.requests, 0);
  const up = result.steps.reduce((sum, s) => sum + s.up, 0);
  const headers = result.steps.reduce((sum, s) => sum + s.headers, 0);
  rows.push([
    "**the whole day**",
    kb(day),
    kb(up),
    kb(headers),
    String(requests),
    "100 %",
    kb(budget.goals.day),
    day <= budget.goals.day ? "yes" : "**NO**",
  ]);
  return rows;
}

export const BUDGET_COLUMNS =
  "step | KB (up + down) | of which up | of which headers | requests | share | budget KB | within";

/** The same table as markdown text (for a failure message). */
export function budgetTable(result: DayResult, budget: Budget): string {
  const lines = [`| ${BUDGET_COLUMNS} |`, `|---|${"---:|".repeat(7)}`];
  for (const row of budgetRows(result, budget)) lines.push(`| ${row.join(" | ")} |`);
  return lines.join("\n");
}

/** The goals: [name, bytes, goal, met]. */
export function goals(result: DayResult, budget: Budget): [string, number, number, boolean][] {
  const first = result.steps.find((s) => s.id === "first-visit");
  const firstBytes = first ? total(first) : 0;
  const day = result.steps.reduce((sum, s) => sum + total(s), 0);
  return [
    ["first visit ≤ 250 KB", firstBytes, budget.goals.firstVisit, firstBytes <= budget.goals.firstVisit],
    ["the whole day ≤ 1.5 MB", day, budget.goals.day, day <= budget.goals.day],
  ];
}

/** The steps over their budget, one line each (empty when all are within). */
export function overBudget(result: DayResult, budget: Budget): string[] {
  return result.steps
    .filter((s) => total(s) > budget.steps[s.id])
    .map((s) => `${s.id}: ${kb(total(s))} KB > ${kb(budget.steps[s.id])} KB`);
}

/** What a response is, for the breakdowns. */
export function kindOf(e: Exchange): string {
  const type = e.contentType.split(";")[0]!.trim();
  const precache = e.fetchDest === "empty" && /javascript|css|html|svg|webmanifest/.test(type);
  if (e.streaming) return "event stream";
  if (precache && !e.url.startsWith("/api/")) return "service worker precache";
  if (/html/.test(type)) return "document";
  if (/javascript/.test(type)) return "script";
  if (/css/.test(type)) return "style";
  if (type.startsWith("image/")) return "image";
  if (type.startsWith("font/")) return "font";
  if (type.startsWith("audio/")) return "audio";
  if (/json/.test(type)) return e.url.startsWith("/api/") ? "API (JSON)" : "JSON";
  if (e.status === 204 || e.status === 304 || type === "") return "no body";
  return type;
}

/** [kind, bytes, requests], the largest first. */
export function byKind(exchanges: readonly Exchange[]): [string, number, number][] {
  const kinds = new Map<string, [number, number]>();
  for (const e of exchanges) {
    const k = kinds.get(kindOf(e)) ?? [0, 0];
    kinds.set(kindOf(e), [k[0] + e.up + e.down, k[1] + 1]);
  }
  return [...kinds]
    .map(([kind, [bytes, n]]) => [kind, bytes, n] as [string, number, number])
    .sort((a, b) => b[1] - a[1]);
}

/** A URL short enough for a table: long ids and queries cut. */
export function shortUrl(url: string): string {
  const short = url.replace(/[0-9a-f]{8}-[0-9a-f-]{27,}/gi, ":uuid").replace(/[A-Za-z0-9_-]{24,}/g, ":id");
  return short.length > 90 ? `${short.slice(0, 87)}…` : short;
}

/** The `count` largest exchanges, the largest first. */
export function topUrls(exchanges: readonly Exchange[], count: number): Exchange[] {
  return [...exchanges].sort((a, b) => b.up + b.down - (a.up + a.down)).slice(0, count);
}
