// Starting what a bench measures, and stopping it whatever happens (each stop is also an undo step
// of cleanup.ts): the app in this process on a free port (PGlite in a temporary data folder, or a
// PostgreSQL URL), or a built server (`npm run build`: build/server) as a child process, polled
// until a path answers 200.

import { type ChildProcess, type StdioOptions, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { setPriority, tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { serve } from "@hono/node-server";
import { createApp } from "../../server/app.ts";
import { closeDeps, createDeps } from "../../server/bootstrap.ts";
import type { AppDeps } from "../../server/deps.ts";
import { createLogger } from "../../server/platform/logger.ts";
import { loadConfig } from "../../server/platform/settings/config.ts";
import { vapidEnv } from "../../server/platform/settings/vapid-keys.ts";
import { deferCleanup } from "./cleanup.ts";

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === "string") throw new Error("no free port");
  return address.port;
}

/** A fresh temporary folder, and its removal (also an undo step of cleanup.ts). */
export function tempDir(name: string): { path: string; remove: () => Promise<void> } {
  const dir = mkdtempSync(path.join(tmpdir(), `passerelle-bench-${name}-`));
  return { path: dir, remove: deferCleanup(() => rmSync(dir, { recursive: true, force: true })) };
}

/** The session cookie(s) a response sets, ready for a Cookie header. */
export function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => c && !c.endsWith("="))
    .join("; ");
}

/**
 * Polls `url` every `intervalMs` until it answers 200; returns the ms from `started` to that answer's
 * headers. Throws after
 * `timeoutMs`, or as soon as `failed()` returns a reason (the server exited).
 */
export async function waitForOk(
  url: string,
  opts: { started?: number; intervalMs?: number; timeoutMs?: number; failed?: () => string | null } = {},
): Promise<number> {
  const started = opts.started ?? performance.now();
  const timeoutMs = opts.timeoutMs ?? 120_000;
  for (;;) {
    const failure = opts.failed?.();
    if (failure) throw new Error(failure);
    if (performance.now() - started > timeoutMs) throw new Error(`${url}: not 200 after ${timeoutMs} ms`);
    try {
      const res = await fetch(url);
      const at = performance.now() - started;
      await res.arrayBuffer();
      if (res.status === 200) return at;
    } catch {
      // not listening yet
    }
    await sleep(opts.intervalMs ?? 50);
  }
}

export interface InProcessApp {
  deps: AppDeps;
  app: ReturnType<typeof createApp>;
  /** Also PUBLIC_BASE_URL, hence the Origin header requests carry. */
  base: string;
  stop(): Promise<void>;
}

/**
 * The app in this process, listening on a free port of 127.0.0.1, with production settings as
 * deployed (secure cookies, rate limits; PGlite in a temporary data folder, not in memory, unless
 * `databaseUrl`), `env` over them. `adjust` may wrap the dependencies before the app is built.
 */
export async function startApp(
  opts: {
    databaseUrl?: string;
    env?: Record<string, string>;
    logLevel?: string;
    adjust?: (deps: AppDeps) => void;
    /** The built web app to serve too (dist/, `npm run build`), for a bench that drives its pages. */
    spaDir?: string;
  } = {},
): Promise<InProcessApp> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = tempDir("app");
  const config = loadConfig({
    NODE_ENV: "production",
    ...vapidEnv(),
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_BASE_URL: base,
    AUTH_SECRET: randomBytes(32).toString("hex"),
    DATA_DIR: dataDir.path,
    SEED_DEMO: "false",
    LOG_LEVEL: "silent",
    ALLOW_EMBEDDED_DATABASE: "true",
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...opts.env,
  });
  const deps = await createDeps(config, createLogger(opts.logLevel ?? "silent", false));
  const close = deferCleanup(() => closeDeps(deps));
  opts.adjust?.(deps);
  const app = createApp(deps, { spaDir: opts.spaDir });
  const server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" });
  const unlisten = deferCleanup(() => new Promise<void>((resolve) => server.close(() => resolve())));
  await waitForOk(`${base}/api/health`);
  return {
    deps,
    app,
    base,
    stop: async () => {
      await unlisten();
      await close();
      await dataDir.remove();
    },
  };
}

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

