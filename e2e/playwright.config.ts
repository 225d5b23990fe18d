// Playwright journeys in Debian's Chromium (never a downloaded browser) against the built app on a
// fresh embedded database.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "passerelle-e2e-"));

export default defineConfig({
  testDir: ".",
  outputDir: "../test-results/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL,
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { viewport: { width: 1280, height: 800 } } },
    {
      name: "mobile",
      use: { ...devices["Pixel 5"], viewport: { width: 375, height: 800 }, defaultBrowserType: "chromium" },
    },
  ],
  webServer: {
    command: "node --import tsx server/main.ts",
    cwd: "..",
    url: `${baseURL}/api/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_BASE_URL: baseURL,
      DATA_DIR: dataDir,
      // The demo data gives the administration journey its administrator and lists to show.
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
      // Every journey signs up new members from the same address.
      SIGNUP_RATE_LIMIT_MAX: "200",
      AUTH_RATE_LIMIT_MAX: "200",
      NODE_ENV: "development",
    },
  },
});
