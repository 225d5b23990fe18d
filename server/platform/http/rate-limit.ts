// Fixed-window rate limits held in the database (the app's own attempt_counters table, each row with
// its own expiry: server/platform/db/schema/limits.ts), so that a limit holds across every API instance
// sharing a PostgreSQL server, and across restarts on the embedded database. One atomic upsert per
// counted request: no read-then-write race between instances.
import { MSG } from "@domain/messages.ts";
import { inArray, lt, sql } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import { type Db, queryRows } from "../db/client.ts";
import { int8 } from "../db/row-schemas.ts";
import { attemptCounters, usedTotpCodes } from "../db/schema/index.ts";
import type { AppEnv } from "./env.ts";
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
  const ends = now + limit.windowSeconds * 1000;
  // A window that has ended starts again at 1; otherwise the count goes up in the same window.
  const [row] = await queryRows(
    db,
    z.strictObject({ count: z.number().int(), ends: int8 }),
    sql`INSERT INTO attempt_counters (key, count, window_start, expires_at)
        VALUES (${key}, 1, ${now}, ${ends})
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN attempt_counters.expires_at <= ${now} THEN 1 ELSE attempt_counters.count + 1 END,
          window_start = CASE WHEN attempt_counters.expires_at <= ${now} THEN ${now}
                              ELSE attempt_counters.window_start END,
          expires_at = CASE WHEN attempt_counters.expires_at <= ${now} THEN ${ends}
                            ELSE attempt_counters.expires_at END
        RETURNING count, expires_at AS ends`,
  );
  const count = Number(row?.count ?? 1);
  return {
    allowed: count <= limit.max,
    count,
    retryAfter: Math.max(1, Math.ceil((Number(row?.ends ?? ends) - now) / 1000)),
  };
}

/** Gives one request back to each key's current window (an attempt that succeeded). */
export async function giveBack(db: Db, keys: string[]): Promise<void> {
  await db
    .update(attemptCounters)
    .set({ count: sql`GREATEST(${attemptCounters.count} - 1, 0)` })
    .where(inArray(attemptCounters.key, keys));
}

/**
 * Marks a TOTP code as used by an account until `seconds` from now; false if it already was. Atomic:
 * of two requests racing with one code, only one claims it.
 */
export async function claimTotpCode(
  db: Db,
  userId: string,
  code: string,
  seconds: number,
  now = Date.now(),
): Promise<boolean> {
  const rows = await queryRows(
    db,
    z.strictObject({ claimed: z.boolean() }),
    sql`INSERT INTO used_totp_codes (user_id, code, expires_at) VALUES (${userId}, ${code}, ${now + seconds * 1000})
        ON CONFLICT (user_id, code) DO UPDATE SET expires_at = excluded.expires_at
          WHERE used_totp_codes.expires_at <= ${now}
        RETURNING true AS claimed`,
  );
  return rows.length === 1;
}

/** Deletes the counters and used codes whose time is over (the daily purge job). */
export async function purgeExpiredLimits(db: Db, now = Date.now()): Promise<void> {
  await db.delete(attemptCounters).where(lt(attemptCounters.expiresAt, now));
  await db.delete(usedTotpCodes).where(lt(usedTotpCodes.expiresAt, now));
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
