// Start-up of the built app on the embedded database: command to first HTTP 200, for a first start
// (empty data folder: migrations + demo seed) and a warm start, against a bare Node HTTP server
// started the same way in the same run (baseline).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

async function timeToFirst200(args: string[], env: NodeJS.ProcessEnv, url: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: "ignore" });
  try {
    for (;;) {
      if (performance.now() - started > 120_000) throw new Error("timed out");
      try {
        const res = await fetch(url);
        if (res.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

export async function benchStartup(): Promise<void> {
  const port = 3210;
  const url = `http://127.0.0.1:${port}/`;
  const baselineCode = `require("node:http").createServer((q,s)=>s.end("ok")).listen(${port},"127.0.0.1")`;
  const baseline = await timeToFirst200(["-e", baselineCode], {}, url);

  const dir = mkdtempSync(path.join(tmpdir(), "passerelle-bench-start-"));
  const env = {
    PORT: String(port),
    DATA_DIR: dir,
    LOG_LEVEL: "silent",
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
  };
  const args = ["--import", "tsx", "server/main.ts"];
  const first = await timeToFirst200(args, env, url);
  const warm: number[] = [];
  for (let i = 0; i < 3; i++) warm.push(await timeToFirst200(args, env, url));
  const noSeed = mkdtempSync(path.join(tmpdir(), "passerelle-bench-start-"));
  const firstNoSeed = await timeToFirst200(args, { ...env, DATA_DIR: noSeed, SEED_DEMO: "false" }, url);
  rmSync(dir, { recursive: true, force: true });
  rmSync(noSeed, { recursive: true, force: true });

  const median = [...warm].sort((a, b) => a - b)[1]!;
  const rows = [
    ["bare node:http server (baseline)", baseline],
    ["first start, empty ./data (migrations + demo seed)", first],
    ["first start, empty ./data, SEED_DEMO=false", firstNoSeed],
    ["warm start (median of 3)", median],
  ] as const;
  console.log("\nStart-up, command → first HTTP 200 on / (built app, embedded PGlite)");
  console.log("| case | ms | × baseline |\n|---|---:|---:|");
  for (const [label, ms] of rows)
    console.log(`| ${label} | ${ms.toFixed(0)} | ${(ms / baseline).toFixed(1)} |`);
}
