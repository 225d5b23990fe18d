// Lighthouse (mobile settings: its defaults, an emulated mid-range phone on a throttled 4G link; or,
// with --network 3g, a slower phone on 3G) on /, /login and /search of the built app, driven in
// Debian's Chromium. The app is started on a fresh embedded database with the demo data; /search is
// audited signed in as the demo member (the session cookie is passed as a request header). Prints
// the category scores and the main metrics, the median of --runs runs per page, and the bytes the
// page transferred (Lighthouse's total byte weight, KB = 1,024 bytes); asserts nothing.
//
//   npm run build && node --import tsx bench/lighthouse.ts [--runs 3] [--page /login --page /search]
//     [--nice-server]  the app's server at the lowest priority (it shares the machine's two cores)
//     [--network 3g]   issue 39's members (entry-level Android phones on 3G): Lighthouse's simulated
//                      throttling with « Regular 3G »-like settings — 300 ms round trips, 700 kbit/s,
//                      the CPU 4× slower — instead of its default mobile 4G (150 ms, 1.6 Mbit/s, 4×)
// Lighthouse itself is fetched by `npm exec` (pinned below) rather than kept as a dependency: it
// weighs more than the whole app and only this script needs it.
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import { CHROME_FLAGS, CHROMIUM_PATH } from "./harness/browser.ts";
import { watchMachine } from "./harness/machine.ts";
import { printHeading, table } from "./harness/report.ts";
import { demoCookie, startBuiltApp } from "./harness/server.ts";
import { median } from "./harness/stats.ts";

const LIGHTHOUSE = "lighthouse@12.8.2";
const PORT = 3230;
const BASE = `http://127.0.0.1:${PORT}`;
const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;
const METRICS = {
  "first-contentful-paint": "FCP",
  "largest-contentful-paint": "LCP",
  "total-blocking-time": "TBT",
  "cumulative-layout-shift": "CLS",
} as const;

/** --network: Lighthouse's simulated throttling (lantern) settings; "4g" is its own mobile default. */
const NETWORKS = {
  "4g": [],
  "3g": [
    "--throttling-method=simulate",
    "--throttling.rttMs=300",
    "--throttling.throughputKbps=700",
    "--throttling.cpuSlowdownMultiplier=4",
  ],
} as const;
type Network = keyof typeof NETWORKS;

const run = promisify(execFile);
/** Full reports, to read the audits behind a score. */
const REPORTS = "test-results/lighthouse";

interface Report {
  categories: Record<string, { score: number }>;
  audits: Record<string, { numericValue?: number; displayValue?: string }>;
}

async function audit(url: string, network: Network, cookie?: string): Promise<Report> {
  const name = url.replace(/^https?:\/\/[^/]+\//, "").replace(/\W+/g, "-") || "accueil";
  const out = path.join(REPORTS, `${name}-${Date.now()}.json`);
  const args = [
    "exec",
    "--yes",
    `--package=${LIGHTHOUSE}`,
    "--",
    "lighthouse",
    url,
    `--chrome-path=${CHROMIUM_PATH}`,
    `--chrome-flags=${CHROME_FLAGS}`,
    `--only-categories=${CATEGORIES.join(",")}`,
    "--output=json",
    `--output-path=${out}`,
    "--quiet",
    ...NETWORKS[network],
  ];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  // Chromium's trace now and then misses its navigation start (NO_NAVSTART): such a run is retried.
  for (let attempt = 1; ; attempt++) {
    try {
      await run("npm", args, { maxBuffer: 64 * 1024 * 1024 });
      return JSON.parse(readFileSync(out, "utf8")) as Report;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: "string", default: "3" },
      page: { type: "string", multiple: true },
      "nice-server": { type: "boolean", default: false },
      network: { type: "string", default: "4g" },
    },
  });
  const runs = Number(values.runs);
  const network = values.network as Network;
  if (!(network in NETWORKS)) throw new Error(`--network: one of ${Object.keys(NETWORKS).join(", ")}`);
  const machine = watchMachine();
  mkdirSync(REPORTS, { recursive: true });
  const app = await startBuiltApp({ port: PORT, nice: values["nice-server"] });
  try {
    const cookie = await demoCookie(BASE);
    const pages = [
      { path: "/", cookie: undefined },
      { path: "/login", cookie: undefined },
      { path: "/search", cookie },
    ].filter((p) => !values.page || values.page.includes(p.path));
    const rows: string[][] = [];
    for (const page of pages) {
      const reports: Report[] = [];
      for (let i = 0; i < runs; i++) reports.push(await audit(`${BASE}${page.path}`, network, page.cookie));
      const scores = CATEGORIES.map((c) =>
        String(Math.round(median(reports.map((r) => r.categories[c]!.score)) * 100)),
      );
      const metrics = Object.keys(METRICS).map((id) => {
        const v = median(reports.map((r) => r.audits[id]!.numericValue ?? 0));
        return id === "cumulative-layout-shift" ? v.toFixed(3) : `${Math.round(v)} ms`;
      });
      const weight = median(reports.map((r) => r.audits["total-byte-weight"]?.numericValue ?? 0));
      rows.push([
        `${page.path}${page.cookie ? " (signed in)" : ""}`,
        ...scores,
        ...metrics,
        `${(weight / 1024).toFixed(1)} KB`,
      ]);
    }
    printHeading(
      `Lighthouse ${LIGHTHOUSE.split("@")[1]}, mobile${network === "3g" ? " on 3G (simulated: 300 ms RTT, 700 kbit/s, CPU ×4)" : ""}, median of ${runs} run(s) (bench/lighthouse.ts)`,
      machine,
      `Full reports: ${REPORTS}/`,
    );
    console.log("");
    table(["page", ...CATEGORIES, ...Object.values(METRICS), "bytes"], rows, "l".repeat(9));
  } finally {
    await app.stop();
  }
}

await main();
