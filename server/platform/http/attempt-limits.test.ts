// Attempts at a password or a second factor, limited per account and per client address, held in
// the database; a used TOTP code refused (issue 20, points 2 and 4). The app trusts a proxy here so
// that each request can come from an address of its own: the per-account limits are what is
// tested, beyond Better Auth's own per-address limits.
import { MSG } from "@domain/messages.ts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ADMIN_PASSWORD, awayFromPeriodEdge, createAdmin, totpCode } from "../../test/admin.ts";
import { createTestApp, describeOnEngine, sessionCookie, type TestApp } from "../../test/harness.ts";

describeOnEngine("attempt limits", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { TRUST_PROXY: "true" });
  });
  afterAll(() => t.close());

  let lastAddress = 0;
  /** A request from an address never used before (or the one given). */
  const from = (p: string, json: unknown, { cookie, address }: { cookie?: string; address?: string } = {}) =>
    t.request(p, {
      method: "POST",
      json,
      cookie,
      headers: { "x-forwarded-for": address ?? `203.0.113.${++lastAddress}` },
    });
  const expectRefused = async (res: Response) => {
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = (await res.json()) as {
      error?: { code: string; message: string };
      code?: string;
      message?: string;
    };
    const error = body.error ?? body;
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.message).toBe(MSG.RATE_LIMITED);
  };

  it("admin login: five wrong passwords for an account, from five addresses, then even the right one waits", async () => {
    const admin = await createAdmin(t);
    for (let i = 0; i < 5; i++)
      expect((await from("/api/admin/login", { email: admin.email, password: "pas le bon" })).status).toBe(
        401,
      );
    await expectRefused(await from("/api/admin/login", { email: admin.email, password: ADMIN_PASSWORD }));
    // An address typed that is no administrator's is counted the same (the limit reveals nothing).
    for (let i = 0; i < 5; i++)
      await from("/api/admin/login", { email: "personne@exemple.fr", password: "peu importe" });
    await expectRefused(await from("/api/admin/login", { email: "personne@exemple.fr", password: "x" }));
  });

  it("admin login: one address trying many accounts is stopped after twenty", async () => {
    const address = "198.51.100.7";
    for (let i = 0; i < 20; i++)
      expect(
        (await from("/api/admin/login", { email: `essai${i}@exemple.fr`, password: "x" }, { address }))
          .status,
      ).toBe(401);
    await expectRefused(
      await from("/api/admin/login", { email: "essai99@exemple.fr", password: "x" }, { address }),
    );
  });

  it("admin login: attempts that succeed are given back", async () => {
    const admin = await createAdmin(t);
    for (let i = 0; i < 8; i++)
      expect((await from("/api/admin/login", { email: admin.email, password: ADMIN_PASSWORD })).status).toBe(
        200,
      );
  });

  it("account deletion: five wrong passwords, then refused, and the account stays", async () => {
    const member = await t.createMember();
    for (let i = 0; i < 5; i++)
      expect(
        (await from("/api/me/delete", { password: "pas le bon" }, { cookie: member.cookie })).status,
      ).toBe(401);
    await expectRefused(
      await from("/api/me/delete", { password: "mot de passe" }, { cookie: member.cookie }),
    );
    expect((await t.request("/api/profile", { cookie: member.cookie })).status).toBe(200);
  });

  it("password and e-mail changes: five wrong current passwords per account, then refused", async () => {
    const member = await t.createMember();
    for (let i = 0; i < 5; i++)
      expect(
        (
          await from(
            "/api/auth/change-password",
            { currentPassword: "pas le bon", newPassword: "un nouveau secret" },
            { cookie: member.cookie },
          )
        ).status,
      ).toBe(400);
    await expectRefused(
      await from(
        "/api/auth/change-password",
        { currentPassword: "pas le bon", newPassword: "un nouveau secret" },
        { cookie: member.cookie },
      ),
    );
    const other = await t.createMember();
    for (let i = 0; i < 5; i++)
      await from("/api/auth/change-email", { newEmail: `x${i}@exemple.fr` }, { cookie: other.cookie });
    await expectRefused(
      await from("/api/auth/change-email", { newEmail: "y@exemple.fr" }, { cookie: other.cookie }),
    );
  });

  it("second step: a TOTP code that opened a session does not open another; wrong codes are limited", async () => {
    const admin = await createAdmin(t);
    const enable = await from(
      "/api/auth/two-factor/enable",
      { password: ADMIN_PASSWORD },
      { cookie: admin.cookie },
    );
    const { totpURI } = (await enable.json()) as { totpURI: string };
    // Confirmed with the previous period's code (still accepted), leaving the current one unused.
    await awayFromPeriodEdge();
    const previous = totpCode(totpURI, Date.now() - 30_000);
    expect(
      (await from("/api/auth/two-factor/verify-totp", { code: previous }, { cookie: admin.cookie })).status,
    ).toBe(200);
    const step = async () =>
      sessionCookie(await from("/api/admin/login", { email: admin.email, password: ADMIN_PASSWORD }));
    const verify = async (code: string) =>
      from("/api/admin/login/verify", { code }, { cookie: await step() });

    const code = totpCode(totpURI);
    expect((await verify(code)).status).toBe(200);
    const replay = await verify(code);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({
      error: {
        code: "TOTP_CODE_REUSED",
        message:
          "Ce code a déjà été utilisé. Attendez le code suivant dans votre application d’authentification.",
      },
    });
    // The code confirming TOTP was spent too.
    expect((await verify(previous)).status).toBe(401);

    // Wrong codes: the replayed ones above counted; five in all, then even the right code waits.
    for (let i = 0; i < 3; i++) expect((await verify("000000")).status).toBe(401);
    await expectRefused(await verify(totpCode(totpURI, Date.now() + 30_000)));
  });
});
