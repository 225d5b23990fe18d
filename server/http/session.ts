import { createMiddleware } from "hono/factory";
import { presenceRecorder } from "../presence/presence.ts";
import { unauthenticated } from "./errors.ts";
import type { AppDeps, AppEnv } from "./types.ts";

/**
 * Requires a signed-in member; sets `user` and `session` on the context, and notes the member's
 * activity for presence (issue 17; throttled, never waited for).
 */
export function requireUser(deps: Pick<AppDeps, "auth" | "database" | "logger">) {
  const presence = presenceRecorder(deps.database.db, deps.logger);
  return createMiddleware<AppEnv>(async (c, next) => {
    const data = await deps.auth.api.getSession({ headers: c.req.raw.headers });
    if (!data || data.user.banned) throw unauthenticated();
    c.set("user", data.user);
    c.set("session", data.session);
    presence.touch(data.user.id);
    await next();
  });
}
