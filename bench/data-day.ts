// A data budget per screen (issue 39): `npm run bench:data` (npm run build, then
// node --import tsx bench/data-day.ts). Half of the members pay for mobile data by the megabyte, on
// entry-level Android phones on 3G: this drives Debian's Chromium as such a phone (360 × 740 CSS px,
// 2 device pixels per CSS pixel, touch, its network estimate forced to 3G) through a scripted
// member's day (bench/data-day/day.ts: a first visit, then three sessions — search and profiles,
// 40 text messages, 5 voice messages and the matches page) and prints the bytes each step cost.
// Goals: the first visit ≤ 250 KB, the whole day ≤ 1.5 MB; each step also has a budget
// (bench/data-day/budget.json), which e2e/data-budget.spec.ts enforces in the test suite.
// KB = 1,024 bytes and MB = 1,024 KB throughout (250 KB = 256,000 B; 1.5 MB = 1,572,864 B).
//
// What is measured: only what is built (dist/ and build/server/: run `npm run build` first), started
// on a fresh embedded database with the demo data (bench/harness/server.ts, startBuiltApp); the
// member is the demo's subscribed member, her partner a member created through the API with a fixed
// photo (bench/data-day/partner.ts). Same data, same texts, same voice file every run: two runs at
// commit 44b49f8 differed by 0.4 % over the day (the text messages' step by 1.1 %: one refetch of
// the conversation list more or less; the other steps by less than 0.05 %).
//
// The network estimate is 3G (--connection): the browser says so to the page, and the app's
// « Automatique » economy mode (issue 39) follows it, as it would on the member's phone;
// --connection 4G measures the app as on a faster network.
//
// How bytes are counted: a TCP proxy (bench/data-day/proxy.ts) sits between Chromium and the app's
// port and counts every byte both ways while a step is current: request and status lines, headers,
// bodies as sent, the service worker's own downloads, the event stream, uploads, and requests the
// page cancelled (their request was sent). It reads the HTTP/1.1 messages on the side to attribute
// bytes to requests and to wait for a quiet network between steps (no request under way and
// nothing crossing for 1 s). Not counted, though the phone pays for them: TCP/IP headers (≈ 3–4 %
// more), TLS records and handshakes, and DNS. Headers are counted as HTTP/1.1 sends them, in full
// with every request (the table's « of which headers »): behind an HTTPS reverse proxy speaking
// HTTP/2, HPACK would send most repeated headers as a byte or two. The figures are what the app
// sends over HTTP/1.1, not a carrier's bill.
//
// The proxy also holds every chunk 150 ms on its way, both ways: the 300 ms round trip of 3G (no
// bandwidth limit: bytes do not depend on it). The page cancels a refetch when a newer one is asked
// for before its answer came (TanStack Query); on loopback, whether the answer beat the second ask
// — a few milliseconds apart — depended on how busy the machine was, and the day's bytes varied by
// 5 % from run to run; with a 3G round trip the page cancels what a member's phone would, every run.
// (A cancelled request's request is counted; its answer, which never reaches the page, is not.)
//
// Compression: Chromium offers Brotli (and zstd) only to secure contexts — HTTPS, and also
// http://localhost and http://127.0.0.1, which count as secure — so here it sends what it sends a
// site on HTTPS, « Accept-Encoding: gzip, deflate, br, zstd » (the section « Compression » below
// prints what the proxy saw; media range requests say « identity »), and the app answers with the
// Brotli files the build wrote (scripts/build/precompress.ts): the scripts, styles and documents
// are counted as a member on HTTPS gets them. What the app sends uncompressed is counted as sent:
// the API's JSON, files under 1 KB (the build does not compress them), photos and voice (already
// compressed); the same section weighs those text responses compressed on the fly (Brotli 5,
// gzip 6), which the app does not do today — a reverse proxy in front of it could.
//
//   node --import tsx bench/data-day.ts [--json out.json] [--connection 3G|4G] [--rtt 300]
//     --json        also writes the day's figures and every request to a file
//     --connection  the network estimate Chromium reports (default 3G: the members' network)
//     --rtt         the round trip the proxy adds, ms (default 300; 0: loopback's)
//     --backfill    let the server draw the demo photos' renditions in the background meanwhile
//                   (PHOTO_RENDITION_BACKFILL; off by default: photos then weigh differently each run)
import { mkdirSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import {
  BUDGET_COLUMNS,
  budgetRows,
  byKind,
  goals,
  kb,
  kindOf,
  loadBudget,
  overBudget,
  shortUrl,
  topUrls,
} from "./data-day/budget.ts";
import { runDay } from "./data-day/day.ts";
import { PHONE, PHONE_NETWORK_FLAGS } from "./data-day/day-plan.ts";
import { prepareCast } from "./data-day/partner.ts";
import { startCountingProxy, THREE_G_RTT_MS } from "./data-day/proxy.ts";
import { CHROME_FLAGS, CHROMIUM_PATH } from "./harness/browser.ts";
import { deferCleanup, withCleanup } from "./harness/cleanup.ts";
import { watchMachine } from "./harness/machine.ts";
import { heading, printHeading, progress, table } from "./harness/report.ts";
import { freePort, startBuiltApp } from "./harness/server.ts";

const log = progress("data");

await withCleanup(async () => {
  const { values } = parseArgs({
    options: {
      json: { type: "string" },
      connection: { type: "string", default: "3G" },
      rtt: { type: "string", default: String(THREE_G_RTT_MS) },
      backfill: { type: "boolean", default: false },
    },
  });
  const machine = watchMachine();
  mkdirSync("test-results", { recursive: true });
  const budget = loadBudget();

  // The proxy first (the app must know its public origin: the one the browser sends as Origin).
  const appPort = await freePort();
  const proxy = await startCountingProxy({ target: { port: appPort }, rttMs: Number(values.rtt) });
  deferCleanup(() => proxy.close());
  log("starting the built app with the demo data…");
  const app = await startBuiltApp({
    port: appPort,
    publicBase: proxy.base,
    env: {
      // The day sends 20 messages in about a minute (the default allows 20 a minute).
      MESSAGES_PER_MINUTE: "1000",
      AUTH_RATE_LIMIT_MAX: "100",
      SIGNUP_RATE_LIMIT_MAX: "100",
      // The demo photos' renditions are drawn in the background, one at a time, from the start: how
      // many are ready when the day shows a photo would vary from run to run (as in the test suite's
      // budget server). Off unless --backfill; uploads (the partner's photo) get theirs either way.
      PHOTO_RENDITION_BACKFILL: String(values.backfill),
    },
  });
  log("creating the partner…");
  const cast = await prepareCast({ api: app.base, origin: proxy.base, dataDir: app.dataDir });

  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROME_FLAGS.split(" "), ...PHONE_NETWORK_FLAGS(values.connection)],
  });
  deferCleanup(() => browser.close());
  const phone = await browser.newContext(PHONE);
  const started = performance.now();
  const day = await runDay({
    newPage: () => phone.newPage(),
    base: proxy.base,
    meter: proxy.meter,
    cast,
    log,
    failureScreenshot: "test-results/data-day-failure.png",
  });
  const seconds = (performance.now() - started) / 1000;

  printHeading(
    "A member's day on a 3G phone: bytes per step (issue 39): bench/data-day.ts",
    machine,
    `Chromium ${browser.version()}, 360 × 740 at 2×, touch, network estimate ${day.effectiveType || "?"}; the day took ${seconds.toFixed(0)} s.`,
    "Bytes at the HTTP level both ways (headers included; TCP/IP and TLS not); KB = 1,024 bytes.",
  );
  console.log("");
  table(BUDGET_COLUMNS, budgetRows(day, budget), "lrrrrrrr");

  heading("Goals", 3);
  table(
    "goal | bytes | KB | met",
    goals(day, budget).map(([name, bytes, goal, met]) => [
      `${name} (${goal.toLocaleString("en-US")} B)`,
      bytes.toLocaleString("en-US"),
      kb(bytes),
      met ? "met" : "**NOT met**",
    ]),
  );
  const over = overBudget(day, budget);
  console.log(`\nSteps over their budget (budget.json): ${over.length === 0 ? "none" : over.join("; ")}.`);

  heading("What each step's bytes were", 3);
  table(
    "step | largest kinds (KB, requests)",
    day.steps.map((s) => [
      s.id,
      byKind(day.exchanges.filter((e) => e.step === s.id))
        .slice(0, 5)
        .map(([kind, bytes, n]) => `${kind} ${kb(bytes)} (${n})`)
        .join("; "),
    ]),
    "ll",
  );

  const first = day.exchanges.filter((e) => e.step === "first-visit");
  heading("Largest requests: the first visit", 3);
  table(
    "request | KB | kind | encoding",
    topUrls(first, 5).map((e) => [
      `\`${e.method} ${shortUrl(e.url)}\``,
      kb(e.up + e.down),
      kindOf(e),
      e.encoding || "none",
    ]),
    "lrll",
  );
  heading("Largest requests: the whole day", 3);
  table(
    "request | step | KB | kind | encoding",
    topUrls(day.exchanges, 10).map((e) => [
      `\`${e.method} ${shortUrl(e.url)}\``,
      e.step,
      kb(e.up + e.down),
      kindOf(e),
      e.encoding || "none",
    ]),
    "llrll",
  );

  heading("Compression", 3);
  const offered = [...new Set(day.exchanges.map((e) => e.acceptEncoding))];
  console.log(
    `\nAccept-Encoding sent by Chromium: ${offered.map((a) => `\`${a || "(none)"}\``).join(", ")}.\n`,
  );
  const encodings = new Map<string, [number, number]>();
  for (const e of day.exchanges) {
    const key = `${e.encoding || "none"} — ${e.contentType.split(";")[0] || "(no body)"}`;
    const [bytes, n] = encodings.get(key) ?? [0, 0];
    encodings.set(key, [bytes + e.down, n + 1]);
  }
  table(
    "encoding — type | KB down | responses",
    [...encodings].sort((a, b) => b[1][0] - a[1][0]).map(([key, [bytes, n]]) => [key, kb(bytes), String(n)]),
  );

  // What the uncompressed text responses would weigh if compressed on the fly.
  const plain = new Map<string, { n: number; body: number; br: number; gzip: number }>();
  for (const e of day.exchanges) {
    if (!e.uncompressed) continue;
    const kind = kindOf(e);
    const p = plain.get(kind) ?? { n: 0, body: 0, br: 0, gzip: 0 };
    plain.set(kind, {
      n: p.n + 1,
      body: p.body + e.uncompressed.body,
      br: p.br + e.uncompressed.br,
      gzip: p.gzip + e.uncompressed.gzip,
    });
  }
  const sum = [...plain.values()].reduce(
    (a, p) => ({ n: a.n + p.n, body: a.body + p.body, br: a.br + p.br, gzip: a.gzip + p.gzip }),
    { n: 0, body: 0, br: 0, gzip: 0 },
  );
  console.log(
    "\nText responses the app sent uncompressed (bodies only), and what they would weigh compressed on the fly (as a reverse proxy could: Brotli quality 5, gzip level 6):\n",
  );
  table(
    "kind | responses | KB as sent | KB with Brotli 5 | KB with gzip 6",
    [...[...plain].sort((a, b) => b[1].body - a[1].body), ["**all**", sum] as const].map(([kind, p]) => [
      kind,
      String(p.n),
      kb(p.body),
      kb(p.br),
      kb(p.gzip),
    ]),
  );

  if (values.json) {
    writeFileSync(values.json, `${JSON.stringify(day, null, 2)}\n`);
    console.log(`\nEvery request: ${values.json}`);
  }
  await app.stop();
  console.log(`\n${machine.line()}`);
});
