import { MSG } from "@domain/messages.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, describeOnEngine, sessionCookie, type TestApp } from "../../test/harness.ts";
import { linkIn, waitForMail } from "../../test/mail.ts";
import { session, user } from "../db/schema/index.ts";

const PASSWORD = "un mot de passe long";

describeOnEngine("accounts", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const signUpBody = (email: string, extra: Record<string, unknown> = {}) => ({
    email,
    password: PASSWORD,
    name: "",
    ageConfirmed: true,
    termsAccepted: true,
    ...extra,
  });
  const post = (p: string, json: unknown, cookie?: string) => t.request(p, { method: "POST", json, cookie });
  const usersWith = (email: string) => t.deps.database.db.select().from(user).where(eq(user.email, email));

  it("signs up without a session, e-mails the link that confirms and signs in, records the terms", async () => {
    const res = await post("/api/auth/sign-up/email", signUpBody("Awa.Diop@Exemple.fr"));
    expect(res.status).toBe(200);
    expect(sessionCookie(res)).toBe("");
    // Not before the address is confirmed: nobody can use an account made on someone else's address.
    const early = await post("/api/auth/sign-in/email", { email: "awa.diop@exemple.fr", password: PASSWORD });
    expect(early.status).toBe(403);
    expect(((await early.json()) as { code: string }).code).toBe("EMAIL_NOT_VERIFIED");

    const link = new URL(linkIn((await waitForMail(t.dataDir, "awa.diop@exemple.fr", "Confirmez")).text));
    const confirmed = await t.request(`${link.pathname}${link.search}`, { redirect: "manual" });
    expect(confirmed.status).toBe(302);
    const cookie = sessionCookie(confirmed);
    const session = await t.request("/api/auth/get-session", { cookie });
    const body = (await session.json()) as { user: { email: string; role: string; emailVerified: boolean } };
    expect(body.user).toMatchObject({ email: "awa.diop@exemple.fr", role: "user", emailVerified: true });
    const [row] = await usersWith("awa.diop@exemple.fr");
    expect(row?.termsAcceptedAt).toBeInstanceOf(Date);
  });

  it.each([
    ["without the age confirmation", { ageConfirmed: false }, "AGE_NOT_CONFIRMED", MSG.AGE_NOT_CONFIRMED],
    [
      "without accepting the terms",
      { termsAccepted: undefined },
      "TERMS_NOT_ACCEPTED",
      MSG.TERMS_NOT_ACCEPTED,
    ],
    ["with a 7-character password", { password: "1234567" }, "PASSWORD_TOO_SHORT", MSG.PASSWORD_TOO_SHORT],
    [
      "with a 129-character password",
      { password: "x".repeat(129) },
      "PASSWORD_TOO_LONG",
      MSG.PASSWORD_TOO_LONG,
    ],
    ["with a bad e-mail", { email: "pas-une-adresse" }, "INVALID_EMAIL", MSG.EMAIL_INVALID],
  ])("refuses a sign-up %s, in French, writing nothing", async (_label, patch, code, message) => {
    const email = `refus-${code.toLowerCase()}@exemple.fr`;
    const res = await post("/api/auth/sign-up/email", { ...signUpBody(email), ...patch });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code, message });
    expect(await usersWith(email)).toHaveLength(0);
  });

  it("accepts a 128-character password with no composition rule", async () => {
    const res = await post(
      "/api/auth/sign-up/email",
      signUpBody("long@exemple.fr", { password: "a".repeat(128) }),
    );
    expect(res.status).toBe(200);
  });

  it("answers a taken address exactly as a new one, creates nothing and tells the owner (issue 20)", async () => {
    const owner = await t.createMember({ password: PASSWORD });
    await t.deps.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, owner.userId));
    const taken = await post(
      "/api/auth/sign-up/email",
      signUpBody(owner.email, { password: "autre mot de passe" }),
    );
    const fresh = await post("/api/auth/sign-up/email", signUpBody("nouvelle-adresse@exemple.fr"));
    expect(taken.status).toBe(200);
    expect(fresh.status).toBe(200);
    // Same shape, same fields; only the generated id and timestamps differ.
    const shape = (body: { token: unknown; user: Record<string, unknown> }) => ({
      token: body.token,
      user: Object.fromEntries(
        Object.entries(body.user).map(([k, v]) => [
          k,
          ["id", "createdAt", "updatedAt", "termsAcceptedAt", "email"].includes(k) ? typeof v : v,
        ]),
      ),
    });
    expect(shape(await taken.json())).toEqual(shape(await fresh.json()));
    expect(sessionCookie(taken)).toBe("");
    expect(await usersWith(owner.email)).toHaveLength(1);
    const mail = await waitForMail(t.dataDir, owner.email, "Quelqu’un a essayé");
    expect(mail.text).toContain("Quelqu’un a essayé de créer un compte avec votre adresse e-mail");
    // The owner's password still works; the one typed at the new sign-up does not.
    expect((await post("/api/auth/sign-in/email", { email: owner.email, password: PASSWORD })).status).toBe(
      200,
    );
    expect(
      (await post("/api/auth/sign-in/email", { email: owner.email, password: "autre mot de passe" })).status,
    ).toBe(401);
  });

  it("answers a wrong password and an unknown account with the same generic message", async () => {
    const { email } = await t.signUp(undefined, PASSWORD);
    const wrong = await post("/api/auth/sign-in/email", { email, password: "pas le bon mot de passe" });
    const unknown = await post("/api/auth/sign-in/email", {
      email: "personne@exemple.fr",
      password: PASSWORD,
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const a = await wrong.json();
    const b = await unknown.json();
    expect(a).toEqual({ code: "INVALID_EMAIL_OR_PASSWORD", message: MSG.INVALID_CREDENTIALS });
    expect(b).toEqual(a);
  });

  it("signs in and out; the old cookie is then refused", async () => {
    const { email } = await t.signUp(undefined, PASSWORD);
    const res = await post("/api/auth/sign-in/email", { email, password: PASSWORD });
    expect(res.status).toBe(200);
    const cookie = sessionCookie(res);
    expect((await t.request("/api/profile", { cookie })).status).toBe(200);
    expect((await post("/api/auth/sign-out", {}, cookie)).status).toBe(200);
    expect((await t.request("/api/profile", { cookie })).status).toBe(401);
  });

  it("extends a session that is used after a day, so an active member stays signed in", async () => {
    const { cookie, userId } = await t.signUp(undefined, PASSWORD);
    const { db } = t.deps.database;
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    const soon = new Date(Date.now() + 28 * 86_400_000);
    await db
      .update(session)
      .set({ updatedAt: twoDaysAgo, expiresAt: soon })
      .where(eq(session.userId, userId));
    const res = await t.request("/api/auth/get-session", { cookie });
    expect(res.status).toBe(200);
    const [row] = await db.select().from(session).where(eq(session.userId, userId));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(soon.getTime() + 86_400_000);
  });

  it("changes the password only with the current one", async () => {
    const { email, cookie } = await t.signUp(undefined, PASSWORD);
    const bad = await post(
      "/api/auth/change-password",
      { currentPassword: "faux mot de passe", newPassword: "nouveau mot de passe" },
      cookie,
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe(MSG.WRONG_PASSWORD);
    const ok = await post(
      "/api/auth/change-password",
      { currentPassword: PASSWORD, newPassword: "nouveau mot de passe" },
      cookie,
    );
    expect(ok.status).toBe(200);
    expect((await post("/api/auth/sign-in/email", { email, password: PASSWORD })).status).toBe(401);
    expect((await post("/api/auth/sign-in/email", { email, password: "nouveau mot de passe" })).status).toBe(
      200,
    );
  });

  it("resets a forgotten password through the e-mailed link, and says nothing about unknown addresses", async () => {
    const { email } = await t.signUp(undefined, PASSWORD);
    const known = await post("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
    const unknown = await post("/api/auth/request-password-reset", {
      email: "inconnu@exemple.fr",
      redirectTo: "/reset-password",
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual(await known.json());

    const mail = await waitForMail(t.dataDir, email, "Réinitialisation");
    const link = new URL(linkIn(mail.text));
    // The link goes through the API, which redirects to the SPA page with the token.
    const redirect = await t.request(`${link.pathname}${link.search}`, { redirect: "manual" });
    expect(redirect.status).toBe(302);
    const target = new URL(redirect.headers.get("location") ?? "", "http://localhost:3000");
    expect(target.pathname).toBe("/reset-password");
    const token = target.searchParams.get("token") ?? "";
    expect(token).not.toBe("");

    const reset = await post("/api/auth/reset-password", { newPassword: "mon nouveau secret", token });
    expect(reset.status).toBe(200);
    expect((await post("/api/auth/sign-in/email", { email, password: "mon nouveau secret" })).status).toBe(
      200,
    );
    const reused = await post("/api/auth/reset-password", { newPassword: "encore un autre", token });
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as { message: string }).message).toBe(MSG.RESET_TOKEN_INVALID);
  });

  it("changes the e-mail once the new address confirms it, with the password, telling the old address", async () => {
    const { cookie, userId, email } = await t.signUp(undefined, PASSWORD);
    const newEmail = `nouvelle-${userId.slice(0, 6).toLowerCase()}@exemple.fr`;
    // A session alone is not enough (issue 33): the current password is asked.
    const without = await post("/api/auth/change-email", { newEmail, callbackURL: "/profile" }, cookie);
    expect(without.status).toBe(400);
    expect(await without.json()).toEqual({
      code: "PASSWORD_REQUIRED",
      message: "Saisissez votre mot de passe actuel pour confirmer ce changement.",
    });
    const wrong = await post(
      "/api/auth/change-email",
      { newEmail, password: "pas le bon", callbackURL: "/profile" },
      cookie,
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ code: "INVALID_PASSWORD", message: MSG.WRONG_PASSWORD });
    const res = await post(
      "/api/auth/change-email",
      { newEmail, password: PASSWORD, callbackURL: "/profile" },
      cookie,
    );
    expect(res.status).toBe(200);
    const notice = await waitForMail(t.dataDir, email, "Changement d’adresse");
    expect(notice.text).toContain(newEmail);
    const mail = await waitForMail(t.dataDir, newEmail, "Confirmez");
    const link = new URL(linkIn(mail.text));
    const confirm = await t.request(`${link.pathname}${link.search}`, { redirect: "manual", cookie });
    expect(confirm.status).toBeLessThan(400);
    const [row] = await t.deps.database.db.select().from(user).where(eq(user.id, userId));
    expect(row?.email).toBe(newEmail);
  });
});

describe("sign-in rate limit", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite", { AUTH_RATE_LIMIT_MAX: "3" });
  });
  afterAll(() => t.close());

  it("refuses the 4th attempt within the window in French, even with a forged X-Forwarded-For", async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 4; i++) {
      last = await t.request("/api/auth/sign-in/email", {
        method: "POST",
        json: { email: "cible@exemple.fr", password: `essai-${i}-mauvais` },
        headers: { "x-forwarded-for": `10.0.0.${i}` },
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(await last!.json()).toEqual({ code: "RATE_LIMITED", message: MSG.RATE_LIMITED });
  });
});
