// Notifications (issue 18): push subscriptions, each member's preferences, and the e-mail outbox.
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/** One browser or phone that accepted notifications (PushSubscription.toJSON()). */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Unique: a browser re-subscribing (or handed to another member) replaces its row. */
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);

/**
 * A member's notification preferences (domain/notifications.ts), absent until they first choose.
 * `email_rhythm` is a column of its own: the digests select members by it.
 */
export const notificationSettings = pgTable(
  "notification_settings",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    preferences: jsonb("preferences").notNull(),
    emailRhythm: text("email_rhythm").notNull().default("immediate"),
    /** E-mails told the member about everything before this instant (matches, messages). */
    emailCoveredUntil: timestamp("email_covered_until", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("notification_settings_digest_idx")
      .on(t.emailRhythm)
      .where(sql`${t.emailRhythm} IN ('daily', 'weekly')`),
  ],
);

/**
 * E-mails waiting to be sent, and sent ones for a week (then purged: they hold message excerpts).
 * Written in the same transaction that moves the member's `email_covered_until`; `dedupe_key`
 * (member, kind, period) makes a retried job write nothing twice.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    dedupeKey: text("dedupe_key").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    /** The one-click unsubscribe address (List-Unsubscribe, RFC 8058). */
    unsubscribeUrl: text("unsubscribe_url").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
  },
  (t) => [
    uniqueIndex("email_outbox_dedupe_idx").on(t.dedupeKey),
    index("email_outbox_pending_idx").on(t.createdAt).where(sql`${t.sentAt} IS NULL`),
    index("email_outbox_user_idx").on(t.userId),
  ],
);

/** Reminders already sent (« votre abonnement se termine dans 3 jours »), so each goes once. */
export const notificationLog = pgTable(
  "notification_log",
  {
    dedupeKey: text("dedupe_key").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notification_log_user_idx").on(t.userId)],
);
