import { createMiddleware } from "hono/factory";
import { unauthenticated } from "./errors.ts";
import type { AppDeps, AppEnv } from "./types.ts";

/** Requires a signed-in member; sets `user` and `session` on the context. */
export function requireUser(deps: Pick<AppDeps, "auth">) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const data = await deps.auth.api.getSession({ headers: c.req.raw.headers });
    if (!data || data.user.banned) throw unauthenticated();
    c.set("user", data.user);
    c.set("session", data.session);
    await next();
  });
}
