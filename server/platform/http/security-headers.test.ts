// The security headers as production sends them: over a real socket (Node's http server, where they
// are set on the outgoing message before the route runs) and through app.request (no socket).
import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { loadConfig } from "../settings/config.ts";
import { vapidEnv } from "../settings/vapid-keys.ts";
import { apiSecurityHeaders, securityHeaders } from "./security-headers.ts";

describe("security headers", () => {
  let t: TestApp;
  let server: ServerType;
  let base = "";
  beforeAll(async () => {
    t = await createTestApp("pglite");
    server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  const expected = () => Object.fromEntries(apiSecurityHeaders(t.deps.config));

  it("are on every response, over a socket and without one", async () => {
    for (const res of [await fetch(`${base}/api/health`), await t.request("/api/health")]) {
      for (const [name, value] of Object.entries(expected())) expect(res.headers.get(name), name).toBe(value);
      expect(res.headers.get("x-request-id")).toMatch(/^[\w-]{36}$/);
      // A page's headers are not an API answer's (issue 39): the strictest policy, nothing more.
      expect(res.headers.get("permissions-policy")).toBeNull();
    }
    for (const res of [
      await fetch(`${base}/storage/profiles/photos/absent.webp`),
      await fetch(`${base}/nowhere`),
    ]) {
      for (const [name, value] of securityHeaders(t.deps.config))
        if (name !== "content-security-policy") expect(res.headers.get(name), name).toBe(value);
    }
    // The refusals too (raised before any route).
    const refused = await fetch(`${base}/api/profile`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("content-security-policy")).toBe(expected()["content-security-policy"]);
  });

  it("give way to a stricter header a route sets itself: a photo is sandboxed", async () => {
    await t.deps.storage.put("photos/entete-test.webp", new Uint8Array([1, 2, 3]), "image/webp");
    for (const res of [
      await fetch(`${base}/storage/profiles/photos/entete-test.webp`),
      await t.request("/storage/profiles/photos/entete-test.webp"),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
      expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    }
  });

  it("add HSTS in production only, and the photo CDN to img-src when configured", () => {
    const base = {
      DATA_DIR: "/tmp/x",
      AUTH_SECRET: "x".repeat(40),
      PUBLIC_BASE_URL: "https://passerelle.fr",
    };
    const dev = Object.fromEntries(securityHeaders(loadConfig({ ...base, NODE_ENV: "development" })));
    expect(dev["strict-transport-security"]).toBeUndefined();
    const prod = Object.fromEntries(
      securityHeaders(
        loadConfig({
          ...base,
          NODE_ENV: "production",
          DATABASE_URL: "postgres://x@localhost/x",
          ...vapidEnv(),
          STORAGE_DRIVER: "s3",
          S3_BUCKET: "photos",
          S3_PUBLIC_URL: "https://cdn.passerelle.fr/photos",
        }),
      ),
    );
    expect(prod["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(prod["content-security-policy"]).toContain(
      "img-src 'self' data: blob: https://cdn.passerelle.fr;",
    );
  });
});
