// Better Auth endpoints that check a password or a second factor, guarded before they run
// (issue 20): attempts limited per account and per address (server/platform/http/attempt-limits.ts), and a
// TOTP code accepted once only — a code seen on a shoulder or a screen cannot open a second session
// within its 30-second window. Applies whether the request came through /api/admin/login/verify or
// straight to /api/auth/*.
import { APIError, getSessionFromCtx } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { user } from "../db/schema/index.ts";
import { type AttemptKind, beginAttempt, clientAddress } from "../http/attempt-limits.ts";
import { claimTotpCode } from "../http/rate-limit.ts";
import { refuseAdminOutsideAdminSignIn } from "./admin-sign-in.ts";

const GUARDED: Record<string, AttemptKind> = {
  "/two-factor/verify-totp": "admin-second-step",
  "/two-factor/verify-backup-code": "admin-second-step",
  "/change-password": "password-change",
  "/change-email": "email-change",
  // Each checks the account's password (issue 33).
  "/two-factor/get-totp-uri": "two-factor-settings",
  "/two-factor/enable": "two-factor-settings",
  "/two-factor/disable": "two-factor-settings",
  "/two-factor/generate-backup-codes": "two-factor-settings",
};

/** The second-factor checks, whose `trustDevice` would skip the next ones for 30 days. */
const SECOND_STEPS = new Set([
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
  "/two-factor/verify-otp",
]);

/** A code stays refused for longer than the window Better Auth accepts it in (±1 period of 30 s). */
const TOTP_REUSE_WINDOW_SECONDS = 3 * 60;

export const TOTP_CODE_REUSED = "TOTP_CODE_REUSED";

// The minimal view of Better Auth's hook context these guards read.
type HookContext = Parameters<typeof getSessionFromCtx>[0] & {
  path: string;
  body?: unknown;
  request?: Request;
  headers?: Headers;
  context: {
    secret: string;
    returned?: unknown;
    createAuthCookie: (name: string) => { name: string };
    internalAdapter: { findVerificationValue: (id: string) => Promise<{ value: string } | null> };
  };
  getSignedCookie: (name: string, secret: string) => Promise<string | null | false>;
};

async function isAdmin(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ role: user.role }).from(user).where(eq(user.id, userId));
  return row?.role === "admin";
}

/** The account the request acts for: its session's, or the one halfway through signing in. */
async function accountOf(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie("two_factor");
  const pending = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!pending) return null;
  return (await ctx.context.internalAdapter.findVerificationValue(pending))?.value ?? null;
}

export function attemptHooks(db: Db) {
  // What to give back if the endpoint succeeds, per request.
  const pending = new WeakMap<Request, () => Promise<void>>();

  return {
    async before(ctx: HookContext): Promise<void> {
      const headers = ctx.request?.headers ?? ctx.headers ?? new Headers();
      if (ctx.path === "/sign-in/email") await refuseAdminOutsideAdminSignIn(db, headers, ctx.body);
      const kind = GUARDED[ctx.path];
      if (!kind && !SECOND_STEPS.has(ctx.path)) return;
      const account = await accountOf(ctx);
      const trustDevice = (ctx.body as { trustDevice?: unknown } | undefined)?.trustDevice;
      if (SECOND_STEPS.has(ctx.path) && trustDevice && account && (await isAdmin(db, account)))
        // An administrator gives the second factor at every sign-in (issue 33).
        throw new APIError("FORBIDDEN", {
          code: "ADMIN_TRUST_DEVICE_REFUSED",
          message: "administrators cannot trust a device",
        });
      if (!kind) return;
      const attempt = await beginAttempt(db, kind, { account, address: clientAddress(headers) });
      if (!attempt.allowed)
        throw new APIError(
          "TOO_MANY_REQUESTS",
          { code: "RATE_LIMITED", message: "rate limited" },
          { "Retry-After": String(attempt.retryAfter) },
        );
      if (ctx.request) pending.set(ctx.request, attempt.succeeded);

      const code = (ctx.body as { code?: unknown } | undefined)?.code;
      if (ctx.path === "/two-factor/verify-totp" && account && typeof code === "string") {
        // Claimed before Better Auth checks it, atomically: two requests racing with one code get
        // one answer each, and only the first can succeed.
        if (!(await claimTotpCode(db, account, code.trim(), TOTP_REUSE_WINDOW_SECONDS)))
          throw new APIError("UNAUTHORIZED", { code: TOTP_CODE_REUSED, message: "code already used" });
      }
    },

    async after(ctx: HookContext): Promise<void> {
      if (!GUARDED[ctx.path] || !ctx.request) return;
      const succeeded = pending.get(ctx.request);
      pending.delete(ctx.request);
      if (succeeded && !(ctx.context.returned instanceof APIError)) await succeeded();
    },
  };
}
