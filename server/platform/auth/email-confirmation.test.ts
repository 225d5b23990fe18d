// The e-mail confirmation link, followed from the mail the sign-up writes to the outbox: it lands on
// the SPA's /email-confirmed page, with ?error=… when it cannot be used (web/features/auth).
import { randomBytes } from "node:crypto";
import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect, it, vi } from "vitest";
import {
  BASE_URL,
  createTestApp,
  describeOnEngine,
  sessionCookie,
  type TestApp,
} from "../../test/harness.ts";
import { linkIn, waitForMail } from "../../test/mail.ts";
import { user } from "../db/schema/index.ts";

const HOUR = 3_600_000;

describeOnEngine("e-mail confirmation link", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const verified = async (email: string) =>
    (await t.deps.database.db.select().from(user).where(eq(user.email, email)))[0]?.emailVerified;

  /** The newest confirmation link mailed to `email` (older mails are removed as they are read). */
  async function confirmationLink(email: string): Promise<URL> {
    const mail = await waitForMail(t.dataDir, email, "Confirmez");
    const outbox = path.join(t.dataDir, "outbox");
    for (const f of await readdir(outbox)) if (f.includes(email)) await rm(path.join(outbox, f));
    return new URL(linkIn(mail.text));
  }

  /** Signs up the way the SPA does, asking for the link to land on /email-confirmed. */
  async function signUp() {
    const email = `confirmation-${randomBytes(4).toString("hex")}@exemple.fr`;
    const res = await t.request("/api/auth/sign-up/email", {
      method: "POST",
      json: {
        email,
        password: "motdepasse-solide",
        name: "",
        ageConfirmed: true,
        termsAccepted: true,
        callbackURL: "/email-confirmed",
      },
    });
    expect(res.status).toBe(200);
    return { email, link: await confirmationLink(email) };
  }

  const follow = (link: URL, cookie?: string) =>
    t.request(`${link.pathname}${link.search}`, { redirect: "manual", ...(cookie ? { cookie } : {}) });

  it("confirms the address, signs the member in and lands on /email-confirmed", async () => {
    const { email, link } = await signUp();
    expect(`${link.origin}${link.pathname}`).toBe(`${BASE_URL}/api/auth/verify-email`);
    expect(link.searchParams.get("callbackURL")).toBe("/email-confirmed");
    expect(await verified(email)).toBe(false);

    const res = await follow(link);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/email-confirmed");
    expect(await verified(email)).toBe(true);
    // The link signed the member in (another browser than the sign-up's, say).
    const session = (await (
      await t.request("/api/auth/get-session", { cookie: sessionCookie(res) })
    ).json()) as { user: { email: string; emailVerified: boolean } };
    expect(session.user).toMatchObject({ email, emailVerified: true });

    // Followed again later: the same page, no error.
    const again = await follow(link);
    expect(again.headers.get("location")).toBe("/email-confirmed");
  });

  it("sends an expired link to /email-confirmed?error=TOKEN_EXPIRED; a new one asked for there works", async () => {
    const { email, link } = await signUp();
    vi.useFakeTimers({ toFake: ["Date"] });
    let res: Response;
    try {
      vi.setSystemTime(Date.now() + 2 * HOUR);
      res = await follow(link);
    } finally {
      // Test files share their worker's modules and clock (isolate: false in vite.config.ts).
      vi.useRealTimers();
    }
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/email-confirmed?error=TOKEN_EXPIRED");
    expect(await verified(email)).toBe(false);

    // The page's form, signed out: the same neutral answer as for any address.
    const resend = await t.request("/api/auth/send-verification-email", {
      method: "POST",
      json: { email, callbackURL: "/email-confirmed" },
    });
    expect(resend.status).toBe(200);
    const unknown = await t.request("/api/auth/send-verification-email", {
      method: "POST",
      json: {
        email: `personne-${randomBytes(3).toString("hex")}@exemple.fr`,
        callbackURL: "/email-confirmed",
      },
    });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual(await resend.json());

    const fresh = await follow(await confirmationLink(email));
    expect(fresh.headers.get("location")).toBe("/email-confirmed");
    expect(await verified(email)).toBe(true);
  });

  it("lands the link re-sent by a sign-in before confirming on /email-confirmed too (issue 34)", async () => {
    const { email } = await signUp();
    // The login form sends no callbackURL (one would redirect every sign-in): the server picks it.
    const signIn = await t.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email, password: "motdepasse-solide" },
    });
    expect(signIn.status).toBe(403);
    const link = await confirmationLink(email);
    expect(link.searchParams.get("callbackURL")).toBe("/email-confirmed");
    const res = await follow(link);
    expect(res.headers.get("location")).toBe("/email-confirmed");
    expect(await verified(email)).toBe(true);
  });

  it("sends a tampered link to /email-confirmed?error=INVALID_TOKEN and confirms nothing", async () => {
    const { email, link } = await signUp();
    const token = link.searchParams.get("token") ?? "";
    link.searchParams.set("token", `${token.slice(0, -4)}AAAA`);
    const res = await follow(link);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/email-confirmed?error=INVALID_TOKEN");
    expect(await verified(email)).toBe(false);
  });
});
