// Gzipped JavaScript the landing page really loads, measured in Chromium (every script response
// of "/" until the network is idle), against all JavaScript in the build (what an app without
// lazy routes would load) as the baseline.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { launchChromium } from "./harness/browser.ts";
import { watchMachine } from "./harness/machine.ts";
import { printHeading, table } from "./harness/report.ts";
import { startServerProcess, tempDir } from "./harness/server.ts";
import { ratio } from "./harness/stats.ts";

const gz = (buf: Buffer) => gzipSync(buf, { level: 9 }).length;

export async function benchBundle(distDir = "dist"): Promise<void> {
  const machine = watchMachine();
  const port = 3211;
  const dir = tempDir("js");
  const server = await startServerProcess({
    entry: "build/server/main.mjs",
    port,
    env: {
      DATA_DIR: dir.path,
      SEED_DEMO: "false",
      LOG_LEVEL: "silent",
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    },
    ready: "/api/health",
    stdio: "ignore",
    intervalMs: 50,
  });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const scripts: { url: string; gzip: number }[] = [];
    page.on("response", async (res) => {
      if (res.request().resourceType() === "script")
        scripts.push({ url: res.url(), gzip: gz(await res.body()) });
    });
    await page.goto(`${server.base}/`, { waitUntil: "networkidle" });
    await page.waitForTimeout(300);
    const landing = scripts.reduce((s, x) => s + x.gzip, 0);
    const all = readdirSync(path.join(distDir, "assets"))
      .filter((f) => f.endsWith(".js"))
      .reduce((s, f) => s + gz(readFileSync(path.join(distDir, "assets", f))), 0);
    printHeading("JavaScript loaded by the landing page in Chromium, gzip -9 (bench/bundle.ts)", machine);
    console.log("");
    table(
      ["what", "KB gzipped", "× baseline"],
      [
        [
          `landing page "/" (${scripts.length} scripts)`,
          (landing / 1024).toFixed(1),
          ratio(landing / all, 2),
        ],
        ["all JavaScript in the build (baseline)", (all / 1024).toFixed(1), "1.00×"],
      ],
    );
    for (const s of scripts) console.log(`    ${new URL(s.url).pathname}  ${(s.gzip / 1024).toFixed(1)} KB`);
  } finally {
    await browser.close();
    await server.stop();
    await dir.remove();
  }
}
