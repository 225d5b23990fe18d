// Start-up of the built app (build/server, plain node) on the embedded database, command → first
// HTTP 200, for a first start (empty data folder: database creation, migrations, demo seed) and a
// warm start, against a bare Node HTTP server started the same way in the same run (baseline), and
// against the TypeScript sources compiled at start-up by tsx (how the server ran before issue 19). Two moments are timed: the
// page "/" answering (the server listens before the database is open) and the API being ready
// (/api/health answers once the database is open, migrated and seeded).
import { spawn } from "node:child_process";
import { watchMachine } from "./harness/machine.ts";
import { printHeading, table } from "./harness/report.ts";
import { tempDir, waitForOk } from "./harness/server.ts";
import { median, ratio } from "./harness/stats.ts";

const PORT = 3210;
const BASE = `http://127.0.0.1:${PORT}`;

/** Starts a command and times its first 200 on each URL, polled every 20 ms. */
async function time(args: string[], env: NodeJS.ProcessEnv, urls: string[]): Promise<number[]> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: "ignore" });
  try {
    return await Promise.all(urls.map((u) => waitForOk(u, { started, intervalMs: 20 })));
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

export async function benchStartup(): Promise<void> {
  const machine = watchMachine();
  const baselineCode = `require("node:http").createServer((q,s)=>s.end("ok")).listen(${PORT},"127.0.0.1")`;
  const [baseline] = await time(["-e", baselineCode], {}, [`${BASE}/`]);

  // The compiled server (npm run build) against the TypeScript sources compiled on the fly by tsx
  // (how production ran before issue 19), same data folders, same run.
  // `npm start`'s entry, which seeds the demo data on a first start.
  const compiled = ["build/server/demo.mjs"];
  const onTheFly = ["--import", "tsx", "scripts/demo-server.ts"];
  const urls = [`${BASE}/`, `${BASE}/api/health`];
  const dirs: (() => Promise<void>)[] = [];
  const env = (seed: boolean) => {
    const dir = tempDir("start");
    dirs.push(dir.remove);
    return {
      PORT: String(PORT),
      DATA_DIR: dir.path,
      LOG_LEVEL: "silent",
      PUBLIC_BASE_URL: BASE,
      SEED_DEMO: String(seed),
    };
  };
  const warmMedian = async (args: string[], e: NodeJS.ProcessEnv) => {
    const warm: number[][] = [];
    for (let i = 0; i < 3; i++) warm.push(await time(args, e, urls));
    return [median(warm.map((w) => w[0]!)), median(warm.map((w) => w[1]!))];
  };
  try {
    const seeded = env(true);
    const first = await time(compiled, seeded, urls);
    const warm = await warmMedian(compiled, seeded);
    const warmTsx = await warmMedian(onTheFly, seeded);
    const firstNoSeed = await time(compiled, env(false), urls);
    const firstNoSeedTsx = await time(onTheFly, env(false), urls);
    const rows: [string, number[]][] = [
      ["first start, empty ./data (database creation + migrations + demo seed)", first],
      ["first start, empty ./data, SEED_DEMO=false", firstNoSeed],
      ["the same, TypeScript compiled at start-up (tsx)", firstNoSeedTsx],
      ["warm start (median of 3)", warm],
      ["the same, TypeScript compiled at start-up (tsx)", warmTsx],
    ];
    printHeading(
      "Start-up of the built app (build/server) on embedded PGlite, command → first HTTP 200 (bench/startup.ts)",
      machine,
    );
    console.log("");
    table(
      ["case", "page / ms", "× baseline", "API ready ms", "× baseline"],
      [
        ["bare node:http server (baseline)", baseline!.toFixed(0), "1.0×", "", ""],
        ...rows.map(([label, [page, api]]) => [
          label,
          page!.toFixed(0),
          ratio(page! / baseline!),
          api!.toFixed(0),
          ratio(api! / baseline!),
        ]),
      ],
    );
  } finally {
    for (const remove of dirs) await remove();
  }
}
