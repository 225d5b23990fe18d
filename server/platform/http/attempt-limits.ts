// Limits on the requests that check a password or a second factor (issue 20): per account and per
// client address, held in the database (server/platform/http/rate-limit.ts) so that they hold across
// instances and restarts. Every attempt is counted before the check runs — a burst sent at once
// cannot slip past while the first checks hash — and an attempt that succeeds is given back, so a
// member who signs in or changes a setting now and then never meets the limit; guessing does.
import { MSG } from "@domain/messages.ts";
import type { Context } from "hono";
import type { Db } from "../db/client.ts";
import { AppError } from "./errors.ts";
import { giveBack, hitRateLimit, type RateLimit } from "./rate-limit.ts";

const QUARTER_HOUR = 15 * 60;

/**
 * Attempts allowed per quarter of an hour: per account, and per client address (several accounts).
 * An e-mail change checks no password but sends a message each time: every one counts.
 */
export const ATTEMPT_LIMITS = {
  "admin-login": { account: 5, address: 20, giveBack: true },
  "admin-second-step": { account: 5, address: 20, giveBack: true },
  "account-deletion": { account: 5, address: 20, giveBack: true },
  "email-change": { account: 5, address: 20, giveBack: false },
  "password-change": { account: 5, address: 20, giveBack: true },
  "two-factor-settings": { account: 5, address: 20, giveBack: true },
} as const;

export type AttemptKind = keyof typeof ATTEMPT_LIMITS;

export type AttemptResult =
  | {
      allowed: true /** Gives the attempt back where the kind allows: call once it succeeded. */;
      succeeded: () => Promise<void>;
    }
  | { allowed: false /** Seconds until the fullest window ends. */; retryAfter: number };

/** The client address the API set in x-forwarded-for (server/app.ts): the first hop. */
export function clientAddress(headers: Headers): string {
  return headers.get("x-forwarded-for")?.split(",")[0]?.trim() || "unknown";
}

export const honoClientAddress = (c: Context) => clientAddress(c.req.raw.headers);

/** Counts one attempt of `kind` for the account (when known) and the address. */
export async function beginAttempt(
  db: Db,
  kind: AttemptKind,
  who: { account: string | null; address: string },
): Promise<AttemptResult> {
  const limits = ATTEMPT_LIMITS[kind];
  const counted: { key: string; limit: RateLimit }[] = [
    { key: `${kind}:address:${who.address}`, limit: { max: limits.address, windowSeconds: QUARTER_HOUR } },
  ];
  if (who.account !== null)
    counted.push({
      key: `${kind}:account:${who.account.toLowerCase()}`,
      limit: { max: limits.account, windowSeconds: QUARTER_HOUR },
    });
  const results = await Promise.all(counted.map(({ key, limit }) => hitRateLimit(db, key, limit)));
  const refused = results.filter((r) => !r.allowed);
  if (refused.length > 0)
    return { allowed: false, retryAfter: Math.max(...refused.map((r) => r.retryAfter)) };
  return {
    allowed: true,
    succeeded: async () => {
      if (!limits.giveBack) return;
      await giveBack(
        db,
        counted.map(({ key }) => key),
      );
    },
  };
}

/**
 * For the API's own routes: counts the attempt or refuses it (429 RATE_LIMITED, Retry-After).
 * Returns the function to call once the attempt succeeded.
 */
export async function attemptOrRefuse(
  c: Context,
  db: Db,
  kind: AttemptKind,
  account: string | null,
): Promise<() => Promise<void>> {
  const result = await beginAttempt(db, kind, { account, address: honoClientAddress(c) });
  if (!result.allowed) {
    c.header("Retry-After", String(result.retryAfter));
    throw new AppError(429, "RATE_LIMITED", MSG.RATE_LIMITED);
  }
  return result.succeeded;
}
