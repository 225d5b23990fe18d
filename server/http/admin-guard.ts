// Every /api/admin/* endpoint (but the login) runs behind this: a session of an account with the
// admin role, checked on the server for each request. The browser's « adminUser » record is only
// for display.
import { createMiddleware } from "hono/factory";
import { forbidden } from "./errors.ts";
import { authenticate } from "./session.ts";
import type { AppDeps, AppEnv } from "./types.ts";

export function requireAdmin(deps: Pick<AppDeps, "sessions">) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = await authenticate(c, deps.sessions);
    if (user.role !== "admin") throw forbidden();
    await next();
  });
}
