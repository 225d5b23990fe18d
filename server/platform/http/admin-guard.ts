// Every /api/admin/* endpoint (but the login) runs behind this: a session of an account with the
// admin role, checked on the server for each request. The browser's « adminUser » record is only
// for display. Where administrators must use a second factor (always in production), one without
// TOTP reaches only what turning it on needs: who they are (GET /api/admin/me) — enrolment itself is
// Better Auth's /api/auth/two-factor/*.
import { MSG } from "@domain/messages.ts";
import { createMiddleware } from "hono/factory";
import type { PlatformDeps } from "../platform-deps.ts";
import type { AppEnv } from "./env.ts";
import { AppError, forbidden } from "./errors.ts";
import { authenticate } from "./session.ts";

export function requireAdmin(deps: Pick<PlatformDeps, "sessions" | "config">, { enrolment = false } = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = await authenticate(c, deps.sessions);
    if (user.role !== "admin") throw forbidden();
    if (deps.config.adminTotpRequired && !user.twoFactorEnabled && !enrolment)
      throw new AppError(403, "ADMIN_TOTP_REQUIRED", MSG.ADMIN_TOTP_REQUIRED);
    await next();
  });
}
