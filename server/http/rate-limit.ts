// Fixed-window rate limits held in the database (the `rate_limit` table Better Auth already uses
// for sign-in and sign-up, under keys of our own prefixed `app:`), so that a limit holds across
// every API instance sharing a PostgreSQL server, and across restarts on the embedded database.
// One atomic upsert per counted request: no read-then-write race between instances.
import { randomUUID } from "node:crypto";
import { MSG } from "@domain/messages.ts";
import { sql } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import { type Db, queryRows } from "../db/client.ts";
import { int8 } from "../db/row-schemas.ts";
import type { AppEnv } from "../deps.ts";
import { AppError } from "./errors.ts";

export interface RateLimit {
  /** Requests allowed per window. */
  max: number;
  /** Window length in seconds. */
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  /** Seconds until the window ends (for Retry-After). */
  retryAfter: number;
}

/** Counts one request for `key` and says whether it is within the limit. */
export async function hitRateLimit(
  db: Db,
  key: string,
  limit: RateLimit,
  now = Date.now(),
): Promise<RateLimitResult> {
  const windowMs = limit.windowSeconds * 1000;
  const fullKey = `app:${key}`;
  // last_request holds the start of the current window for these keys.
  const [row] = await queryRows(
    db,
    // last_request is an int8: Number() below reads either driver's form.
    z.strictObject({ count: z.number().int(), started: int8 }),
    sql`INSERT INTO rate_limit (id, key, count, last_request)
        VALUES (${randomUUID()}, ${fullKey}, 1, ${now})
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limit.last_request <= ${now - windowMs} THEN 1 ELSE rate_limit.count + 1 END,
          last_request = CASE WHEN rate_limit.last_request <= ${now - windowMs} THEN ${now}
                              ELSE rate_limit.last_request END
        RETURNING count, last_request AS started`,
  );
  const count = Number(row?.count ?? 1);
  const started = Number(row?.started ?? now);
  return {
    allowed: count <= limit.max,
    count,
    retryAfter: Math.max(1, Math.ceil((started + windowMs - now) / 1000)),
  };
}

/** Middleware: limits a signed-in member's requests under `name`; refuses with 429 RATE_LIMITED. */
export function memberRateLimit(db: Db, name: string, limit: RateLimit): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const result = await hitRateLimit(db, `${name}:${c.get("user").id}`, limit);
    if (!result.allowed) {
      c.header("Retry-After", String(result.retryAfter));
      throw new AppError(429, "RATE_LIMITED", MSG.RATE_LIMITED);
    }
    await next();
  };
}
