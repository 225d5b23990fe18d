// Every /api/admin/* endpoint (but the login) runs behind this: a session of an account with the
// admin role, checked on the server for each request. The browser's « adminUser » record is only
// for display.
import { createMiddleware } from "hono/factory";
import { forbidden, unauthenticated } from "./errors.ts";
import type { AppDeps, AppEnv } from "./types.ts";

export function requireAdmin(deps: Pick<AppDeps, "sessions">) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const data = await deps.sessions(c.req.raw.headers);
    if (!data || data.user.banned) throw unauthenticated();
    if (data.user.role !== "admin") throw forbidden();
    c.set("user", data.user);
    c.set("session", data.session);
    c.set("ownProfile", data.profile);
    await next();
  });
}
