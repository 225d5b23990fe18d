// The request's session read in one statement (server/platform/auth/session-reader.ts): the cookie's
// signature, expiry, the daily extension Better Auth performs, and revocation — a sign-out, a ban, a
// password change or a deletion refused on the very next request, including on another instance.
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin } from "../../test/admin.ts";
import { createTestApp, describeOnEngine, MEMBER_PASSWORD, type TestApp } from "../../test/harness.ts";
import { signUpMember } from "../../test/members.ts";
import { type SecondInstance, secondInstance } from "../../test/second-instance.ts";
import { session } from "../db/schema/index.ts";
import { cookieValue, dueForExtension, verifySignedToken } from "./session-reader.ts";

const DAY = 86_400_000;

describe("the session cookie", () => {
  const secret = "un secret de test assez long pour signer";
  const signed = (token: string, key = secret) =>
    encodeURIComponent(`${token}.${createHmac("sha256", key).update(token).digest("base64")}`);

  it("finds a cookie by its exact name among others", () => {
    const header = "a=1; better-auth.session_token=abc; x-better-auth.session_token=no";
    expect(cookieValue(header, "better-auth.session_token")).toBe("abc");
    expect(cookieValue(header, "a")).toBe("1");
    expect(cookieValue(header, "session_token")).toBeNull();
    expect(cookieValue("", "a")).toBeNull();
    expect(cookieValue("novalue; a=2", "a")).toBe("2");
  });

  it("accepts its own signature only", () => {
    expect(verifySignedToken(signed("tok123"), secret)).toBe("tok123");
    expect(verifySignedToken(signed("tok123", "une autre clé, tout aussi longue"), secret)).toBeNull();
    // The token changed under a valid signature of another token.
    const other = signed("tok124");
    expect(verifySignedToken(other.replace("tok124", "tok123"), secret)).toBeNull();
    expect(verifySignedToken("tok123", secret)).toBeNull();
    expect(verifySignedToken("tok123.court=", secret)).toBeNull();
    expect(verifySignedToken("%E0%A4%A", secret)).toBeNull();
  });

  it("is due for its extension a day after it was last extended", () => {
    const now = Date.now();
    expect(dueForExtension(new Date(now + 30 * DAY), now)).toBe(false);
    expect(dueForExtension(new Date(now + 29 * DAY + 60_000), now)).toBe(false);
    expect(dueForExtension(new Date(now + 29 * DAY), now)).toBe(true);
  });
});

describeOnEngine("sessions of API requests", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const expiresAt = async (userId: string) => {
    const [row] = await t.deps.database.db.select().from(session).where(eq(session.userId, userId));
    return row!.expiresAt.getTime();
  };

  it("refuses an expired session, and a cookie whose signature was altered", async () => {
    const { cookie, userId } = await t.createMember();
    expect((await t.request("/api/profile", { cookie })).status).toBe(200);
    const tampered = `${cookie.replace(/%3D$|=$/, "")}A%3D`;
    expect((await t.request("/api/profile", { cookie: tampered })).status).toBe(401);
    await t.deps.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, userId));
    expect((await t.request("/api/profile", { cookie })).status).toBe(401);
  });

  it("extends a session used a day after its last extension, on any API request", async () => {
    const { cookie, userId } = await t.createMember();
    const soon = Date.now() + 28 * DAY;
    await t.deps.database.db
      .update(session)
      .set({ expiresAt: new Date(soon) })
      .where(eq(session.userId, userId));
    expect((await t.request("/api/profile", { cookie })).status).toBe(200);
    expect(await expiresAt(userId)).toBeGreaterThan(soon + DAY);
    // Not again on the next request: the extension is once a day.
    const extended = await expiresAt(userId);
    expect((await t.request("/api/profile", { cookie })).status).toBe(200);
    expect(await expiresAt(userId)).toBe(extended);
  });

  it("ends every session of an account whose password changed, but the one that changed it", async () => {
    const { email, cookie } = await t.createMember();
    const signIn = await t.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email, password: MEMBER_PASSWORD },
    });
    const other = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect((await t.request("/api/profile", { cookie: other })).status).toBe(200);
    const change = await t.request("/api/auth/change-password", {
      method: "POST",
      cookie,
      json: {
        currentPassword: MEMBER_PASSWORD,
        newPassword: "un tout nouveau mot de passe",
        revokeOtherSessions: true,
      },
    });
    expect(change.status).toBe(200);
    expect((await t.request("/api/profile", { cookie: other })).status).toBe(401);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("revocation across two instances", () => {
  let first: TestApp;
  let second: SecondInstance;

  beforeAll(async () => {
    first = await createTestApp("postgres");
    second = await secondInstance(first);
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  const onSecond = async (path: string, cookie: string) => (await second.get(path, cookie)).status;

  it("refuses a member banned on one instance at their next request on the other", async () => {
    const admin = await createAdmin(first);
    const member = await signUpMember(first, "female");
    expect(await onSecond("/api/profile", member.cookie)).toBe(200);
    const ban = await first.request(`/api/admin/users/${member.userId}/ban`, {
      method: "POST",
      cookie: admin.cookie,
      json: { reason: "Demandes d’argent répétées" },
    });
    expect(ban.status).toBe(200);
    expect(await onSecond("/api/profile", member.cookie)).toBe(401);
    expect(await onSecond("/api/search", member.cookie)).toBe(401);
  });

  it("refuses a session signed out on one instance at its next request on the other", async () => {
    const member = await signUpMember(first, "male");
    expect(await onSecond("/api/profile", member.cookie)).toBe(200);
    const out = await first.request("/api/auth/sign-out", {
      method: "POST",
      cookie: member.cookie,
      json: {},
    });
    expect(out.status).toBe(200);
    expect(await onSecond("/api/profile", member.cookie)).toBe(401);
  });

  it("refuses an account deleted on one instance at its next request on the other", async () => {
    const member = await signUpMember(first, "male");
    expect(await onSecond("/api/profile", member.cookie)).toBe(200);
    const deleted = await first.request("/api/me/delete", {
      method: "POST",
      cookie: member.cookie,
      json: { password: MEMBER_PASSWORD },
    });
    expect(deleted.status).toBeLessThan(300);
    expect(await onSecond("/api/profile", member.cookie)).toBe(401);
  });

  it("refuses an administrator’s session revoked on one instance on the other’s admin API", async () => {
    const admin = await createAdmin(first);
    expect(await onSecond("/api/admin/dashboard", admin.cookie)).toBe(200);
    const out = await first.request("/api/auth/sign-out", { method: "POST", cookie: admin.cookie, json: {} });
    expect(out.status).toBe(200);
    expect(await onSecond("/api/admin/dashboard", admin.cookie)).toBe(401);
  });
});
