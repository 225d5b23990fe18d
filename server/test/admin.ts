// Test administrators: an account promoted to the admin role, signed in through /api/admin/login.
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { user } from "../platform/db/schema/index.ts";
import { sessionCookie, type TestApp } from "./harness.ts";

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

function base32Decode(input: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const ch of input.replace(/=+$/, "").toUpperCase())
    bits += alphabet.indexOf(ch).toString(2).padStart(5, "0");
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The current 6-digit TOTP code (RFC 6238, SHA-1, 30 s) of an otpauth:// URI, as an authenticator app computes it. */
export function totpCode(uri: string, at = Date.now()): string {
  const secret = new URL(uri).searchParams.get("secret");
  if (!secret) throw new Error(`no secret in ${uri}`);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const hmac = createHmac("sha1", base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  const code = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, "0");
}

/**
 * Waits, if needed, until at least `marginMs` remain in the current 30-second TOTP period, so a test
 * that counts on a code being exactly one period old is not undone by the clock turning mid-test.
 */
export async function awayFromPeriodEdge(marginMs = 8_000): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
