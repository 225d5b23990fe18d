import { createMiddleware } from "hono/factory";
import { presenceRecorder } from "../presence/presence.ts";
import { unauthenticated } from "./errors.ts";
import type { AppDeps, AppEnv } from "./types.ts";

/**
 * Requires a signed-in member; sets `user`, `session` and `ownProfile` on the context (one read:
 * server/auth/session-reader.ts), and notes the member's activity for presence (issue 17;
 * throttled, never waited for).
 */
export function requireUser(deps: Pick<AppDeps, "sessions" | "database" | "logger">) {
  const presence = presenceRecorder(deps.database.db, deps.logger);
  return createMiddleware<AppEnv>(async (c, next) => {
    const data = await deps.sessions(c.req.raw.headers);
    if (!data || data.user.banned) throw unauthenticated();
    c.set("user", data.user);
    c.set("session", data.session);
    c.set("ownProfile", data.profile);
    presence.touch(data.user.id);
    await next();
  });
}
