// What every response goes through, in the full app and in the starting one: request context
// (id, access log, metrics), security headers, and the JSON error convention — a database that
// cannot be reached, or a deadlock that outlasted its retries, answers 503 (the pool reconnects by
// itself), anything unexpected 500.
import { MSG } from "@domain/messages.ts";
import { Hono } from "hono";
import { causeChain, isTransientConflict } from "../db/conflicts.ts";
import type { Logger } from "../logger.ts";
import type { Metrics } from "../observability/metrics.ts";
import type { Config } from "../settings/config.ts";
import type { AppEnv } from "./env.ts";
import { AppError } from "./errors.ts";
import { requestContext } from "./request-context.ts";
import { securityHeadersMiddleware } from "./security-headers.ts";

/** PostgreSQL classes and Node codes of « the database is not there right now ». */
const UNAVAILABLE = /^(08|57P0[1-3]|53300)|^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND)$/;
const UNAVAILABLE_TEXT =
  /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  for (const { code, error } of causeChain(err)) {
    if (typeof code === "string" && UNAVAILABLE.test(code)) return true;
    if (error instanceof Error && UNAVAILABLE_TEXT.test(error.message)) return true;
  }
  return false;
}

/**
 * PostgreSQL refuses some text our validation lets through: a NUL character (22021) or one the
 * database encoding cannot hold (22P05). The statement failed as a whole, so nothing was written:
 * a 400, not a 500. Found by server/platform/http/fuzz.test.ts on the PostgreSQL server (PGlite stores NUL).
 */
function isRefusedCharacter(err: unknown): boolean {
  for (const { code } of causeChain(err)) if (code === "22021" || code === "22P05") return true;
  return false;
}

export function createBaseApp(config: Config, logger: Logger, metrics: Metrics | null) {
  const app = new Hono<AppEnv>();
  app.use("*", requestContext(config, logger, metrics));
  app.use("*", securityHeadersMiddleware(config));
  app.onError((err, c) => {
    const answer = (e: AppError) =>
      // Better Auth's routes answer `{ code, message }` (README); a refusal raised before them by
      // our own middleware (origin check, body limit) keeps that shape, so the auth client reads it.
      c.json(c.req.path.startsWith("/api/auth/") ? e.toBody().error : e.toBody(), e.status);
    if (err instanceof AppError) return answer(err);
    const log = c.get("log") ?? logger;
    if (isDatabaseUnavailable(err)) {
      log.warn({ err, method: c.req.method, path: c.req.path }, "database unavailable");
      c.header("Retry-After", "5");
      return answer(new AppError(503, "SERVICE_UNAVAILABLE", MSG.SERVICE_UNAVAILABLE));
    }
    if (isTransientConflict(err)) {
      // A deadlock or serialization failure that outlasted the transaction's retries (or met a
      // single statement): nothing was written; the client tries again in a moment.
      log.warn({ err, method: c.req.method, path: c.req.path }, "database conflict");
      c.header("Retry-After", "1");
      return answer(new AppError(503, "SERVICE_UNAVAILABLE", MSG.SERVICE_UNAVAILABLE));
    }
    if (isRefusedCharacter(err))
      return answer(new AppError(400, "INVALID_CHARACTERS", MSG.INVALID_CHARACTERS));
    log.error({ err, method: c.req.method, path: c.req.path }, "unhandled error");
    return answer(new AppError(500, "INTERNAL_ERROR", MSG.GENERIC));
  });
  app.notFound((c) => c.json({ error: { code: "NOT_FOUND", message: MSG.NOT_FOUND } }, 404));
  return app;
}
