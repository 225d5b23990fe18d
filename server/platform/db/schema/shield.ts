// Bouclier, the scam shield (issue 36, docs/decisions/0050-scam-shield.md): signals recorded against
// an account, the account's standing, the fingerprints of its longer messages, and the settings.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { messages } from "./app.ts";
import { user } from "./auth.ts";

/** One signal that fired, with its weight when it fired and what it saw (French, for moderators). */
export const shieldSignals = pgTable(
  "shield_signals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    weight: real("weight").notNull(),
    detail: text("detail").notNull().default(""),
    messageId: uuid("message_id").references(() => messages.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("shield_signals_user_idx").on(t.userId, t.createdAt.desc()),
    // A message's deletion sets its signals' message_id to null: found through this index.
    index("shield_signals_message_idx").on(t.messageId),
  ],
);

/** An account the shield has scored: its score, its standing and the moderator's decision. */
export const shieldAccounts = pgTable(
  "shield_accounts",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    score: real("score").notNull().default(0),
    status: text("status").notNull().default("clear"),
    heldAt: timestamp("held_at", { withTimezone: true }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    appeal: text("appeal"),
    appealedAt: timestamp("appealed_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("shield_accounts_queue_idx").on(t.heldAt).where(sql`${t.status} IN ('hold', 'verify')`),
    check("shield_accounts_status", sql`${t.status} IN ('clear', 'hold', 'released', 'verify')`),
  ],
);

/** SimHash of a sender's longer messages, to see the same text sent to many members. */
export const messageFingerprints = pgTable(
  "message_fingerprints",
  {
    messageId: uuid("message_id")
      .primaryKey()
      .references(() => messages.id, { onDelete: "cascade" }),
    senderId: text("sender_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    recipientId: text("recipient_id").notNull(),
    simhash: bigint("simhash", { mode: "bigint" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("message_fingerprints_sender_idx").on(t.senderId, t.createdAt)],
);

/** The administrators' thresholds and weights: one row (id 1), validated by shieldSettingsSchema. */
export const shieldSettings = pgTable(
  "shield_settings",
  {
    id: integer("id").primaryKey().default(1),
    settings: jsonb("settings").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [check("shield_settings_one_row", sql`${t.id} = 1`)],
);

/**
 * The countries a member writes from, a row per day and country (the IP address itself is not kept):
 * a declared country of residence that the connections persistently contradict is a signal.
 */
export const memberConnections = pgTable(
  "member_connections",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    day: date("day", {
      mode: "string",
    }).notNull() /** ISO 3166-1 alpha-2, from the offline IP-to-country database. */,
    country: text("country").notNull(),
    /** Some of that day's connections came through a hosting or VPN network. */
    hosting: boolean("hosting").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day, t.country] }),
    check("member_connections_country", sql`${t.country} ~ '^[A-Z]{2}$'`),
  ],
);
