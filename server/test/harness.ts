// Integration-test harness: a real app on a real database, copied from a migrated template
// (server/test/database-templates.ts): PGlite in memory, or a fresh database on the PostgreSQL
// server of TEST_DATABASE_URL.
import { createHmac, randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, inject, it } from "vitest";
import { createApp } from "../app.ts";
import { closeDeps, createDeps } from "../bootstrap.ts";
import type { AppDeps } from "../deps.ts";
import { createScratchDatabase, type ScratchDatabase } from "../platform/db/scratch-database.ts";
import { createLogger } from "../platform/logger.ts";
import { loadConfig } from "../platform/settings/config.ts";
import { pgliteTemplateBlob, readPgliteTemplate } from "./database-templates.ts";
import { linkIn, waitForMail } from "./mail.ts";

export type Engine = "pglite" | "postgres";

export const BASE_URL = "http://localhost:3000";

/** The password of the accounts the harness creates unless told otherwise. */
export const MEMBER_PASSWORD = "motdepasse-solide";

/**
 * The engines of engine-specific suites (`describeEachEngine`: the database layer, concurrency,
 * durability, backups): PGlite always, the server too when TEST_DATABASE_URL is set.
 */
export function engines(): Engine[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

/**
 * The engine of every other suite (`describeOnEngine`): the PostgreSQL server when
 * TEST_DATABASE_URL is set, PGlite otherwise; so each run covers both engines' own behaviour and
 * the rules once. TEST_ENGINES=all runs every suite on every engine.
 */
export function mainEngines(): Engine[] {
  if (process.env.TEST_ENGINES === "all") return engines();
  return process.env.TEST_DATABASE_URL ? ["postgres"] : ["pglite"];
}

/** `describe` once per engine, for what depends on the engine (locks, concurrency, files, plans). */
export function describeEachEngine(name: string, fn: (engine: Engine) => void) {
  for (const engine of engines()) describe(`${name} [${engine}]`, () => fn(engine));
}

/** `describe` on the run's main engine (see mainEngines), for the application's rules. */
export function describeOnEngine(name: string, fn: (engine: Engine) => void) {
  for (const engine of mainEngines()) describe(`${name} [${engine}]`, () => fn(engine));
}

/**
 * For a describeEachEngine suite that mixes the application's rules with engine-specific tests
 * (races, files): `it` for the rules, which run on the main engine only and are reported skipped
 * on the other; the engine-specific tests keep `it`.
 */
export function ruleIt(engine: Engine) {
  return it.skipIf(!mainEngines().includes(engine));
}

/** A run's database: what createScratchDatabase gives, without its drop (the run's end drops it). */
export type TestServerDatabase = Pick<ScratchDatabase, "name" | "url">;

/**
 * A database on TEST_DATABASE_URL's server, copied from the run's migrated template when there is
 * one. It is not dropped when its test ends but with the run's others at the run's end: dropping
 * each as its test ended made every creation after it costly (server/test/run-databases.ts).
 */
export async function createServerDatabase(): Promise<TestServerDatabase> {
  const template = inject("postgresTemplate") || undefined;
  const { name, url } = await createScratchDatabase(
    process.env.TEST_DATABASE_URL!,
    inject("postgresRunPrefix"),
    {
      template,
    },
  );
  return { name, url };
}

let pgliteTemplate: Promise<Blob> | undefined;
/** The migrated PGlite data folder: from the global setup, or built once in this worker. */
function loadPgliteTemplate(): Promise<Blob> {
  const file = inject("pgliteTemplate");
  pgliteTemplate ??= file ? readPgliteTemplate(file) : pgliteTemplateBlob();
  return pgliteTemplate;
}

export interface Account {
  cookie: string;
  userId: string;
  email: string;
}

export interface TestApp {
  deps: AppDeps;
  app: ReturnType<typeof createApp>;
  dataDir: string;
  /** Sends a request the way the SPA does (same origin, cookies). */
  request(path: string, init?: RequestInit & { cookie?: string; json?: unknown }): Promise<Response>;
  /**
   * Signs up through the API (Better Auth's sign-up) and follows the e-mailed confirmation link,
   * which signs in; returns the session cookie and user id.
   */
  signUp(email?: string, password?: string): Promise<Account>;
  /**
   * Creates a signed-in account directly in the database (user, password account and session
   * through Better Auth's own adapter): what a sign-up leaves, without its cost. Real sign-ups are
   * tested in server/auth and the journeys.
   */
  createMember(options?: {
    email?: string;
    password?: string;
    /** A member signs in only once the address is confirmed (the default); false: an older account. */
    emailVerified?: boolean;
  }): Promise<Account>;
  close(): Promise<void>;
}

const passwordHashes = new Map<string, Promise<string>>();

/** Better Auth's signed cookie value: the token, a dot and its HMAC-SHA256, URI-encoded. */
function signedCookieValue(token: string, secret: string): string {
  const signature = createHmac("sha256", secret).update(token).digest("base64");
  return encodeURIComponent(`${token}.${signature}`);
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
  const deps = await createDeps(config, logger, {
    inMemoryDb: true,
    ...(server ? {} : { loadDataDir: await loadPgliteTemplate() }),
  });
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
  const newEmail = () => `membre${++counter}-${randomBytes(3).toString("hex")}@exemple.fr`;

  const signUp: TestApp["signUp"] = async (email, password = MEMBER_PASSWORD) => {
    const addr = email ?? newEmail();
    const res = await request("/api/auth/sign-up/email", {
      method: "POST",
      json: { email: addr, password, name: "", ageConfirmed: true, termsAccepted: true },
    });
    if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { user: { id: string } };
    // No session at sign-up: the e-mailed link confirms the address and signs in, as for a member.
    const link = new URL(linkIn((await waitForMail(dataDir, addr, "Confirmez")).text));
    const confirmed = await request(`${link.pathname}${link.search}`, { redirect: "manual" });
    if (confirmed.status !== 302) throw new Error(`confirmation failed: ${confirmed.status}`);
    return { cookie: sessionCookie(confirmed), userId: body.user.id, email: addr };
  };

  const createMember: TestApp["createMember"] = async ({
    email,
    password = MEMBER_PASSWORD,
    emailVerified = true,
  } = {}) => {
    const ctx = await deps.auth.$context;
    const addr = email ?? newEmail();
    // Hashing is the costly part of a sign-up (scrypt): once per password and worker.
    let hash = passwordHashes.get(password);
    if (!hash) {
      hash = ctx.password.hash(password);
      passwordHashes.set(password, hash);
    }
    const created = await ctx.internalAdapter.createUser(
      { email: addr, name: "", emailVerified },
      { method: "email-password" },
    );
    await ctx.internalAdapter.linkAccount({
      userId: created.id,
      providerId: "credential",
      accountId: created.id,
      password: await hash,
    });
    const session = await ctx.internalAdapter.createSession(created.id);
    const cookie = `${ctx.authCookies.sessionToken.name}=${signedCookieValue(session.token, ctx.secret)}`;
    return { cookie, userId: created.id, email: addr };
  };

  return {
    deps,
    app,
    dataDir,
    request,
    signUp,
    createMember,
    async close() {
      await closeDeps(deps);
      // An e-mail sent in the background (Better Auth's, a payment's) may still be writing its file
      // into DATA_DIR/outbox: removal retries rather than fail on a folder that filled meanwhile.
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
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
