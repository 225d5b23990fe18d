// Cross-site request forgery: a request that changes something must come from our own pages. The
// browser says where a request comes from (Origin, or Sec-Fetch-Site); anything else is refused,
// on every endpoint, not only the ones Better Auth guards. Payment providers' notification routes,
// which the providers declare (server/features/billing/providers/provider.ts), are signed instead.
// A refusal says why, to the member (a French message naming the address to open) and in the log.
import { createMiddleware } from "hono/factory";
import type { Config } from "../settings/config.ts";
import type { AppEnv } from "./env.ts";
import { AppError } from "./errors.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/** The French refusal: which address the page was opened at, and the one to open instead. */
export function originRefusal(origin: string | undefined, expected: string): string {
  return origin
    ? `Requête refusée : cette page est ouverte à l’adresse ${origin}, que Passerelle ne reconnaît pas. Ouvrez Passerelle à l’adresse ${expected}.`
    : `Requête refusée : elle ne vient pas d’une page de Passerelle. Ouvrez Passerelle à l’adresse ${expected}.`;
}

/** `signedPaths`: exact paths that authenticate their caller otherwise (a provider's signature). */
export function requireSameOrigin(config: Config, signedPaths: readonly string[] = []) {
  const trusted = new Set(config.trustedOrigins);
  const exempt = new Set(signedPaths);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE.has(c.req.method) || exempt.has(c.req.path)) return next();
    const origin = c.req.header("origin");
    const ok = origin ? trusted.has(origin) : c.req.header("sec-fetch-site") === "same-origin";
    if (!ok) {
      c.get("log")?.warn(
        {
          origin: origin ?? null,
          secFetchSite: c.req.header("sec-fetch-site") ?? null,
          trusted: [...trusted],
        },
        `request refused by the origin check: ${origin ?? "no Origin header"} is not ${config.publicBaseUrl} (PUBLIC_BASE_URL)`,
      );
      throw new AppError(403, "CSRF_REJECTED", originRefusal(origin, config.publicBaseUrl));
    }
    await next();
  });
}
