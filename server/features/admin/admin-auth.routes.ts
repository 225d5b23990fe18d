// The administration's own sign-in (SPEC §7 admin_login): e-mail and password checked by Better
// Auth, through its HTTP handler so that its rate limits and two-factor step apply; only accounts
// with the admin role get a session. Any failure reads the same (« Adresse e-mail ou mot de passe
// incorrect »), whether the account is unknown, a member or the password wrong.
import type { AdminLoginResult, AdminRecord } from "@domain/admin.ts";
import { emailSchema } from "@domain/auth.ts";
import { MSG } from "@domain/messages.ts";
import { verifyPassword } from "better-auth/crypto";
import { and, eq, not } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { audit } from "../../platform/admin/audit.ts";
import { DUMMY_PASSWORD_HASH, markAdminSignIn } from "../../platform/auth/admin-sign-in.ts";
import { authRefusal } from "../../platform/auth/french-errors.ts";
import type { Db } from "../../platform/db/client.ts";
import { user } from "../../platform/db/schema/index.ts";
import { attemptOrRefuse } from "../../platform/http/attempt-limits.ts";
import { AppError } from "../../platform/http/errors.ts";
import { jsonBody } from "../../platform/http/validate.ts";
import type { Config } from "../../platform/settings/config.ts";

const loginSchema = z.strictObject({
  email: emailSchema,
  password: z
    .string({ error: MSG.INVALID_CREDENTIALS })
    .min(1, MSG.INVALID_CREDENTIALS)
    .max(128, MSG.INVALID_CREDENTIALS),
});
/** A 6-digit code from the authenticator app, or one of the backup codes (« abcde-12345 »). */
const TOTP_CODE = /^\d{6}$/;
const BACKUP_CODE = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;
const codeSchema = z.strictObject({
  code: z
    .string({ error: "Code de vérification incorrect" })
    .trim()
    .refine(
      (code) => TOTP_CODE.test(code) || BACKUP_CODE.test(code),
      "Saisissez le code à 6 chiffres de votre application, ou l’un de vos codes de secours",
    ),
});

/** Backup codes are stored with their hyphen; one typed without it is accepted too. */
const backupCode = (code: string) => (code.includes("-") ? code : `${code.slice(0, 5)}-${code.slice(5)}`);

const invalidCredentials = () => new AppError(401, "INVALID_CREDENTIALS", MSG.INVALID_CREDENTIALS);

export async function adminRecord(
  db: Db,
  userId: string,
  config: Pick<Config, "adminTotpRequired">,
): Promise<AdminRecord | null> {
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      twoFactorEnabled: user.twoFactorEnabled,
    })
    .from(user)
    .where(and(eq(user.id, userId), eq(user.role, "admin"), not(user.banned)));
  return row ? { ...row, role: "admin", twoFactorRequired: config.adminTotpRequired } : null;
}

/**
 * A Cookie header without Better Auth's « trust this device » cookie: an administrator gives the
 * second factor at every sign-in (issue 33), even on a device trusted before that rule.
 */
function withoutTrustedDevice(cookie: string): string {
  return cookie
    .split(";")
    .filter((pair) => !pair.split("=")[0]!.trim().endsWith("trust_device"))
    .join(";");
}

/** Calls a Better Auth endpoint as the browser would (same client address, same cookies). */
function authCall(deps: AppDeps, c: Context<AppEnv>, path: string, body: unknown): Promise<Response> {
  const headers = new Headers({ "content-type": "application/json", origin: deps.config.publicBaseUrl });
  for (const name of ["cookie", "x-forwarded-for", "user-agent"]) {
    const value = c.req.header(name);
    if (value) headers.set(name, name === "cookie" ? withoutTrustedDevice(value) : value);
  }
  // The one sign-in of an administrator Better Auth accepts (server/platform/auth/admin-sign-in.ts).
  if (path === "/sign-in/email") markAdminSignIn(headers);
  return deps.auth.handler(
    new Request(`${deps.config.publicBaseUrl}/api/auth${path}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    }),
  );
}

/** Our answer will carry Better Auth's cookies (session, two-factor step). */
function passCookies(c: Context<AppEnv>, from: Response): void {
  for (const cookie of from.headers.getSetCookie()) c.header("set-cookie", cookie, { append: true });
}

/** Better Auth's refusal as ours; a 429 keeps the wait Better Auth asks for. */
async function refusal(c: Context<AppEnv>, res: Response): Promise<AppError> {
  const wait = res.headers.get("x-retry-after") ?? res.headers.get("retry-after");
  if (res.status === 429 && wait) c.header("Retry-After", wait);
  return authRefusal(res);
}

export function adminAuthRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return new Hono<AppEnv>()
    .post("/login", jsonBody(loginSchema), async (c) => {
      const input = c.req.valid("json");
      // Counted for any address typed, admin or not, so that the limit says nothing about who is one.
      const succeeded = await attemptOrRefuse(c, db, "admin-login", input.email);
      const [account] = await db.select({ role: user.role }).from(user).where(eq(user.email, input.email));
      if (account?.role !== "admin") {
        // Spends the time of a real password check, so that refusing a non-admin takes as long.
        await verifyPassword({ hash: DUMMY_PASSWORD_HASH, password: input.password }).catch(() => false);
        throw invalidCredentials();
      }
      const res = await authCall(deps, c, "/sign-in/email", { email: input.email, password: input.password });
      if (res.status === 429) throw await refusal(c, res);
      if (!res.ok) throw invalidCredentials();
      const body = (await res.json()) as { twoFactorRedirect?: boolean; user?: { id: string } };
      await succeeded();
      if (body.twoFactorRedirect) {
        passCookies(c, res);
        return c.json<AdminLoginResult>({ status: "two-factor-required" });
      }
      const admin = body.user ? await adminRecord(db, body.user.id, deps.config) : null;
      if (!admin) throw invalidCredentials();
      await audit(db, admin, "admin.login", { type: "user", id: admin.id }, "Connexion à l’administration");
      passCookies(c, res);
      return c.json<AdminLoginResult>({ status: "ok", admin });
    })
    .post("/login/verify", jsonBody(codeSchema), async (c) => {
      const { code } = c.req.valid("json");
      const totp = TOTP_CODE.test(code);
      // A backup code works once: Better Auth removes it when it is used.
      const res = totp
        ? await authCall(deps, c, "/two-factor/verify-totp", { code })
        : await authCall(deps, c, "/two-factor/verify-backup-code", { code: backupCode(code) });
      if (!res.ok) throw await refusal(c, res);
      const body = (await res.json()) as { user?: { id: string } };
      const admin = body.user ? await adminRecord(db, body.user.id, deps.config) : null;
      if (!admin) throw invalidCredentials();
      await audit(
        db,
        admin,
        "admin.login",
        { type: "user", id: admin.id },
        totp
          ? "Connexion à l’administration (double authentification)"
          : "Connexion à l’administration (code de secours)",
      );
      passCookies(c, res);
      return c.json<AdminLoginResult>({ status: "ok", admin });
    })
    .post("/logout", async (c) => {
      passCookies(c, await authCall(deps, c, "/sign-out", {}));
      return c.body(null, 204);
    });
}
