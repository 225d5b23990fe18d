// The chat bench's markdown tables and its targets (reported, never asserted).

import { mib, ms, n, pct, ratio, summarize } from "../harness/stats.ts";
import type { ProfileLine, ProfileSummary } from "./profile.ts";
import type { PhaseResult, ScenarioResult } from "./scenario.ts";
import { SLOW_MS } from "./tracker.ts";

export type Engine = "pglite" | "postgres";

export const ENGINE_LABEL: Record<Engine, string> = {
  pglite: "PGlite (embedded)",
  postgres: "PostgreSQL server",
};

export interface Run {
  engine: Engine;
  result: ScenarioResult;
}

const where = (r: Run) =>
  `${ENGINE_LABEL[r.engine]}, ${r.result.instances.length} instance${r.result.instances.length > 1 ? "s" : ""}`;

const PHASE_LABEL: Record<PhaseResult["phase"], string> = {
  capacity: "capacity (closed loop, 16 in flight)",
  rate: "requested rate",
  relaxed: "half the capacity",
  simultaneous: "both members at once",
};

export function printBaseline(runs: Run[]): void {
  console.log("\n### Baseline and capacity");
  console.log(
    "| database | connections | GET /api/health p50 ms | p99 ms | send capacity msg/s | requested rate ÷ capacity |\n|---|---:|---:|---:|---:|---:|",
  );
  for (const r of runs) {
    const x = r.result;
    const rate = x.phases.find((p) => p.phase === "rate")?.targetRate ?? Number.NaN;
    console.log(
      `| ${where(r)} | ${n(x.connections)} | ${ms(pct(x.health, 50))} | ${ms(pct(x.health, 99))} | ${x.capacity.toFixed(0)} | ${(rate / x.capacity).toFixed(2)} |`,
    );
  }
  console.log(
    "\n_health_: sequential GET /api/health on the same server(s) with the streams open, before the sends. _capacity_: POSTs answered 201 per second with 16 always in flight (the saturation point).",
  );
}

export function printLatency(runs: Run[]): void {
  console.log(
    "\n### Delivery latency (ms): from just before the POST to its `message.created` read from the stream",
  );
  console.log(
    "| database | connections | phase | msg/s target → achieved | timed messages | failed POSTs | POST p50 | POST p99 | delivery p50 | delivery p99 | delivery max | echo p50 | echo p99 | delivery p50 ÷ health p50 | delivery p99 ÷ health p99 |",
  );
  console.log("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of runs) {
    const x = r.result;
    const h = summarize(x.health);
    for (const p of x.phases) {
      const d = summarize(p.delivery);
      const e = summarize(p.echo);
      const post = summarize(p.post);
      const rate = Number.isNaN(p.achievedRate)
        ? "–"
        : Number.isNaN(p.targetRate)
          ? `– → ${p.achievedRate.toFixed(0)}`
          : `${p.targetRate} → ${p.achievedRate.toFixed(0)}`;
      console.log(
        `| ${where(r)} | ${n(x.connections)} | ${PHASE_LABEL[p.phase]} | ${rate} | ${n(post.count)} | ${n(p.failed)} | ${ms(post.p50)} | ${ms(post.p99)} | ${ms(d.p50)} | ${ms(d.p99)} | ${ms(d.max)} | ${ms(e.p50)} | ${ms(e.p99)} | ${ratio(d.p50 / h.p50)} | ${ratio(d.p99 / h.p99)} |`,
      );
    }
  }
  console.log(
    `\n_delivery_: to the recipient's stream (with two instances always on the other instance than the POST's); _echo_: to the sender's own stream (the POST's instance). Warm-up messages are not timed. _both members at once_: in each of 200 random conversations (10 at a time) the two members POST at the same moment.`,
  );
}

/** Groups sorted times into bursts: a gap longer than `gapMs` starts a new one. */
function bursts(starts: number[], gapMs: number): { at: number; count: number; spanMs: number }[] {
  const out: { at: number; count: number; spanMs: number }[] = [];
  for (const t of [...starts].sort((a, b) => a - b)) {
    const last = out.at(-1);
    if (last && t - (last.at + last.spanMs) <= gapMs) {
      last.count++;
      last.spanMs = t - last.at;
    } else out.push({ at: t, count: 1, spanMs: 0 });
  }
  return out;
}

