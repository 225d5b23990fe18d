// Calls inside a match (issue 38). The media never passes through the app (DTLS-SRTP between the
// two browsers, through coturn); a row holds who called whom, when it rang, was answered and ended,
// and the two session descriptions while the call is set up (erased when it ends). Nothing else.
import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { matches } from "./app.ts";
import { user } from "./auth.ts";

export const calls = pgTable(
  "calls",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    matchId: uuid("match_id")
      .notNull()
      .references(() => matches.id, { onDelete: "cascade" }),
    callerId: text("caller_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    calleeId: text("callee_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    video: boolean("video").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    ringExpiresAt: timestamp("ring_expires_at", { withTimezone: true }).notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** domain/calls.ts CALL_OUTCOMES; set when it ends. */
    outcome: text("outcome"),
    endedBy: text("ended_by"),
    /** Each side's last sign of life (its heartbeat): a call both pages left ends by itself. */
    callerSeenAt: timestamp("caller_seen_at", { withTimezone: true }).notNull().defaultNow(),
    calleeSeenAt: timestamp("callee_seen_at", { withTimezone: true }),
    offerSdp: text("offer_sdp"),
    answerSdp: text("answer_sdp"),
  },
  (t) => [
    // One call at a time per conversation: a second caller finds the first (glare, two tabs).
    uniqueIndex("calls_open_match_idx").on(t.matchId).where(sql`${t.endedAt} IS NULL`),
    index("calls_open_caller_idx").on(t.callerId).where(sql`${t.endedAt} IS NULL`),
    index("calls_open_callee_idx").on(t.calleeId).where(sql`${t.endedAt} IS NULL`),
    index("calls_match_created_idx").on(t.matchId, t.createdAt),
    check("calls_not_self", sql`${t.callerId} <> ${t.calleeId}`),
    check(
      "calls_outcome",
      sql`(${t.endedAt} IS NULL) = (${t.outcome} IS NULL)
        AND ${t.outcome} IN ('missed', 'declined', 'cancelled', 'ended', 'failed', 'ended_by_safety')`,
    ),
  ],
);