const STOP_GRACE_MS = 10_000;

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = sleep(STOP_GRACE_MS).then(() => "timeout" as const);
  if ((await Promise.race([exited.then(() => "exited" as const), timer])) === "timeout") {
    child.kill("SIGKILL");
    await exited;
  }
}

/**
 * `node [nodeArgs] entry` in `dir` (this checkout by default) on `port` of 127.0.0.1, with `env`
 * over this process's environment (less its DATABASE_URL and NODE_ENV, which would change the
 * server under test); resolves once `ready` answers 200. `nice`: at the lowest priority.
 * `detail`, on a failed start: what the server printed, when its output is piped to the bench.
 */
export async function startServerProcess(opts: {
  entry: string;
  port: number;
  env: NodeJS.ProcessEnv;
  dir?: string;
  nodeArgs?: string[];
  ready?: string;
  stdio?: StdioOptions;
  nice?: boolean;
  intervalMs?: number;
  onSpawn?: (child: ChildProcess) => void;
  detail?: () => string;
}): Promise<ServerProcess> {
  const base = `http://127.0.0.1:${opts.port}`;
  const { DATABASE_URL: _db, NODE_ENV: _env, ...inherited } = process.env;
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), opts.entry], {
    cwd: path.resolve(opts.dir ?? "."),
    env: { ...inherited, HOST: "127.0.0.1", PORT: String(opts.port), ...opts.env },
    stdio: opts.stdio ?? ["ignore", "inherit", "inherit"],
  });
  const stop = deferCleanup(() => stopChild(child));
  if (child.pid === undefined) throw new Error(`${opts.entry}: could not start`);
  if (opts.nice) setPriority(child.pid, 19);
  opts.onSpawn?.(child);
  const detail = () => (opts.detail ? `:\n${opts.detail()}` : "");
  try {
    await waitForOk(`${base}${opts.ready ?? "/readyz"}`, {
      intervalMs: opts.intervalMs ?? 200,
      failed: () =>
        child.exitCode !== null || child.signalCode !== null
          ? `${opts.dir ?? "."}/${opts.entry}: the server exited during start-up`
          : null,
    });
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}${detail()}`);
  }
  return { base, child, stop };
}

const DEMO = { email: "demo@passerelle.example", password: "Passerelle2026!" };

/**
 * `dir`'s build (`npm run build`: dist/ and build/server/) started on a fresh embedded database with
 * the demo data, for the browser benches, once it is ready (not only listening: while it starts, the
 * app serves every page the plain document). With `nice`, the server runs at the lowest priority: it
 * shares this machine's cores with the browser, whereas in the field it runs elsewhere, and its work
 * would otherwise show up as the page's blocking time.
 */
export async function startBuiltApp(opts: {
  dir?: string;
  port: number;
  nice?: boolean;
  /** PUBLIC_BASE_URL when the browser reaches the app through something else (a counting proxy). */
  publicBase?: string;
  /** More settings, over the ones below. */
  env?: Record<string, string>;
}): Promise<ServerProcess & { dataDir: string }> {
  const base = `http://127.0.0.1:${opts.port}`;
  // The demo entry (npm start's) seeds the demo data; builds older than it seeded from main.mjs.
  const demo = existsSync(path.resolve(opts.dir ?? ".", "build/server/demo.mjs"));
  const dataDir = tempDir("web");
  const server = await startServerProcess({
    ...opts,
    entry: demo ? "build/server/demo.mjs" : "build/server/main.mjs",
    env: {
      // Development mode: production refuses the demo data (its administrator's password is public),
      // and the page is the same production build (dist/) either way.
      NODE_ENV: "development",
      ...vapidEnv(),
      DATA_DIR: dataDir.path,
      PUBLIC_BASE_URL: opts.publicBase ?? base,
      AUTH_SECRET: "browser-bench-secret-0123456789abcdef",
      SEED_DEMO: "true",
      ALLOW_DEMO_PAYMENTS: "true",
      ALLOW_EMBEDDED_DATABASE: "true",
      LOG_LEVEL: "warn",
      ...opts.env,
    },
  });
  return {
    ...server,
    dataDir: dataDir.path,
    stop: async () => {
      await server.stop();
      await dataDir.remove();
    },
  };
}

/** The demo member's session cookie, as a Cookie header. */
export async function demoCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(DEMO),
  });
  if (!res.ok) throw new Error(`demo sign-in failed: ${res.status} ${await res.text()}`);
  return cookieOf(res);
}
