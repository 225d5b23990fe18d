// The real process, for tests that start, kill and restart it: the bundled server (built once for the
// run by the global setup, so no TypeScript compile per start) on a free port, ready when its health
// check answers.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { inject } from "vitest";

export interface RunningApp {
  child: ChildProcess;
  base: string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Starts the app with `env` over development defaults (no demo data, warnings only). */
export async function startAppProcess(env: Record<string, string>): Promise<RunningApp> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--enable-source-maps", inject("serverBundle")], {
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_BASE_URL: base,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      // Loaded on first use instead: these processes seldom screen a photo (config.preloadModels).
      PRELOAD_MODELS: "false",
      ...env,
    },
    stdio: "ignore",
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  for (const started = Date.now(); ; ) {
    if (Date.now() - started > 60_000) throw new Error("the app did not become ready");
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base, exit };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
