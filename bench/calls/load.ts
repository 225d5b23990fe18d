// Section 3 of bench/calls.ts: what ten relayed video calls at once cost the app's process, coturn
// and Chromium, against the same window with the same pages open and no call.
import { setTimeout as sleep } from "node:timers/promises";
import { cpuSecondsBetween, descendants, pssBytes, rssBytes, ticksOf } from "../harness/proc.ts";
import { heading, table } from "../harness/report.ts";
import { mib, ms, n, pct, ratio } from "../harness/stats.ts";
import { hangUp, type MemberPage, setUpCall } from "./browser.ts";
import { between, type Received } from "./media.ts";

export const HOLD_S = process.env.CALLS_QUICK === "1" ? 5 : 30;
const WARMUP_S = 3;

/** One window's CPU: the app's process (this one), coturn, Chromium (all its processes). */
interface Window {
  seconds: number;
  /** Percent of one core. */
  server: number;
  coturn: number;
  chromium: number;
  chromiumProcesses: number;
  coturnRss: number;
  chromiumPss: number;
  chromiumRss: number;
  nodeRss: number;
}

const chromiumPids = () => descendants(process.pid, /^(chrom|headless)/i);

async function window(coturnPid: number, seconds: number): Promise<Window> {
  const pids = chromiumPids();
  const chromeBefore = ticksOf(pids);
  const coturnBefore = ticksOf([coturnPid]);
  const cpu = process.cpuUsage();
  const started = performance.now();
  await sleep(seconds * 1000);
  const own = process.cpuUsage(cpu);
  const elapsed = (performance.now() - started) / 1000;
  const after = chromiumPids();
  const chromeAfter = ticksOf(after);
  const coturnAfter = ticksOf([coturnPid]);
  const pc = (s: number) => (100 * s) / elapsed;
  return {
    seconds: elapsed,
    server: pc((own.user + own.system) / 1e6),
    coturn: pc(cpuSecondsBetween(coturnBefore, coturnAfter)),
    chromium: pc(cpuSecondsBetween(chromeBefore, chromeAfter)),
    chromiumProcesses: after.length,
    coturnRss: rssBytes(coturnPid),
    chromiumPss: after.reduce((sum, pid) => sum + pssBytes(pid), 0),
    chromiumRss: after.reduce((sum, pid) => sum + rssBytes(pid), 0),
    nodeRss: process.memoryUsage().rss,
  };
}

export interface LoadResult {
  calls: number;
  idle: Window;
  busy: Window;
  /** Each call's set-up time (caller's start to connected), all started together. */
  setupMs: number[];
  received: Received[];
}

/**
 * `pairs` of pages already open: HOLD_S idle, then one video call per pair, all started at once,
 * WARMUP_S after the last connects, HOLD_S measured; then every call hung up.
 */
export async function tenCalls(
  pairs: readonly { caller: MemberPage; callee: MemberPage; matchId: string }[],
  coturnPid: number,
  log: (m: string) => void,
): Promise<LoadResult> {
  log(`  ${HOLD_S} s idle, ${pairs.length * 2} pages open…`);
  const idle = await window(coturnPid, HOLD_S);
  log(`  ${pairs.length} video calls at once…`);
  const setups = await Promise.all(pairs.map((p) => setUpCall(p.caller, p.callee, p.matchId, true)));
  await sleep(WARMUP_S * 1000);
  const pages = pairs.flatMap((p) => [p.caller, p.callee]);
  const before = await Promise.all(pages.map((p) => p.stats()));
  log(`  ${HOLD_S} s held…`);
  const busy = await window(coturnPid, HOLD_S);
  const after = await Promise.all(pages.map((p) => p.stats()));
  for (const p of pairs) await hangUp(p.caller, p.callee);
  return {
    calls: pairs.length,
    idle,
    busy,
    setupMs: setups.map((s) => s.caller.connected - s.caller.start),
    received: before.map((b, i) => between(b, after[i]!)),
  };
}

/** What all pages received over the window, kbit/s (each page's rate over its own readings). */
const receivedKbps = (r: LoadResult) =>
  r.received.reduce((sum, x) => sum + (x.transportBytes * 8) / x.seconds / 1000, 0);

/**
 * coturn's CPU per Mbit/s the pages received (points of one core above idle), and linearly at
 * `fullRateKbps`.
 */
