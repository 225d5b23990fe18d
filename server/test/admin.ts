// Test administrators: an account promoted to the admin role, signed in through /api/admin/login.
import { eq } from "drizzle-orm";
import { user } from "../platform/db/schema/index.ts";
import { sessionCookie, type TestApp } from "./harness.ts";

export { totpCode } from "./totp.ts";

export const ADMIN_PASSWORD = "mot de passe administrateur";

export async function createAdmin(t: TestApp): Promise<{ cookie: string; userId: string; email: string }> {
  const account = await t.createMember({ password: ADMIN_PASSWORD });
  await t.deps.database.db.update(user).set({ role: "admin" }).where(eq(user.id, account.userId));
  const res = await t.request("/api/admin/login", {
    method: "POST",
    json: { email: account.email, password: ADMIN_PASSWORD },
  });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${await res.text()}`);
  return { cookie: sessionCookie(res), userId: account.userId, email: account.email };
}

/**
 * Waits, if needed, until at least `marginMs` remain in the current 30-second TOTP period, so a test
 * that counts on a code being exactly one period old is not undone by the clock turning mid-test.
 */
export async function awayFromPeriodEdge(marginMs = 8_000): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
