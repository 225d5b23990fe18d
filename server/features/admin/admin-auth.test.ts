// Admin sign-in: only administrators get in, with one generic refusal for
// everything else, and the TOTP second step once they turn it on.
import type { AdminLoginResult, AdminRecord } from "@domain/admin.ts";
import { MSG } from "@domain/messages.ts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ADMIN_PASSWORD, createAdmin, totpCode } from "../../test/admin.ts";
import { createTestApp, describeOnEngine, sessionCookie, type TestApp } from "../../test/harness.ts";

describeOnEngine("admin sign-in", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, cookie?: string) =>
    t.request("/api/admin/login", { method: "POST", cookie, json: { email, password } });

  it("lets an administrator in and returns the admin record; the session then opens /api/admin", async () => {
    const admin = await createAdmin(t);
    const me = await t.request("/api/admin/me", { cookie: admin.cookie });
    expect(me.status).toBe(200);
    expect((await me.json()) as AdminRecord).toEqual({
      id: admin.userId,
      email: admin.email,
      name: "",
      role: "admin",
      twoFactorEnabled: false,
      twoFactorRequired: false,
    });
  });

  it("refuses members, unknown accounts and wrong passwords with the same message and no session", async () => {
    const admin = await createAdmin(t);
    const member = await t.createMember({ password: "mot de passe du membre" });
    for (const [email, password] of [
      [member.email, "mot de passe du membre"],
      ["personne@exemple.fr", "peu importe"],
      [admin.email, "pas le bon mot de passe"],
    ] as const) {
      const res = await login(email, password);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        error: { code: "INVALID_CREDENTIALS", message: MSG.INVALID_CREDENTIALS },
      });
      expect(sessionCookie(res)).toBe("");
    }
    const bad = await t.request("/api/admin/login", {
      method: "POST",
      json: { email: "pas-une-adresse", password: "x" },
    });
    expect(bad.status).toBe(400);
  });

  it("asks administrators who turned on TOTP for their code, and accepts only the right one", async () => {
    const admin = await createAdmin(t);
    const enable = await t.request("/api/auth/two-factor/enable", {
      method: "POST",
      cookie: admin.cookie,
      json: { password: ADMIN_PASSWORD },
    });
    expect(enable.status).toBe(200);
    const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
    expect(backupCodes.length).toBeGreaterThan(0);
    // Turned on once a first code is confirmed.
    const confirm = await t.request("/api/auth/two-factor/verify-totp", {
      method: "POST",
      cookie: admin.cookie,
      json: { code: totpCode(totpURI) },
    });
    expect(confirm.status).toBe(200);
    expect(
      (
        (await (
          await t.request("/api/admin/me", { cookie: sessionCookie(confirm) || admin.cookie })
        ).json()) as AdminRecord
      ).twoFactorEnabled,
    ).toBe(true);

    const first = await login(admin.email, ADMIN_PASSWORD);
    expect(first.status).toBe(200);
    expect((await first.json()) as AdminLoginResult).toEqual({ status: "two-factor-required" });
    const stepCookie = sessionCookie(first);
    // No admin session before the code.
    expect((await t.request("/api/admin/me", { cookie: stepCookie })).status).toBe(401);

    const wrong = await t.request("/api/admin/login/verify", {
      method: "POST",
      cookie: stepCookie,
      json: { code: "000000" },
    });
    expect(wrong.status).toBe(401);
    // Our API's error shape and one of its codes, not Better Auth's own.
    expect(await wrong.json()).toEqual({
      error: { code: "INVALID_CODE", message: "Code de vérification incorrect" },
    });

    // The code that confirmed TOTP is spent (a code works once): the app's next one, already accepted.
    const right = await t.request("/api/admin/login/verify", {
      method: "POST",
      cookie: stepCookie,
      json: { code: totpCode(totpURI, Date.now() + 30_000) },
    });
    expect(right.status).toBe(200);
    expect(((await right.json()) as AdminLoginResult).status).toBe("ok");
    expect((await t.request("/api/admin/me", { cookie: sessionCookie(right) })).status).toBe(200);
  });

  it("signs out: the session no longer opens /api/admin", async () => {
    const admin = await createAdmin(t);
    const out = await t.request("/api/admin/logout", { method: "POST", cookie: admin.cookie });
    expect(out.status).toBe(204);
    expect((await t.request("/api/admin/me", { cookie: admin.cookie })).status).toBe(401);
  });

  it("keeps Better Auth’s own admin endpoints closed", async () => {
    const admin = await createAdmin(t);
    const res = await t.request("/api/auth/admin/list-users", { cookie: admin.cookie });
    expect(res.status).toBe(404);
  });
});

// Its own app (and so its own rate-limit counters): the two-factor endpoints allow 3 calls in 10 s
// per client, which the tests above have used.
describeOnEngine("admin sign-in with a backup code", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());
  const login = (email: string, password: string) =>
    t.request("/api/admin/login", { method: "POST", json: { email, password } });

  it("lets an administrator without their phone in with a backup code, once", async () => {
    const admin = await createAdmin(t);
    const enable = await t.request("/api/auth/two-factor/enable", {
      method: "POST",
      cookie: admin.cookie,
      json: { password: ADMIN_PASSWORD },
    });
    const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
    await t.request("/api/auth/two-factor/verify-totp", {
      method: "POST",
      cookie: admin.cookie,
      json: { code: totpCode(totpURI) },
    });
    const [code] = backupCodes;
    if (!code) throw new Error("no backup code");

    // Sign-ins are rate limited: one two-factor step serves the wrong, malformed and right codes.
    const step = sessionCookie(await login(admin.email, ADMIN_PASSWORD));
    const verify = (typed: string, cookie = step) =>
      t.request("/api/admin/login/verify", { method: "POST", cookie, json: { code: typed } });
    const wrong = await verify("zzzzz-zzzzz");
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      error: { code: "INVALID_CODE", message: "Code de secours incorrect" },
    });
    expect((await verify("pas un code")).status).toBe(400);

    // Typed without its hyphen, as people do.
    const right = await verify(code.replace("-", ""));
    expect(right.status).toBe(200);
    expect(((await right.json()) as AdminLoginResult).status).toBe("ok");
    expect((await t.request("/api/admin/me", { cookie: sessionCookie(right) })).status).toBe(200);

    // Spent: it does not open a second session.
    const again = sessionCookie(await login(admin.email, ADMIN_PASSWORD));
    expect((await verify(code, again)).status).toBe(401);
  });
});
