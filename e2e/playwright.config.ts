// Playwright journeys in Debian's Chromium (never a downloaded browser) against the built app on a
// fresh embedded database.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { databaseUrl } from "../server/platform/db/scratch-database.ts";
import { selfSignedCertificate } from "../server/test/push-crypto.ts";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
// Kept in the environment, so the test workers (which read this file again) see the server's folder:
// journeys read the e-mails it writes to DATA_DIR/outbox.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "passerelle-e2e-"));
const dataDir = process.env.E2E_DATA_DIR;
// The local push service of the notifications journey (server/test/push-service.ts): its port and
// certificate are chosen here, once, so the server can be told to trust it before the journey
// starts the service (the workers inherit these variables).
process.env.E2E_PUSH_PORT ??= String(41_000 + Math.floor(Math.random() * 9_000));
if (!process.env.E2E_PUSH_CERT) {
  const { key, cert } = selfSignedCertificate("127.0.0.1");
  process.env.E2E_PUSH_KEY = key;
  process.env.E2E_PUSH_CERT = cert;
}

// coturn (Debian's package), the TURN server the call journeys relay through (issue 38): on loopback,
// a port and a relay range of its own, a random shared secret (the app's TURN_SECRET). Chosen once,
// here, like the push service's, so the workers see the same values.
if (!existsSync("/usr/bin/turnserver"))
  throw new Error("The call journeys need coturn: apt-get install -y coturn (see README, « Tests »)");
process.env.E2E_TURN_PORT ??= String(34_000 + Math.floor(Math.random() * 1_000));
process.env.E2E_TURN_SECRET ??= randomBytes(24).toString("hex");
const turnPort = Number(process.env.E2E_TURN_PORT);
// Calls ring 15 s here instead of 30 s (CALL_RING_SECONDS): the missed-call journey waits for a ring
// to end, and 15 s still leaves the video call's callee time to answer on a busy machine.
process.env.E2E_CALL_RING_SECONDS ??= "15";
// Each peer connection holds a relay port until it closes (or for 600 s when a browser vanishes):
// 400 is plenty for a run, and its own range keeps two runs on one machine apart.
const relayPorts = 50_000 + (turnPort % 1_000) * 10;
const coturn = [
  "turnserver -n --log-file=stdout --simple-log",
  `--listening-ip=127.0.0.1 --relay-ip=127.0.0.1 --listening-port=${turnPort}`,
  `--min-port=${relayPorts} --max-port=${relayPorts + 399}`,
  `--use-auth-secret --static-auth-secret=${process.env.E2E_TURN_SECRET} --realm=passerelle.test`,
  "--no-tls --no-dtls --no-cli --fingerprint",
  // Only for tests: both ends are on this machine. Never in production (docs/operations.md).
  "--allow-loopback-peers",
  `--pidfile=${path.join(dataDir, "turnserver.pid")}`,
  // As root (CI), coturn would keep root's rights: it drops them to the package's own user.
  ...(process.getuid?.() === 0 ? ["--proc-user=turnserver --proc-group=turnserver"] : []),
].join(" ");

/**
 * Debian's Chromium, as its headless shell when installed (`apt-get install chromium-headless-shell`):
 * the same Blink, without the desktop browser's shell — what Playwright itself runs for headless
 * Chromium. The journeys took about 17 % less time with it on this 2-core machine (docs/testing.md).
 */
const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => existsSync(p)) ??
  "/usr/bin/chromium";

// The data budget check (data-budget.spec.ts, issue 39): an app of its own on a fresh database with
// the demo data, so that what its member's day downloads is the same on every run (the journeys'
// app gains members as they sign up, in any order), behind the counting proxy the spec starts on
// the port after it — the app's public origin. Chosen here, once, like the ports above.
const budgetPort = Number(process.env.E2E_BUDGET_PORT ?? port + 10);
process.env.E2E_BUDGET_PORT = String(budgetPort);
process.env.E2E_BUDGET_PROXY_PORT ??= String(budgetPort + 1);
process.env.E2E_BUDGET_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "passerelle-e2e-data-budget-"));

