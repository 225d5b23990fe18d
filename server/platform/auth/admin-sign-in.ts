// Administrators sign in through /api/admin/login only (issue 33, finding 3): that route counts
// every attempt per account and per address, audits the session and needs the second factor. Better
// Auth's own /sign-in/email, which the member sign-in page uses, had only its per-address limit (5
// a minute): after /api/admin/login answered 429 for an administrator, it still tested passwords
// for that address and confirmed the right one. It now refuses administrators without checking the
// password, with the answer a wrong password gets, so it tells nothing about who is one.
// The admin route's own call to /sign-in/email carries a mark only this process knows.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { APIError } from "better-auth/api";
import { verifyPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { user } from "../db/schema/index.ts";

const MARK_HEADER = "x-passerelle-admin-sign-in";
/** Never leaves the process: an incoming request cannot carry it. */
const MARK = randomBytes(32);

/** A hash in Better Auth's format: checking a password against it takes as long as a real check. */
export const DUMMY_PASSWORD_HASH = `${"0".repeat(32)}:${"0".repeat(128)}`;

/** Marks a request built by /api/admin/login for Better Auth's /sign-in/email. */
export function markAdminSignIn(headers: Headers): void {
  headers.set(MARK_HEADER, MARK.toString("hex"));
}

function isAdminSignIn(headers: Headers): boolean {
  const value = Buffer.from(headers.get(MARK_HEADER) ?? "", "utf8");
  const expected = Buffer.from(MARK.toString("hex"), "utf8");
  return value.length === expected.length && timingSafeEqual(value, expected);
}

/** Better Auth's answer to a wrong password, word for word. */
const invalidCredentials = () =>
  new APIError("UNAUTHORIZED", { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" });

/** Refuses an administrator's address on /sign-in/email unless /api/admin/login is asking. */
export async function refuseAdminOutsideAdminSignIn(db: Db, headers: Headers, body: unknown): Promise<void> {
  if (isAdminSignIn(headers)) return;
  const email = (body as { email?: unknown } | undefined)?.email;
  if (typeof email !== "string") return;
  const [row] = await db
    .select({ role: user.role })
    .from(user)
    // Better Auth keeps addresses in lower case, and looks them up so.
    .where(eq(user.email, email.trim().toLowerCase()));
  if (row?.role !== "admin") return;
  const password = (body as { password?: unknown }).password;
  await verifyPassword({ hash: DUMMY_PASSWORD_HASH, password: String(password ?? "") }).catch(() => false);
  throw invalidCredentials();
}
