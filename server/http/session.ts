import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppDeps, AppEnv } from "../deps.ts";
import { presenceRecorder } from "../presence/presence.ts";
import { unauthenticated } from "./errors.ts";

/**
 * Reads the request's session (one statement: server/auth/session-reader.ts) and sets `user`,
 * `session` and `ownProfile` on the context; refuses the request without one. Returns the account.
 */
export async function authenticate(
  c: Context<AppEnv>,
  sessions: AppDeps["sessions"],
): Promise<AppEnv["Variables"]["user"]> {
  const data = await sessions(c.req.raw.headers);
  if (!data) throw unauthenticated();
  c.set("user", data.user);
  c.set("session", data.session);
  c.set("ownProfile", data.profile);
  return data.user;
}

/**
 * Requires a signed-in member, and notes the member's activity for presence (issue 17; throttled,
 * never waited for).
 */
export function requireUser(deps: Pick<AppDeps, "sessions" | "database" | "logger">) {
  const presence = presenceRecorder(deps.database.db, deps.logger);
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = await authenticate(c, deps.sessions);
    presence.touch(user.id);
    await next();
  });
}
