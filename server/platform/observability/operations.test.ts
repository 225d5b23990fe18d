// Operations endpoints and cross-cutting protections: liveness and readiness, request ids,
// Prometheus metrics, the same-origin check on every state-changing request, and a database that
// goes away (503) and comes back (recovers by itself).
import { randomBytes } from "node:crypto";
import { frenchTypography } from "@domain/typography.ts";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BASE_URL,
  createTestApp,
  describeOnEngine,
  MEMBER_PASSWORD,
  type TestApp,
} from "../../test/harness.ts";
import { signUpMember } from "../../test/members.ts";
import { startTcpProxy } from "../../test/tcp-proxy.ts";
import { vapidEnv } from "../settings/vapid-keys.ts";

describeOnEngine("operations", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it("answers /healthz and /readyz, and gives every response a request id", async () => {
    const health = await t.request("/healthz");
    expect(health.status).toBe(200);
    const ready = await t.request("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", database: engine });
    const a = (await t.request("/api/health")).headers.get("x-request-id");
    const b = (await t.request("/api/health")).headers.get("x-request-id");
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
    // Without TRUST_PROXY, a client cannot choose its request id.
    const forged = await t.request("/api/health", { headers: { "x-request-id": "mon-id" } });
    expect(forged.headers.get("x-request-id")).not.toBe("mon-id");
  });

  it("counts requests by route pattern, latency and open event streams in /metrics", async () => {
    const m = await signUpMember(t, "female");
    await t.request(`/api/members/${"x".repeat(10)}`, { cookie: m.cookie });
    const res = await t.request("/metrics");
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(
      /passerelle_http_requests_total\{method="GET",route="\/api\/members\/:userId",status="404"\} 1/,
    );
    expect(text).toContain("passerelle_http_request_duration_seconds_bucket");
    expect(text).toMatch(/passerelle_event_streams_open \d+/);
    expect(text).not.toContain("xxxxxxxxxx");
  });

  it("refuses state-changing requests that do not come from our pages", async () => {
    const m = await signUpMember(t, "male");
    const body = JSON.stringify({ likedId: "x", type: "like" });
    const base = { method: "POST", body, headers: { "content-type": "application/json", cookie: m.cookie } };
    const none = await t.app.request(`${BASE_URL}/api/likes`, base);
    expect(none.status).toBe(403);
    expect(await none.json()).toEqual({
      error: {
        code: "CSRF_REJECTED",
        message: frenchTypography(
          `Requête refusée : elle ne vient pas d’une page de Passerelle. Ouvrez Passerelle à l’adresse ${BASE_URL}.`,
        ),
      },
    });
    const evil = await t.app.request(`${BASE_URL}/api/likes`, {
      ...base,
      headers: { ...base.headers, origin: "https://evil.example" },
    });
    expect(evil.status).toBe(403);
    expect(((await evil.json()) as { error: { message: string } }).error.message).toBe(
      frenchTypography(
        `Requête refusée : cette page est ouverte à l’adresse https://evil.example, que Passerelle ne reconnaît pas. Ouvrez Passerelle à l’adresse ${BASE_URL}.`,
      ),
    );
    const sameSite = await t.app.request(`${BASE_URL}/api/likes`, {
      ...base,
      headers: { ...base.headers, "sec-fetch-site": "same-origin" },
    });
    expect(sameSite.status).toBe(404); // through the check, then the unknown member
    // Reads are not concerned.
    expect((await t.app.request(`${BASE_URL}/api/health`)).status).toBe(200);
  });

  it("lets a developer sign in at any loopback spelling of the address, and says why another is refused", async () => {
    const { email } = await t.createMember({ password: "motdepasse-solide" });
    const signIn = (origin: string) =>
      t.app.request(`${BASE_URL}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({ email, password: "motdepasse-solide" }),
      });
    for (const origin of ["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]) {
      expect((await signIn(origin)).status, origin).toBe(200);
    }
    // Another port is another site. Auth routes answer in Better Auth's shape, which the SPA reads.
    const refused = await signIn("http://127.0.0.1:4000");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      code: "CSRF_REJECTED",
      message: frenchTypography(
        `Requête refusée : cette page est ouverte à l’adresse http://127.0.0.1:4000, que Passerelle ne reconnaît pas. Ouvrez Passerelle à l’adresse ${BASE_URL}.`,
      ),
    });
  });
});

describe("production cookies and transport headers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite", {
      NODE_ENV: "production",
      ALLOW_EMBEDDED_DATABASE: "true",
      ...vapidEnv(),
    });
  });
  afterAll(() => t.close());

  it("sets the session cookie __Secure-, HttpOnly, Secure and SameSite=Lax, and sends HSTS", async () => {
    const member = await t.createMember();
    const res = await t.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email: member.email, password: MEMBER_PASSWORD },
    });
    expect(res.status).toBe(200);
    const session = res.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(session).toMatch(/^__Secure-/);
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    const health = await t.request("/api/health");
    expect(health.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(health.headers.get("x-content-type-options")).toBe("nosniff");
    expect(health.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });
});

describe("metrics behind METRICS_TOKEN", () => {
  let t: TestApp;
  const token = randomBytes(24).toString("hex");
  beforeAll(async () => {
    t = await createTestApp("pglite", { METRICS_TOKEN: token });
  });
  afterAll(() => t.close());

  it("hides /metrics without the bearer token, or with a wrong one, and serves it with it", async () => {
    const get = (authorization?: string) =>
      t.app.request(`${BASE_URL}/metrics`, { headers: authorization ? { authorization } : {} });
    expect((await get()).status).toBe(404);
    expect((await get(`Bearer ${token.slice(0, -1)}x`)).status).toBe(404);
    expect((await get(token)).status).toBe(404);
    const ok = await get(`Bearer ${token}`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("http_requests_total");
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("a PostgreSQL server that goes away", () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let dbName: string;

  beforeAll(async () => {
    const admin = new URL(process.env.TEST_DATABASE_URL!);
    dbName = `passerelle_test_${randomBytes(6).toString("hex")}`;
    const c = new pg.Client({ connectionString: admin.toString() });
    await c.connect();
    await c.query(`CREATE DATABASE ${dbName}`);
    await c.end();
    proxy = await startTcpProxy(admin.hostname, Number(admin.port || 5432));
    const viaProxy = new URL(admin.toString());
    viaProxy.port = String(proxy.port);
    viaProxy.pathname = `/${dbName}`;
    t = await createTestApp("pglite", { DATABASE_URL: viaProxy.toString() });
  });
  afterAll(async () => {
    await t.close();
    await proxy.close();
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
  });

  it("answers 503 in French while it is gone, and recovers by itself when it is back", async () => {
    const m = await signUpMember(t, "female");
    expect((await t.request("/api/profile", { cookie: m.cookie })).status).toBe(200);
    proxy.cut();
    const down = await t.request("/api/profile", { cookie: m.cookie });
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({
      error: {
        code: "SERVICE_UNAVAILABLE",
        message: "Le service est momentanément indisponible. Veuillez réessayer.",
      },
    });
    expect(down.headers.get("retry-after")).toBe("5");
    expect((await t.request("/readyz")).status).toBe(503);
    proxy.restore();
    let status = 0;
    for (let i = 0; i < 20 && status !== 200; i++) {
      status = (await t.request("/api/profile", { cookie: m.cookie })).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
    expect((await t.request("/readyz")).status).toBe(200);
  });
});
