// Issue 33, finding 3 and two of its low findings: an administrator's password is checked only by
// /api/admin/login and its limits (never by the member sign-in), every endpoint that checks a
// password is held to the per-account limits, and an administrator's device is never « trusted »
// past the second factor.
import { MSG } from "@domain/messages.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ADMIN_PASSWORD, awayFromPeriodEdge, createAdmin, totpCode } from "../../test/admin.ts";
import { createTestApp, describeOnEngine, sessionCookie, type TestApp } from "../../test/harness.ts";
import { user } from "../db/schema/index.ts";

describeOnEngine("administrators' passwords and second factor", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { TRUST_PROXY: "true" });
  });
  afterAll(() => t?.close());

  let lastAddress = 0;
  const from = (p: string, json: unknown, { cookie }: { cookie?: string } = {}) =>
    t.request(p, {
      method: "POST",
      json,
      cookie,
      headers: { "x-forwarded-for": `203.0.113.${++lastAddress % 250}` },
    });

  /** Turns TOTP on for an account signed in with `cookie`; returns its otpauth:// URI. */
  async function enableTotp(cookie: string, password: string): Promise<string> {
    const enable = await from("/api/auth/two-factor/enable", { password }, { cookie });
    expect(enable.status).toBe(200);
    const { totpURI } = (await enable.json()) as { totpURI: string };
    await awayFromPeriodEdge();
    const confirm = await from(
      "/api/auth/two-factor/verify-totp",
      { code: totpCode(totpURI, Date.now() - 30_000) },
      { cookie },
    );
    expect(confirm.status).toBe(200);
    return totpURI;
  }

  it("the member sign-in neither tests nor confirms an administrator’s password", async () => {
    const admin = await createAdmin(t);
    await enableTotp(admin.cookie, ADMIN_PASSWORD);
    // The outside test: the admin sign-in's per-account limit met…
    for (let i = 0; i < 5; i++)
      expect((await from("/api/admin/login", { email: admin.email, password: "pas le bon" })).status).toBe(
        401,
      );
    expect((await from("/api/admin/login", { email: admin.email, password: ADMIN_PASSWORD })).status).toBe(
      429,
    );
    // …then the member sign-in with the right password: the same answer as a wrong one, no session,
    // no second step, for an administrator's address as for an unknown one.
    const right = await from("/api/auth/sign-in/email", { email: admin.email, password: ADMIN_PASSWORD });
    const wrong = await from("/api/auth/sign-in/email", { email: admin.email, password: "pas le bon" });
    const nobody = await from("/api/auth/sign-in/email", { email: "personne@exemple.fr", password: "x" });
    for (const res of [right, wrong, nobody]) {
      expect(res.status).toBe(401);
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(await res.json()).toEqual({
        code: "INVALID_EMAIL_OR_PASSWORD",
        message: MSG.INVALID_CREDENTIALS,
      });
    }
    // Also with the address typed in capitals.
    const shouted = await from("/api/auth/sign-in/email", {
      email: admin.email.toUpperCase(),
      password: ADMIN_PASSWORD,
    });
    expect(shouted.status).toBe(401);
  });

  it("administrators still sign in through /api/admin/login, members through the member sign-in", async () => {
    const admin = await createAdmin(t);
    const res = await from("/api/admin/login", { email: admin.email, password: ADMIN_PASSWORD });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok" });
    const member = await t.createMember({ password: "un secret de membre" });
    const signIn = await from("/api/auth/sign-in/email", {
      email: member.email,
      password: "un secret de membre",
    });
    expect(signIn.status).toBe(200);
  });

  it("an administrator cannot have a device trusted past the second factor", async () => {
    const admin = await createAdmin(t);
    const uri = await enableTotp(admin.cookie, ADMIN_PASSWORD);
    const step = await from("/api/admin/login", { email: admin.email, password: ADMIN_PASSWORD });
    expect(await step.json()).toEqual({ status: "two-factor-required" });
    const trusted = await from(
      "/api/auth/two-factor/verify-totp",
      { code: totpCode(uri), trustDevice: true },
      { cookie: sessionCookie(step) },
    );
    expect(trusted.status).toBe(403);
    expect(((await trusted.json()) as { code: string }).code).toBe("ADMIN_TRUST_DEVICE_REFUSED");
    expect(trusted.headers.getSetCookie().some((c) => c.includes("trust_device"))).toBe(false);
  });

  it("a device trusted before an account became administrator does not skip the second factor", async () => {
    const member = await t.createMember({ password: ADMIN_PASSWORD });
    const uri = await enableTotp(member.cookie, ADMIN_PASSWORD);
    const step = await from("/api/auth/sign-in/email", { email: member.email, password: ADMIN_PASSWORD });
    expect(await step.json()).toMatchObject({ twoFactorRedirect: true });
    await awayFromPeriodEdge();
    const trusted = await from(
      "/api/auth/two-factor/verify-totp",
      { code: totpCode(uri, Date.now() + 30_000), trustDevice: true },
      { cookie: sessionCookie(step) },
    );
    expect(trusted.status).toBe(200);
    const trustCookie = trusted.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .find((c) => c.includes("trust_device"));
    expect(trustCookie).toBeDefined();
    await t.deps.database.db.update(user).set({ role: "admin" }).where(eq(user.id, member.userId));
    const login = await from(
      "/api/admin/login",
      { email: member.email, password: ADMIN_PASSWORD },
      { cookie: trustCookie },
    );
    expect(login.status).toBe(200);
    expect(await login.json()).toEqual({ status: "two-factor-required" });
  });

  it("the second-factor settings that check the password are limited per account", async () => {
    const member = await t.createMember({ password: "un secret de membre" });
    for (const endpoint of ["/api/auth/two-factor/get-totp-uri", "/api/auth/two-factor/enable"]) {
      const other = endpoint.endsWith("enable") ? await t.createMember() : member;
      for (let i = 0; i < 5; i++)
        expect((await from(endpoint, { password: "pas le bon" }, { cookie: other.cookie })).status).toBe(400);
      const refused = await from(endpoint, { password: "pas le bon" }, { cookie: other.cookie });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  });
});
