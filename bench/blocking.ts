// How long the main thread is blocked while a subscriber's /search starts, measured (not simulated,
// unlike Lighthouse) in Debian's Chromium on an emulated phone with the CPU slowed 4× by DevTools.
// For each load, from the trace: the blocking time (what every task after the first contentful
// paint spends beyond 50 ms, as in Lighthouse's TBT, up to 5 s after the load), the longest task
// and the number of tasks over 50 ms. Prints medians; asserts nothing.
//
// Builds compared in the same run, loads interleaved so that the machine's noise falls on all:
//   npm run build && node --import tsx bench/blocking.ts [--runs 11] [--app /path/to/other/checkout]
// An --app is another checkout, built (`npm ci && npm run build` there), e.g. the commit before a
// change: `git worktree add /tmp/base <commit>`. The current checkout is always measured.
import path from "node:path";
import { parseArgs } from "node:util";
import type { CDPSession } from "playwright-core";
import { launchChromium } from "./harness/browser.ts";
import { watchMachine } from "./harness/machine.ts";
import { printHeading, table } from "./harness/report.ts";
import { demoCookie, type ServerProcess, startBuiltApp } from "./harness/server.ts";
import { median } from "./harness/stats.ts";

const FIRST_PORT = 3240;
const CPU_SLOWDOWN = 4;
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
const LONG_TASK_MS = 50;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { data?: { navigationId?: string } };
}

interface Load {
  blockingMs: number;
  longestMs: number;
  longTasks: number;
  fcpMs: number;
}

/** The main thread's tasks after the page's first contentful paint, from a trace of its load. */
function measure(events: TraceEvent[]): Load | undefined {
  const fcp = events.find((e) => e.name === "firstContentfulPaint");
  const nav =
    fcp &&
    events.find(
      (e) => e.name === "navigationStart" && e.args?.data?.navigationId === fcp.args?.data?.navigationId,
    );
  if (!fcp || !nav) return undefined; // Chromium now and then traces no navigation start
  const tasks = events
    .filter((e) => e.pid === nav.pid && e.tid === nav.tid && e.name === "RunTask" && e.ts > fcp.ts)
    .map((e) => (e.dur ?? 0) / 1000);
  const long = tasks.filter((d) => d > LONG_TASK_MS);
  return {
    blockingMs: long.reduce((sum, d) => sum + d - LONG_TASK_MS, 0),
    longestMs: Math.max(0, ...tasks),
    longTasks: long.length,
    fcpMs: (fcp.ts - nav.ts) / 1000,
  };
}

async function traceLoad(cdp: CDPSession, load: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on("Tracing.dataCollected", (d) => {
    events.push(...(d.value as unknown as TraceEvent[]));
  });
  await cdp.send("Tracing.start", {
    categories: "devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing,loading",
    transferMode: "ReportEvents",
  });
  await load();
  const done = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
  await cdp.send("Tracing.end");
  await done;
  return events;
}

async function main() {
  const { values } = parseArgs({
    options: { runs: { type: "string", default: "11" }, app: { type: "string", multiple: true } },
  });
  const runs = Number(values.runs);
  const dirs = [".", ...(values.app ?? [])].map((d) => path.resolve(d));
  const machine = watchMachine();
  const apps: ServerProcess[] = [];
  const browser = await launchChromium();
  try {
    for (const [i, dir] of dirs.entries())
      apps.push(await startBuiltApp({ dir, port: FIRST_PORT + i, nice: true }));
    const cookies = await Promise.all(apps.map((app) => demoCookie(app.base)));
    const loads: Load[][] = dirs.map(() => []);
    for (let run = 0; loads.some((l) => l.length < runs) && run < runs * 2; run++) {
      for (const [i, app] of apps.entries()) {
        if (loads[i]!.length >= runs) continue;
        // A new context each time: no cache, no service worker, as on a first visit.
        const context = await browser.newContext(PHONE);
        await context.setExtraHTTPHeaders({ cookie: cookies[i]! });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
        const events = await traceLoad(cdp, async () => {
          await page.goto(`${app.base}/search`, { waitUntil: "load" });
          await page.locator("[data-profile-card]").first().waitFor({ timeout: 30_000 });
          await page.waitForTimeout(5_000);
        });
        const load = measure(events);
        if (load) loads[i]!.push(load);
        await context.close();
      }
    }
    printHeading(
      `Main thread blocked while /search starts (bench/blocking.ts): signed in, phone viewport, CPU slowed ${CPU_SLOWDOWN}×, median of ${runs} loads`,
      machine,
    );
    console.log("");
    table(
      ["build", "blocking time", "longest task", "tasks over 50 ms", "first contentful paint"],
      dirs.map((dir, i) => {
        const l = loads[i]!;
        const m = (f: (x: Load) => number) => Math.round(median(l.map(f)));
        const all = l.map((x) => Math.round(x.blockingMs)).sort((a, b) => a - b);
        return [
          path.relative(process.cwd(), dir) || "this checkout",
          `${m((x) => x.blockingMs)} ms (${all[0]}–${all.at(-1)})`,
          `${m((x) => x.longestMs)} ms`,
          m((x) => x.longTasks),
          `${m((x) => x.fcpMs)} ms`,
        ];
      }),
    );
  } finally {
    await browser.close();
    await Promise.all(apps.map((app) => app.stop()));
  }
}

await main();
