// The built app (`npm run build`: dist/ and build/server/) started on a fresh embedded database
// with the demo data, for the browser benches (bench/lighthouse.ts, bench/blocking.ts).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { setPriority, tmpdir } from "node:os";
import path from "node:path";
import { vapidEnv } from "../../server/platform/settings/vapid-keys.ts";

export const DEMO = { email: "demo@passerelle.example", password: "Passerelle2026!" };
export const CHROME_FLAGS =
  "--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync";

export interface BuiltApp {
  base: string;
  stop(): Promise<void>;
}

/**
 * Starts `dir`'s build on `port` and waits until it is ready (not only listening: while it starts,
 * the app serves every page the plain document). With `nice`, the server runs at the lowest
 * priority: it shares this machine's two cores with the browser, whereas in the field it runs
 * elsewhere, and its work would otherwise show up as the page's blocking time.
 */
export async function startBuiltApp(opts: { dir?: string; port: number; nice?: boolean }): Promise<BuiltApp> {
  const dir = path.resolve(opts.dir ?? ".");
  const base = `http://127.0.0.1:${opts.port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "passerelle-bench-web-"));
  // The demo entry (npm start's) seeds the demo data; builds older than it seeded from main.mjs.
  const entry = existsSync(path.join(dir, "build/server/demo.mjs"))
    ? "build/server/demo.mjs"
    : "build/server/main.mjs";
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: dir,
    env: {
      ...process.env,
      // Development mode: production refuses the demo data (its administrator's password is public),
      // and the page is the same production build (dist/) either way.
      NODE_ENV: "development",
      ...vapidEnv(),
      PORT: String(opts.port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: base,
      AUTH_SECRET: "browser-bench-secret-0123456789abcdef",
      SEED_DEMO: "true",
      ALLOW_DEMO_PAYMENTS: "true",
      ALLOW_EMBEDDED_DATABASE: "true",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (opts.nice && child.pid) setPriority(child.pid, 19);
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const started = Date.now();
  for (;;) {
    if (Date.now() - started > 120_000) {
      await stop();
      throw new Error(`${dir}: the app did not become ready in 120 s`);
    }
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { base, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The demo member's session cookie, as a Cookie header. */
export async function demoCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(DEMO),
  });
  if (!res.ok) throw new Error(`demo sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