export function printSlow(runs: Run[]): void {
  const GAP_MS = 1_000;
  console.log(`\n### Deliveries slower than ${SLOW_MS} ms, by when their POST started (open-loop phases)`);
  console.log(
    "| database | connections | phase | slow / timed | bursts (gap > 1 s) | largest burst | bursts: start s (messages, span ms) |\n|---|---:|---|---:|---:|---:|---|",
  );
  for (const r of runs) {
    for (const p of r.result.phases) {
      if (p.phase !== "rate" && p.phase !== "relaxed") continue;
      const b = bursts(p.slowStarts, GAP_MS);
      const largest = b.reduce((m, x) => Math.max(m, x.count), 0);
      const list = b
        .slice(0, 20)
        .map((x) => `${(x.at / 1000).toFixed(1)} (${x.count}, ${x.spanMs.toFixed(0)})`)
        .join(", ");
      console.log(
        `| ${where(r)} | ${n(r.result.connections)} | ${PHASE_LABEL[p.phase]} | ${n(p.slowStarts.length)} / ${n(p.delivery.length)} | ${n(b.length)} | ${n(largest)} | ${list}${b.length > 20 ? ", …" : ""} |`,
      );
    }
  }
}

export function printCounts(runs: Run[]): void {
  console.log("\n### Every message counted (warm-up included)");
  console.log(
    "| database | connections | POSTs | sent (201) | failed | recipient received | recipient lost | recipient duplicated | sender received | sender lost | sender duplicated | stray events | streams dropped |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of runs) {
    const c = r.result.counts;
    console.log(
      `| ${where(r)} | ${n(r.result.connections)} | ${n(c.attempted)} | ${n(c.sent)} | ${n(c.failed)} | ${n(c.recipient.received)} | ${n(c.recipient.lost)} | ${n(c.recipient.duplicated)} | ${n(c.sender.received)} | ${n(c.sender.lost)} | ${n(c.sender.duplicated)} | ${n(c.stray)} | ${n(r.result.dropped)} |`,
    );
  }
  for (const r of runs) {
    const c = r.result.counts;
    if (c.firstFailure)
      console.log(`\n${where(r)}, ${n(r.result.connections)}: first failed POST: ${c.firstFailure}`);
    if (r.result.firstDrop)
      console.log(`\n${where(r)}, ${n(r.result.connections)}: first dropped stream: ${r.result.firstDrop}`);
    for (const e of r.result.serverErrors)
      console.log(
        `\n${where(r)}, ${n(r.result.connections)}: server ${e.label} logged ${n(e.count)} × "${e.message}"`,
      );
    const other = Object.entries(c.otherEvents);
    if (other.length > 0)
      console.log(
        `\n${where(r)}, ${n(r.result.connections)}: other events: ${other.map(([k, v]) => `${k} × ${v}`).join(", ")}`,
      );
  }
}

export function printMemory(runs: Run[]): void {
  console.log("\n### Server memory per open stream (after a forced GC in the server, via the bench's probe)");
  console.log(
    "| database | instance | streams | opening all, s | RSS idle MiB | RSS with streams MiB | RSS KB / stream | heapUsed idle MiB | heapUsed with streams MiB | heap KB / stream |",
  );
  console.log("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of runs) {
    for (const i of r.result.instances) {
      const perRss = (i.rssOpen - i.rssIdle) / 1024 / i.streams;
      const perHeap = (i.heapOpen - i.heapIdle) / 1024 / i.streams;
      console.log(
        `| ${ENGINE_LABEL[r.engine]} | ${i.label} | ${n(i.streams)} | ${(r.result.openMs / 1000).toFixed(1)} | ${mib(i.rssIdle)} | ${mib(i.rssOpen)} | ${perRss.toFixed(1)} | ${mib(i.heapIdle)} | ${mib(i.heapOpen)} | ${perHeap.toFixed(1)} |`,
      );
    }
  }
}

