// The session of an API request, read at the cost of its work (issue 19): the cookie's signature
// checked with node:crypto, then one prepared statement that finds the session, its account and the
// member's profile together. Better Auth's getSession does the same checks through its generic
// adapter (two to three queries built afresh per request, WebCrypto, its endpoint machinery): six
// times the cost of the work, measured in bench/load.ts.
//
// Nothing is cached: every request reads the session row, so signing out, a ban, a password change
// or an account deletion (which delete or mark the rows) takes effect on the next request, on every
// instance (server/platform/auth/session-reader.test.ts). Better Auth stays the only writer: when a session
// is due for its daily extension, the request goes through getSession, which extends it as before.
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { profiles, session, user } from "../db/schema/index.ts";

const DAY = 60 * 60 * 24;
/** Sessions last 30 days; one used after a day is extended: members stay signed in while active. */
export const SESSION_EXPIRES_IN = 30 * DAY;
export const SESSION_UPDATE_AGE = DAY;

/**
 * What the reader uses of Better Auth (server/platform/auth/auth.ts's instance fits it): its cookies' names
 * and the session read that extends a session. Named here so that this module, which the request's
 * types depend on, does not import the instance's module (issue 35: no cycle).
 */
export interface SessionAuth {
  $context: Promise<{
    authCookies: { sessionToken: { name: string }; dontRememberToken: { name: string } };
  }>;
  api: { getSession(input: { headers: Headers }): Promise<unknown> };
}

/** What the routes use of the session and its account: fewer columns, less to parse per request. */
const sessionColumns = { id: session.id, userId: session.userId, expiresAt: session.expiresAt };
const userColumns = {
  id: user.id,
  email: user.email,
  emailVerified: user.emailVerified,
  role: user.role,
  banned: user.banned,
  twoFactorEnabled: user.twoFactorEnabled,
};
export type SessionRow = Pick<typeof session.$inferSelect, keyof typeof sessionColumns>;
export type UserRow = Pick<typeof user.$inferSelect, keyof typeof userColumns>;
export type ProfileRow = typeof profiles.$inferSelect;

export interface RequestSession {
  session: SessionRow;
  user: UserRow;
  /** The member's profile, null until it is first created (GET /api/profile). */
  profile: ProfileRow | null;
}

/** Better Auth's signed cookie value: `<token>.<base64 HMAC-SHA256 of the token>` (44 characters). */
const SIGNATURE_LENGTH = 44;

/** The value of the cookie `name` in a Cookie header, undecoded; null when absent. */
export function cookieValue(header: string, name: string): string | null {
  for (let start = 0; start < header.length; ) {
    let end = header.indexOf(";", start);
    if (end === -1) end = header.length;
    const eq = header.indexOf("=", start);
    if (eq !== -1 && eq < end && header.slice(start, eq).trim() === name)
      return header.slice(eq + 1, end).trim();
    start = end + 1;
  }
  return null;
}

/** The session token of a signed cookie value, or null if the signature is not ours. */
export function verifySignedToken(raw: string, secret: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const signature = value.slice(dot + 1);
  if (signature.length !== SIGNATURE_LENGTH || !signature.endsWith("=")) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(signature, "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** Whether Better Auth would extend this session now (its getSession's `shouldBeUpdated`). */
export function dueForExtension(expiresAt: Date, now = Date.now()): boolean {
  return expiresAt.getTime() - SESSION_EXPIRES_IN * 1000 + SESSION_UPDATE_AGE * 1000 <= now;
}

export function createSessionReader(auth: SessionAuth, db: Db, secret: string) {
  // Built and named once: on PostgreSQL each pooled connection parses and plans it once.
  const byToken = db
    .select({ session: sessionColumns, user: userColumns, profile: profiles })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(profiles, eq(profiles.userId, session.userId))
    .where(eq(session.token, sql.placeholder("token")))
    .limit(1)
    .prepare("request_session");
  let names: Promise<{ session: string; dontRemember: string }> | null = null;
  const cookieNames = () =>
    (names ??= auth.$context.then((ctx) => ({
      session: ctx.authCookies.sessionToken.name,
      dontRemember: ctx.authCookies.dontRememberToken.name,
    })));

  /**
   * The request's valid session with its account and profile, or null (no cookie, expired, unknown,
   * or the account banned: a banned member has no session anywhere).
   */
  return async function readSession(headers: Headers): Promise<RequestSession | null> {
    const cookies = headers.get("cookie");
    if (!cookies) return null;
    const name = await cookieNames();
    const raw = cookieValue(cookies, name.session);
    const token = raw && verifySignedToken(raw, secret);
    if (!token) return null;
    const [row] = (await byToken.execute({ token })) as RequestSession[];
    if (!row || row.user.banned || row.session.expiresAt.getTime() <= Date.now()) return null;
    // Once a day per session: Better Auth extends it (members stay signed in while active), unless
    // the member asked not to be remembered.
    if (dueForExtension(row.session.expiresAt) && !cookieValue(cookies, name.dontRemember)) {
      const extended = await auth.api.getSession({ headers });
      if (!extended) return null;
    }
    return row;
  };
}

export type SessionReader = ReturnType<typeof createSessionReader>;
