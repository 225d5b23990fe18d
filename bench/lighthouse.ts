// Lighthouse (mobile settings: its defaults, an emulated mid-range phone on a throttled 4G link)
// on /, /login and /search of the built app, driven in Debian's Chromium. The app is started on a
// fresh embedded database with the demo data; /search is audited signed in as the demo member
// (the session cookie is passed as a request header). Prints the category scores and the main
// metrics, the median of --runs runs per page; asserts nothing.
//
//   npm run build && node --import tsx bench/lighthouse.ts [--runs 3] [--page /login --page /search]
// Lighthouse itself is fetched by `npm exec` (pinned below) rather than kept as a dependency: it
// weighs more than the whole app and only this script needs it.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import { vapidEnv } from "../server/notifications/vapid-keys.ts";

const LIGHTHOUSE = "lighthouse@12.8.2";
const PORT = 3230;
const BASE = `http://127.0.0.1:${PORT}`;
const CHROME_FLAGS =
  "--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync";
const DEMO = { email: "demo@passerelle.example", password: "Passerelle2026!" };
const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;
const METRICS = {
  "first-contentful-paint": "FCP",
  "largest-contentful-paint": "LCP",
  "total-blocking-time": "TBT",
  "cumulative-layout-shift": "CLS",
} as const;

const run = promisify(execFile);
/** Full reports, to read the audits behind a score. */
const REPORTS = "test-results/lighthouse";

interface Report {
  categories: Record<string, { score: number }>;
  audits: Record<string, { numericValue?: number; displayValue?: string }>;
}

async function startApp(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["build/server/main.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      ...vapidEnv(),
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: BASE,
      AUTH_SECRET: "lighthouse-bench-secret-0123456789abcdef",
      SEED_DEMO: "true",
      ALLOW_DEMO_PAYMENTS: "true",
      ALLOW_EMBEDDED_DATABASE: "true",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const started = Date.now();
  for (;;) {
    if (Date.now() - started > 120_000) throw new Error("the app did not become ready in 120 s");
    try {
      // Ready, not only listening: while it starts, the app serves every page the plain document.
      if ((await fetch(`${BASE}/readyz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function demoCookie(): Promise<string> {
  const res = await fetch(`${BASE}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: BASE },
    body: JSON.stringify(DEMO),
  });
  if (!res.ok) throw new Error(`demo sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function audit(url: string, cookie?: string): Promise<Report> {
  const name = url.replace(/^https?:\/\/[^/]+\//, "").replace(/\W+/g, "-") || "accueil";
  const out = path.join(REPORTS, `${name}-${Date.now()}.json`);
  const args = [
    "exec",
    "--yes",
    `--package=${LIGHTHOUSE}`,
    "--",
    "lighthouse",
    url,
    "--chrome-path=/usr/bin/chromium",
    `--chrome-flags=${CHROME_FLAGS}`,
    `--only-categories=${CATEGORIES.join(",")}`,
    "--output=json",
    `--output-path=${out}`,
    "--quiet",
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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const { values } = parseArgs({
    options: { runs: { type: "string", default: "3" }, page: { type: "string", multiple: true } },
  });
  const runs = Number(values.runs);
  const dataDir = mkdtempSync(path.join(tmpdir(), "passerelle-lighthouse-"));
  mkdirSync(REPORTS, { recursive: true });
  const app = await startApp(dataDir);
  try {
    const cookie = await demoCookie();
    const pages = [
      { path: "/", cookie: undefined },
      { path: "/login", cookie: undefined },
      { path: "/search", cookie },
    ].filter((p) => !values.page || values.page.includes(p.path));
    const header = ["page", ...CATEGORIES, ...Object.values(METRICS)];
    console.log(`Lighthouse ${LIGHTHOUSE.split("@")[1]}, mobile, median of ${runs} run(s)\n`);
    console.log(`Full reports: ${REPORTS}/\n`);
    console.log(`| ${header.join(" | ")} |`);
    console.log(`|${header.map(() => "---").join("|")}|`);
    for (const page of pages) {
      const reports: Report[] = [];
      for (let i = 0; i < runs; i++) reports.push(await audit(`${BASE}${page.path}`, page.cookie));
      const scores = CATEGORIES.map((c) =>
        String(Math.round(median(reports.map((r) => r.categories[c]!.score)) * 100)),
      );
      const metrics = Object.keys(METRICS).map((id) => {
        const v = median(reports.map((r) => r.audits[id]!.numericValue ?? 0));
        return id === "cumulative-layout-shift" ? v.toFixed(3) : `${Math.round(v)} ms`;
      });
      console.log(
        `| ${page.path}${page.cookie ? " (signed in)" : ""} | ${[...scores, ...metrics].join(" | ")} |`,
      );
    }
  } finally {
    app.kill("SIGTERM");
    await new Promise((r) => app.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