export function printLoad(runs: Run[]): void {
  console.log("\n### Load during the sends at the requested rate");
  console.log(
    "| database | connections | process | CPU % of one core | event-loop delay p50 ms | p99 ms | max ms | GC pauses (major) | GC total ms | longest GC ms |\n|---|---:|---|---:|---:|---:|---:|---:|---:|---:|",
  );
  for (const r of runs) {
    for (const i of r.result.instances)
      console.log(
        `| ${ENGINE_LABEL[r.engine]} | ${n(r.result.connections)} | server ${i.label} | ${i.cpuPercent.toFixed(0)} | ${ms(i.loopP50)} | ${ms(i.loopP99)} | ${ms(i.loopMax)} | ${n(i.gcPauses)} (${n(i.gcMajor)}) | ${ms(i.gcTotalMs)} | ${ms(i.gcMaxMs)} |`,
      );
    console.log(
      `| ${ENGINE_LABEL[r.engine]} | ${n(r.result.connections)} | bench (clients + timing) | | | ${ms(r.result.benchLoopP99)} | ${ms(r.result.benchLoopMax)} | | | |`,
    );
  }
}

export function printTargets(runs: Run[]): void {
  const yes = (ok: boolean) => (ok ? "yes" : "**no**");
  const p99 = (r: Run, phase: PhaseResult["phase"]) => {
    const p = r.result.phases.find((x) => x.phase === phase);
    return p ? { value: pct(p.delivery, 99), rate: p.targetRate } : null;
  };
  const rows = (label: string, limit: number, r: Run | undefined) => {
    if (!r) return void console.log(`| ${label} | not run | – |`);
    for (const phase of ["rate", "relaxed"] as const) {
      const m = p99(r, phase);
      if (m)
        console.log(
          `| ${label}, at ${m.rate} msg/s (${PHASE_LABEL[phase]}) | ${ms(m.value)} ms | ${yes(m.value <= limit)} |`,
        );
    }
  };
  console.log("\n### Targets\n| target | measured | met |\n|---|---|---|");
  rows(
    "delivery p99 ≤ 100 ms, 2,000 connections, one instance, embedded database",
    100,
    runs.find((r) => r.engine === "pglite" && r.result.connections === 2_000),
  );
  const across = runs.filter((r) => r.result.instances.length > 1);
  if (across.length === 0) rows("delivery p99 ≤ 150 ms across two instances", 150, undefined);
  for (const r of across)
    rows(`delivery p99 ≤ 150 ms across two instances, ${n(r.result.connections)} connections`, 150, r);
  for (const r of runs) {
    const c = r.result.counts;
    const bad = c.recipient.lost + c.recipient.duplicated + c.sender.lost + c.sender.duplicated + c.stray;
    console.log(
      `| no message lost or duplicated (${where(r)}, ${n(r.result.connections)}) | lost ${c.recipient.lost + c.sender.lost}, duplicated ${c.recipient.duplicated + c.sender.duplicated}, stray ${c.stray} (failed POSTs: ${c.failed}) | ${yes(bad === 0)} |`,
    );
  }
}

function printProfile(title: string, summary: ProfileSummary, unit: (x: number) => string, what: string) {
  console.log(`\n### ${title}`);
  const table = (heading: string, lines: ProfileLine[]) => {
    console.log(`| ${heading} | ${what} | share |\n|---|---:|---:|`);
    for (const l of lines) console.log(`| ${l.name} | ${unit(l.amount)} | ${(l.share * 100).toFixed(1)} % |`);
  };
  console.log("\nBy origin (self):\n");
  table("origin", summary.byOrigin);
  console.log("\nBy function (self):\n");
  table("function", summary.bySelf);
  console.log("\nServer functions on the stack (inclusive, synchronous stacks only):\n");
  table("function", summary.serverInclusive);
}

export function printProfiles(runs: Run[]): void {
  for (const r of runs) {
    const at = `${where(r)}, ${n(r.result.connections)} connections`;
    for (const { label, summary } of r.result.heapProfiles) {
      const streams = r.result.instances.find((i) => i.label === label)?.streams ?? Number.NaN;
      printProfile(
        `Memory still held after opening the streams (${at}, server ${label}; sampling heap profile after GC: ${mib(summary.total)} MiB, ${(summary.total / 1024 / streams).toFixed(1)} KB per stream)`,
        summary,
        (bytes) => `${(bytes / 1024 / streams).toFixed(2)}`,
        "KB per stream",
      );
    }
    for (const { label, summary } of r.result.cpuProfiles)
      printProfile(
        `Where the server's time went during the sends at the requested rate (${at}, server ${label}; CPU profile, ${ms(summary.total)} ms sampled)`,
        summary,
        ms,
        "ms",
      );
  }
}