export function coturnAtFullRate(r: LoadResult, fullRateKbps: number) {
  const perMbps = (r.busy.coturn - r.idle.coturn) / (receivedKbps(r) / 1000);
  return { perMbps, atFullRate: r.idle.coturn + perMbps * (fullRateKbps / 1000) };
}

/**
 * `fullRateKbps`: what the calls would carry at the rate of one call alone (section 2), both
 * directions: coturn's CPU is also given at that rate when the browsers could not keep up.
 */
export function printLoad(r: LoadResult, fullRateKbps: number): void {
  const pct1 = (x: number) => `${x.toFixed(1)} %`;
  heading(`3. ${r.calls} relayed video calls at once, held ${HOLD_S} s`);
  table(
    `window | app's Node process CPU | coturn CPU | Chromium CPU (all processes) | coturn RSS | Chromium PSS (RSS summed) | Node RSS`,
    [
      ["idle: the same pages open, no call (baseline)", r.idle] as const,
      [`${r.calls} video calls (${r.calls * 2} peer connections)`, r.busy] as const,
    ].map(([label, w]) => [
      label,
      pct1(w.server),
      pct1(w.coturn),
      `${pct1(w.chromium)} (${w.chromiumProcesses} processes)`,
      `${mib(w.coturnRss)} MiB`,
      `${mib(w.chromiumPss)} MiB (${mib(w.chromiumRss)} MiB)`,
      `${mib(w.nodeRss)} MiB`,
    ]),
  );
  // A ratio against an idle figure of zero says nothing: the difference alone then.
  const versus = (busy: number, idle: number) => {
    const diff = `${busy >= idle ? "+" : "−"}${Math.abs(busy - idle).toFixed(1)} points`;
    return idle >= 0.1 ? `${ratio(busy / idle)} (${diff})` : `idle ≈ 0 (${diff})`;
  };
  table("calls vs idle | app's Node process | coturn | Chromium", [
    [
      "CPU: ratio (difference, in points of one core)",
      versus(r.busy.server, r.idle.server),
      versus(r.busy.coturn, r.idle.coturn),
      versus(r.busy.chromium, r.idle.chromium),
    ],
  ]);
  const sum = (f: (x: Received) => number) => r.received.reduce((s, x) => s + f(x), 0);
  const kbps = receivedKbps(r);
  const paths = new Set(r.received.map((x) => x.end.path));
  const connected = r.received.filter((x) => x.end.state === "connected").length;
  const fps = r.received.map((x) => x.framesDecoded / x.seconds);
  const concealed =
    (100 * sum((x) => x.concealedSamples)) /
    Math.max(
      1,
      sum((x) => x.samplesReceived),
    );
  console.log(
    `\nCPU: percent of one core over the window (2 cores = 200 %): the app's process from process.cpuUsage() (the app, its embedded PGlite, the ML worker thread, and the bench's Playwright client, which only receives the pages' protocol events while it waits); coturn and Chromium from /proc/<pid>/stat utime + stime (CLK_TCK 100), Chromium summed over the processes of both browsers (the callers' and the callees'). Memory at the end of each window. The pages play the voice but draw no video in this section (frames are decoded all the same).`,
  );
  console.log(
    `\nEvidence that media flowed, on all ${r.received.length} pages over the window: ${connected} / ${r.received.length} connected, selected pairs ${[...paths].join(", ")}; ${n(sum((x) => x.framesDecoded))} frames decoded, ${ms(pct(fps, 50))} frames/s per page (p50; ${Math.min(...fps).toFixed(1)}–${Math.max(...fps).toFixed(1)}; the camera sends 15); ${n(sum((x) => x.samplesReceived))} audio samples played, ${concealed.toFixed(1)} % concealed; ${n(Math.round(kbps))} kbit/s received by all pages together. The ${r.calls} calls were started together: set-up p50 ${ms(pct(r.setupMs, 50))} ms, slowest ${ms(Math.max(...r.setupMs))} ms.`,
  );
  if (fullRateKbps > 0) {
    const { perMbps, atFullRate } = coturnAtFullRate(r, fullRateKbps);
    console.log(
      `\ncoturn's CPU per Mbit/s the pages received: ${perMbps.toFixed(2)} points of one core. At the rate one call carries alone (section 2: ${n(Math.round(fullRateKbps / r.calls))} kbit/s both directions together), ${r.calls} calls would bring the pages ${n(Math.round(fullRateKbps))} kbit/s — ${ratio(fullRateKbps / kbps)} what flowed here — and coturn, linearly, **${atFullRate.toFixed(1)} %** of one core.`,
    );
  }
}
