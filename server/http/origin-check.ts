// Cross-site request forgery: a request that changes something must come from our own pages. The
// browser says where a request comes from (Origin, or Sec-Fetch-Site); anything else is refused,
// on every endpoint, not only the ones Better Auth guards. Stripe's webhook is signed instead.
import { createMiddleware } from "hono/factory";
import type { Config } from "../config.ts";
import { AppError } from "./errors.ts";
import type { AppEnv } from "./types.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);
const EXEMPT = new Set(["/api/payments/stripe/webhook"]);

export function requireSameOrigin(config: Config) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE.has(c.req.method) || EXEMPT.has(c.req.path)) return next();
    const origin = c.req.header("origin");
    const ok = origin ? origin === config.publicBaseUrl : c.req.header("sec-fetch-site") === "same-origin";
    if (!ok) throw new AppError(403, "CSRF_REJECTED", "Origine de la requête non autorisée");
    await next();
  });
}
