// Where administrators must use a second factor (always in production, here by ADMIN_TOTP_REQUIRED):
// one without TOTP can sign in, learn who they are and turn it on — nothing else (issue 20, point 1).
import type { AdminLoginResult, AdminRecord } from "@domain/admin.ts";
import { MSG } from "@domain/messages.ts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ADMIN_PASSWORD, createAdmin, totpCode } from "../../test/admin.ts";
import { createTestApp, describeOnEngine, sessionCookie, type TestApp } from "../../test/harness.ts";

describeOnEngine("admin TOTP required", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { ADMIN_TOTP_REQUIRED: "true" });
  });
  afterAll(() => t.close());

  const expectEnrolmentRequired = async (res: Response) => {
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: { code: "ADMIN_TOTP_REQUIRED", message: MSG.ADMIN_TOTP_REQUIRED },
    });
  };

  it("lets an administrator without TOTP do nothing but turn it on, then everything", async () => {
    const admin = await createAdmin(t);
    const me = await t.request("/api/admin/me", { cookie: admin.cookie });
    expect(me.status).toBe(200);
    expect((await me.json()) as AdminRecord).toMatchObject({
      twoFactorEnabled: false,
      twoFactorRequired: true,
    });

    // Every administration route of the app's route table, but the sign-in's own and /me.
    const member = await t.createMember();
    const open = new Set([
      "POST /api/admin/login",
      "POST /api/admin/login/verify",
      "POST /api/admin/logout",
      "GET /api/admin/me",
    ]);
    const routes = [
      ...new Set(
        t.app.routes
          .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/admin/"))
          .map((r) => `${r.method} ${r.path}`),
      ),
    ].filter((route) => !open.has(route));
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const [method = "GET", pattern = ""] = route.split(" ");
      const path = pattern.replace(/:[a-zA-Z]+/g, member.userId);
      const res = await t.request(path, {
        method,
        cookie: admin.cookie,
        json: method === "GET" ? undefined : {},
      });
      await expectEnrolmentRequired(res);
    }

    const enable = await t.request("/api/auth/two-factor/enable", {
      method: "POST",
      cookie: admin.cookie,
      json: { password: ADMIN_PASSWORD },
    });
    const { totpURI } = (await enable.json()) as { totpURI: string };
    const confirm = await t.request("/api/auth/two-factor/verify-totp", {
      method: "POST",
      cookie: admin.cookie,
      json: { code: totpCode(totpURI) },
    });
    expect(confirm.status).toBe(200);
    const cookie = sessionCookie(confirm) || admin.cookie;
    expect((await t.request("/api/admin/dashboard", { cookie })).status).toBe(200);

    // It stays on: turning it off is refused.
    const disable = await t.request("/api/auth/two-factor/disable", {
      method: "POST",
      cookie,
      json: { password: ADMIN_PASSWORD },
    });
    expect(disable.status).toBe(403);
    expect(((await disable.json()) as { message: string }).message).toBe(MSG.ADMIN_TOTP_REQUIRED);

    // And the next sign-in asks for the code.
    const login = await t.request("/api/admin/login", {
      method: "POST",
      json: { email: admin.email, password: ADMIN_PASSWORD },
    });
    expect((await login.json()) as AdminLoginResult).toEqual({ status: "two-factor-required" });
  });
});
