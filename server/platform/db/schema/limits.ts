// The app's own counters and used second-factor codes (issue 33). They lived in Better Auth's
// rate_limit table, whose pruning deletes every row older than its longest window (60 s) whenever one
// of its keys rolls over: one anonymous failed sign-in wiped the upload limits and let a used TOTP
// code open a second admin session. Here each row carries its own expiry and is removed after it.
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/** Fixed-window counters (server/platform/http/rate-limit.ts): attempts, uploads, checkouts… per key. */
export const attemptCounters = pgTable(
  "attempt_counters",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    /** The window's start and end, in milliseconds since the epoch (the API's clock). */
    windowStart: bigint("window_start", { mode: "number" }).notNull(),
    expiresAt: bigint("expires_at", { mode: "number" }).notNull(),
  },
  (t) => [
    index("attempt_counters_expires_at_idx").on(t.expiresAt),
    check("attempt_counters_window", sql`${t.expiresAt} > ${t.windowStart}`),
  ],
);

/** TOTP codes already used per account, refused until they could no longer be accepted anyway. */
export const usedTotpCodes = pgTable(
  "used_totp_codes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    /** Milliseconds since the epoch (the API's clock). */
    expiresAt: bigint("expires_at", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.code] }),
    index("used_totp_codes_expires_at_idx").on(t.expiresAt),
  ],
);