// The journeys' server runs on the run's main engine, as Vitest's application rules do
// (docs/testing.md, « Which engine runs what »): the PostgreSQL server when TEST_DATABASE_URL is set
// (CI; production's engine), PGlite otherwise (a plain `npm test`). Its database is made afresh before
// it starts, under a name that carries its port. The data budget's app below stays on PGlite whatever
// the run: its figures are compared from run to run.
const journeysDatabase = (() => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return null;
  const name = `passerelle_e2e_${port}`;
  return { name, url: databaseUrl(adminUrl, name) };
})();

const MOBILE_JOURNEYS = [
  "data-budget.spec.ts",
  "light-on-data.spec.ts",
  "notifications.spec.ts",
  "first-minutes.spec.ts",
  "first-contact.spec.ts",
  "foundation.spec.ts",
  "onboarding.spec.ts",
  "photos.spec.ts",
  "subscription.spec.ts",
  "verification.spec.ts",
  "voice.spec.ts",
  "calls.spec.ts",
  "safe-meetings.spec.ts",
];
const DESKTOP_JOURNEYS = [
  "accessibility.spec.ts",
  "pwa.spec.ts",
  "discovery-africa.spec.ts",
  "admin.spec.ts",
  "discovery.spec.ts",
  "messages.spec.ts",
  "moderation.spec.ts",
  "prerender.spec.ts",
  "safety.spec.ts",
  "shield.spec.ts",
];

