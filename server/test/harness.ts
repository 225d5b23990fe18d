// Integration-test harness: a real app on a real database. PGlite (in memory) always; a fresh
// database on the PostgreSQL server as well when TEST_DATABASE_URL is set.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe } from "vitest";
import { createApp } from "../app.ts";
import { closeDeps, createDeps } from "../bootstrap.ts";
import { loadConfig } from "../config.ts";
import { createScratchDatabase, type ScratchDatabase } from "../db/scratch-database.ts";
import type { AppDeps } from "../http/types.ts";
import { createLogger } from "../logger.ts";

export type Engine = "pglite" | "postgres";

export const BASE_URL = "http://localhost:3000";

/** The engines the suite runs on: PGlite always, the server when TEST_DATABASE_URL is set. */
export function engines(): Engine[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

/** `describe` once per engine. */
export function describeEachEngine(name: string, fn: (engine: Engine) => void) {
  for (const engine of engines()) describe(`${name} [${engine}]`, () => fn(engine));
}

export function createServerDatabase(): Promise<ScratchDatabase> {
  return createScratchDatabase(process.env.TEST_DATABASE_URL!, "passerelle_test");
}

export interface TestApp {
  deps: AppDeps;
  app: ReturnType<typeof createApp>;
  dataDir: string;
  /** Sends a request the way the SPA does (same origin, cookies). */
  request(path: string, init?: RequestInit & { cookie?: string; json?: unknown }): Promise<Response>;
  /** Creates an account and returns its session cookie and user id. */
  signUp(email?: string, password?: string): Promise<{ cookie: string; userId: string; email: string }>;
  close(): Promise<void>;
}

export async function createTestApp(engine: Engine, env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "passerelle-test-"));
  const server = engine === "postgres" ? await createServerDatabase() : null;
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_BASE_URL: BASE_URL,
    AUTH_SECRET: randomBytes(32).toString("hex"),
    SEED_DEMO: "false",
    AUTH_RATE_LIMIT_MAX: "1000",
    SIGNUP_RATE_LIMIT_MAX: "1000",
    // Tests read the dashboard right after changing data.
    DASHBOARD_CACHE_SECONDS: "0",
    ...(server ? { DATABASE_URL: server.url } : {}),
    ...env,
  });
  const logger = createLogger("silent", false);
  const deps = await createDeps(config, logger, { inMemoryDb: true });
  const app = createApp(deps);

  const request: TestApp["request"] = (p, init = {}) => {
    const { cookie, json, headers, ...rest } = init;
    const h = new Headers(headers);
    h.set("origin", BASE_URL);
    if (cookie) h.set("cookie", cookie);
    let body = rest.body;
    if (json !== undefined) {
      h.set("content-type", "application/json");
      body = JSON.stringify(json);
    }
    return Promise.resolve(app.request(`${BASE_URL}${p}`, { ...rest, headers: h, body }));
  };

  let counter = 0;
  const signUp: TestApp["signUp"] = async (email, password = "motdepasse-solide") => {
    const addr = email ?? `membre${++counter}-${randomBytes(3).toString("hex")}@exemple.fr`;
    const res = await request("/api/auth/sign-up/email", {
      method: "POST",
      json: { email: addr, password, name: "", ageConfirmed: true, termsAccepted: true },
    });
    if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { user: { id: string } };
    return { cookie: sessionCookie(res), userId: body.user.id, email: addr };
  };

  return {
    deps,
    app,
    dataDir,
    request,
    signUp,
    async close() {
      await closeDeps(deps);
      await server?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function sessionCookie(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => c && !c.endsWith("="))
    .join("; ");
}
