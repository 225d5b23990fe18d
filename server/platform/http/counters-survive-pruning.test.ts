// Issue 33, finding 2: the app kept its own counters and used TOTP codes in Better Auth's rate_limit
// table, and Better Auth, whenever one of its keys rolls over, deletes every row of that table older
// than its longest window (60 s). One anonymous failed sign-in, 62 s after a member met the upload
// limit, let the next upload through; one after an administrator used a TOTP code let the same code
// open a second admin session. The app's counters and used codes now live in tables of their own.
// The clock is moved with Vitest's fake Date (timers stay real): the test waits for nothing.
import { lt } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect, it, vi } from "vitest";
import { ADMIN_PASSWORD, createAdmin, totpCode } from "../../test/admin.ts";
import { createTestApp, describeEachEngine, sessionCookie, type TestApp } from "../../test/harness.ts";
import { rateLimit } from "../db/schema/index.ts";

const PERIOD = 30_000;

describeEachEngine("app counters outlive Better Auth’s pruning", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { UPLOADS_PER_HOUR: "1" });
  });
  afterAll(() => t?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A wrong password for an address nobody has: what an anonymous visitor can send. */
  const failedSignIn = () =>
    t.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email: "personne@exemple.fr", password: "pas le bon" },
    });

  /**
   * Rolls one of Better Auth's keys over at the fake clock's `now`: a failed sign-in counted a minute
   * ago, another one now. Better Auth then prunes its table in the background; this waits until its
   * rows older than the window are gone, so the next request sees what it left.
   */
  async function rollBetterAuthKeyOver(now: number) {
    vi.setSystemTime(now - 62_000);
    expect((await failedSignIn()).status).toBe(401);
    vi.setSystemTime(now);
    expect((await failedSignIn()).status).toBe(401);
    const cutoff = now - 60_000;
    await vi.waitFor(
      async () => {
        expect(await t.deps.database.db.$count(rateLimit, lt(rateLimit.lastRequest, cutoff))).toBe(0);
      },
      { timeout: 30_000, interval: 50 },
    );
  }

  it("a member over the upload limit stays over it after the pruning", async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const member = await t.createMember();
    // Every upload request counts, even one without a file: the limit is one per hour here.
    const upload = () =>
      t.request("/api/profile/photos", { method: "POST", cookie: member.cookie, body: new FormData() });
    expect((await upload()).status).toBe(400);
    expect((await upload()).status).toBe(429);

    await rollBetterAuthKeyOver(start + 62_000);
    const after = await upload();
    expect(after.status).toBe(429);
    expect(Number(after.headers.get("retry-after"))).toBeGreaterThan(3_400);
  });

  it("a TOTP code that opened an admin session does not open another after the pruning", async () => {
    const admin = await createAdmin(t);
    const enable = await t.request("/api/auth/two-factor/enable", {
      method: "POST",
      cookie: admin.cookie,
      json: { password: ADMIN_PASSWORD },
    });
    const { totpURI } = (await enable.json()) as { totpURI: string };
    // One second into a period: the next period's code is accepted now and still 62 s later.
    const start = Math.floor(Date.now() / PERIOD) * PERIOD + PERIOD + 1_000;
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const confirm = await t.request("/api/auth/two-factor/verify-totp", {
      method: "POST",
      cookie: admin.cookie,
      json: { code: totpCode(totpURI, start - PERIOD) },
    });
    expect(confirm.status).toBe(200);

    const signIn = async (code: string) => {
      const step = await t.request("/api/admin/login", {
        method: "POST",
        json: { email: admin.email, password: ADMIN_PASSWORD },
      });
      expect(step.status).toBe(200);
      return t.request("/api/admin/login/verify", {
        method: "POST",
        cookie: sessionCookie(step),
        json: { code },
      });
    };
    const code = totpCode(totpURI, start + PERIOD);
    expect((await signIn(code)).status).toBe(200);

    await rollBetterAuthKeyOver(start + 62_000);
    const replay = await signIn(code);
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { error: { code: string } }).error.code).toBe("TOTP_CODE_REUSED");
  });
});
