// Gzipped JavaScript the landing page really loads, measured in Chromium (every script response
// of "/" until the network is idle), against all JavaScript in the build (what an app without
// lazy routes would load) as the baseline.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";

const gz = (buf: Buffer) => gzipSync(buf, { level: 9 }).length;

async function waitFor(url: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not answer`);
}

export async function benchBundle(distDir = "dist"): Promise<void> {
  const port = 3211;
  const base = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(path.join(tmpdir(), "passerelle-bench-js-"));
  const server = spawn(process.execPath, ["build/server/main.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dir,
      SEED_DEMO: "false",
      LOG_LEVEL: "silent",
      PUBLIC_BASE_URL: base,
    },
    stdio: "ignore",
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  try {
    await waitFor(`${base}/api/health`);
    const page = await browser.newPage();
    const scripts: { url: string; gzip: number }[] = [];
    page.on("response", async (res) => {
      if (res.request().resourceType() === "script")
        scripts.push({ url: res.url(), gzip: gz(await res.body()) });
    });
    await page.goto(`${base}/`, { waitUntil: "networkidle" });
    await page.waitForTimeout(300);
    const landing = scripts.reduce((s, x) => s + x.gzip, 0);
    const all = readdirSync(path.join(distDir, "assets"))
      .filter((f) => f.endsWith(".js"))
      .reduce((s, f) => s + gz(readFileSync(path.join(distDir, "assets", f))), 0);
    console.log("\nJavaScript loaded by the landing page in Chromium (gzip -9)");
    console.log("| what | KB gzipped | × baseline |\n|---|---:|---:|");
    console.log(
      `| landing page "/" (${scripts.length} scripts) | ${(landing / 1024).toFixed(1)} | ${(landing / all).toFixed(2)} |`,
    );
    console.log(`| all JavaScript in the build (baseline) | ${(all / 1024).toFixed(1)} | 1.00 |`);
    for (const s of scripts) console.log(`    ${new URL(s.url).pathname}  ${(s.gzip / 1024).toFixed(1)} KB`);
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  }
}
