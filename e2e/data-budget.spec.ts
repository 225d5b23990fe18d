// The data budget per screen (issue 39), checked: a member's whole day on a 3G phone (the bench's,
// bench/data-day/day.ts: a first visit, then sessions of search and profiles, 40 text messages, 5
// voice messages and the matches page) against its own app — the demo data on a fresh database,
// playwright.config.ts's budget server — behind the counting proxy, and every step within its
// budget (bench/data-day/budget.json). A failure prints the table of the steps. `npm run bench:data`
// prints the same day with what each step's bytes were.
import { existsSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { budgetTable, loadBudget, overBudget } from "../bench/data-day/budget.ts";
import { runDay } from "../bench/data-day/day.ts";
import { PHONE, PHONE_NETWORK_FLAGS } from "../bench/data-day/day-plan.ts";
import { prepareCast } from "../bench/data-day/partner.ts";
import { startCountingProxy } from "../bench/data-day/proxy.ts";

const FULL_CHROMIUM = "/usr/bin/chromium";

test("a member’s day on a 3G phone stays within its data budget, step by step", async ({
  playwright,
}, testInfo) => {
  // The day takes about two and a half minutes on an idle machine: its network has 3G's round trip
  // (the service worker's first download alone, file after file, takes 40 s), 20 of its messages
  // are typed a few seconds apart (bench/data-day/day.ts), and each step ends when the network has
  // been quiet for a second.
  test.setTimeout(480_000);
  const appPort = Number(process.env.E2E_BUDGET_PORT);
  const proxyPort = Number(process.env.E2E_BUDGET_PROXY_PORT);
  const dataDir = process.env.E2E_BUDGET_DATA_DIR;
  if (!appPort || !proxyPort || !dataDir)
    throw new Error("the budget server is not set (see e2e/playwright.config.ts)");

  const budget = loadBudget();
  const proxy = await startCountingProxy({ target: { port: appPort }, port: proxyPort });
  const launchOptions = testInfo.project.use.launchOptions ?? {};
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    // The full Chromium, as the bench drives it, rather than the headless shell the journeys may
    // use: the shell does not ask for the site's icon, which a phone's browser does.
    executablePath: existsSync(FULL_CHROMIUM) ? FULL_CHROMIUM : launchOptions.executablePath,
    args: [...(launchOptions.args ?? []), ...PHONE_NETWORK_FLAGS()],
  });
  try {
    const cast = await prepareCast({ api: `http://127.0.0.1:${appPort}`, origin: proxy.base, dataDir });
    const phone = await browser.newContext(PHONE);
    const day = await runDay({
      newPage: () => phone.newPage(),
      base: proxy.base,
      meter: proxy.meter,
      cast,
      failureScreenshot: testInfo.outputPath("failed-step.png"),
      timeoutMs: 60_000,
    });
    const table = budgetTable(day, budget);
    await testInfo.attach("data-day.md", { body: table, contentType: "text/markdown" });
    expect(
      overBudget(day, budget),
      `Steps over their data budget (bench/data-day/budget.json; KB = 1,024 bytes):\n\n${table}\n`,
    ).toEqual([]);
  } finally {
    await browser.close();
    await proxy.close();
  }
});
