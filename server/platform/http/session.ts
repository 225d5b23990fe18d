import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { PlatformDeps } from "../platform-deps.ts";
import { presenceRecorder } from "../presence/presence.ts";
import type { AppEnv } from "./env.ts";
import { unauthenticated } from "./errors.ts";

/**
 * Reads the request's session (one statement: server/platform/auth/session-reader.ts) and sets `user`,
 * `session` and `ownProfile` on the context; refuses the request without one. Returns the account.
 */
export async function authenticate(
  c: Context<AppEnv>,
  sessions: PlatformDeps["sessions"],
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
export function requireUser(deps: Pick<PlatformDeps, "sessions" | "database" | "logger">) {
  const presence = presenceRecorder(deps.database.db, deps.logger);
  return createMiddleware<AppEnv>(async (c, next) => {
    // Sub-apps mounted under one another (/api/profile, /api/profile/photos, /api/profile/visits)
    // each require a member: the session is read once per request.
    const user = c.get("user") ?? (await authenticate(c, deps.sessions));
    presence.touch(user.id);
    await next();
  });
}