export default defineConfig({
  testDir: ".",
  outputDir: "../test-results/e2e",
  // Ceilings for a busy machine, not targets (as Vitest's, vite.config.ts): a journey of several
  // members took 30 s beside two CPU hogs and over 60 s in a CI run on a busier machine. A passing
  // journey never waits on them; a hung one fails after them. The longest set their own.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  // Every test makes its own members (or only reads the demo data): they run in any order, two at a
  // time on this project's two cores.
  fullyParallel: true,
  workers: 2,
  // A failing journey runs once more, recording its trace (below); passing on that second run, it
  // still fails the run (failOnFlakyTests): a flaky journey is reported, never hidden (ADR 0057).
  retries: 1,
  failOnFlakyTests: true,
  reporter: [["list"]],
  use: {
    baseURL,
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    // The trace (the DOM at every step, the network and the console) is recorded on a failing
    // journey's second run only: recording it in every journey, to keep it for the failing ones, cost
    // about 15 % of the journeys' CPU (Chromium's snapshots, every response body kept, the worker
    // writing them; ADR 0057). The first failure still leaves its error and the page's ARIA snapshot
    // (error-context.md). Without the screencast: encoding a picture of every page at every frame
    // cost the two cores more than the DOM snapshots it would have added to.
    trace: { mode: "on-first-retry", screenshots: false },
    // No service worker, but in the journeys about it (WITH_WORKER in fixtures.ts: installing,
    // offline, push, economy mode, the trip kit; the data budget's own browser keeps it too): a worker
    // registered in every new context precached the whole app each time, about 14 % of the journeys'
    // time (docs/testing.md).
    serviceWorkers: "block",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  // The page tour (pages.spec.ts) audits every page at both widths. Each journey runs at one: on a
  // phone what a new member does first (sign-up, guided profile, photos, plans), on a desktop the
  // administration, the prerendered pages, and the journeys between two members (discovery, live
  // messages, blocks and reports), which the tour also renders on a phone. Both widths for every
  // journey doubled the suite's time for little: the layouts differ, the flows do not.
  projects: [
    {
      name: "desktop",
      testIgnore: MOBILE_JOURNEYS,
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      name: "mobile",
      testIgnore: DESKTOP_JOURNEYS,
      use: {
        ...devices["Pixel 5"],
        viewport: { width: 375, height: 800 },
        // Layout is in CSS pixels; drawing every page at the phone's 2.75 device pixels per CSS pixel
        // only made the journeys slower.
        deviceScaleFactor: 1,
        defaultBrowserType: "chromium",
      },
    },
  ],
  webServer: [
    {
      command: coturn,
      port: turnPort,
      timeout: 15_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // The production build (npm run build, which npm test runs first): the journeys test what ships.
      command: journeysDatabase
        ? `node --import tsx e2e/fresh-database.ts ${journeysDatabase.name} && exec node build/server/demo.mjs`
        : "node build/server/demo.mjs",
      cwd: "..",
      url: `${baseURL}/api/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      // The server's warnings and errors (LOG_LEVEL below) appear beside a failed journey in CI's log.
      stdout: "pipe",
      stderr: "pipe",
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_BASE_URL: baseURL,
        DATA_DIR: dataDir,
        // The demo data gives the administration journey its administrator and lists to show.
        SEED_DEMO: "true",
        // Its ~300 photos' renditions would take a core for minutes while the journeys run (the
        // photos the journeys upload get theirs, by the upload's own job).
        PHOTO_RENDITION_BACKFILL: "false",
        LOG_LEVEL: "warn",
        // Every journey signs up new members from the same address.
        SIGNUP_RATE_LIMIT_MAX: "200",
        AUTH_RATE_LIMIT_MAX: "200",
        NODE_ENV: "development",
        // The profile verification's challenge is fixed so the fake camera's video can follow it
        // (e2e/fake-camera.ts); the setting is refused in production.
        VERIFICATION_GESTURES: "tilt-left,smile",
        PUSH_SERVICE_ORIGINS: `https://127.0.0.1:${process.env.E2E_PUSH_PORT}`,
        PUSH_SERVICE_CA: process.env.E2E_PUSH_CERT,
        // Digests planned every minute, so the journey sees one arrive (production: 07:00 UTC).
        DIGEST_SCHEDULE: "* * * * *",
        // Every call relayed through the coturn above, over UDP or TCP.
        TURN_URLS: `turn:127.0.0.1:${turnPort}?transport=udp,turn:127.0.0.1:${turnPort}?transport=tcp`,
        TURN_SECRET: process.env.E2E_TURN_SECRET,
        CALL_RING_SECONDS: process.env.E2E_CALL_RING_SECONDS,
        ...(journeysDatabase ? { DATABASE_URL: journeysDatabase.url } : {}),
      },
    },
    {
      // The data budget check's app (see budgetPort above): the same build, its own demo data.
      command: "node build/server/demo.mjs",
      cwd: "..",
      // Ready once the demo data is seeded (while it starts, every page is the plain document).
      url: `http://127.0.0.1:${budgetPort}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        PORT: String(budgetPort),
        HOST: "127.0.0.1",
        PUBLIC_BASE_URL: `http://127.0.0.1:${process.env.E2E_BUDGET_PROXY_PORT}`,
        DATA_DIR: process.env.E2E_BUDGET_DATA_DIR,
        SEED_DEMO: "true",
        LOG_LEVEL: "warn",
        NODE_ENV: "development",
        // The day sends 20 messages in about a minute (the default allows 20 a minute).
        MESSAGES_PER_MINUTE: "1000",
        AUTH_RATE_LIMIT_MAX: "100",
        SIGNUP_RATE_LIMIT_MAX: "100",
        // The demo photos' renditions, drawn one at a time in the background from the start, would
        // weigh differently each run (and take a core from the journeys): not drawn (uploads' are).
        PHOTO_RENDITION_BACKFILL: "false",
        // Nothing here verifies a face, and the one upload (the partner's photo, before the day is
        // counted) loads the screening model when it comes: the journeys start sooner.
        PRELOAD_MODELS: "false",
      },
    },
  ],
});
