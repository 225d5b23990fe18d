// Safe meetings (issue 40): links that show a match's card to a friend or a relative without an
// account, and check-ins; apart from the SPEC's tables in app.ts.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { matches } from "./app.ts";
import { user } from "./auth.ts";

/**
 * « Partager mon rendez-vous » and « Présenter à ma famille »: a link to a match's card. Only the
 * SHA-256 of its token is kept: the link is shown once, and a copy of the database opens nothing.
 * A « family » link may carry one private word from the relative, which only the owner reads.
 */
export const sharedCards = pgTable(
  "shared_cards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull().unique(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    matchId: uuid("match_id")
      .notNull()
      .references(() => matches.id, { onDelete: "cascade" }),
    /** The member whose card is shown (the owner's match). */
    memberId: text("member_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["date", "family"] }).notNull(),
    /** Family: who the link is for (« Maman »), as the owner wrote it. */
    relative: text("relative"),
    /** Date: what the owner chose to add. */
    place: text("place"),
    meetsAt: timestamp("meets_at", { withTimezone: true }),
    /** The IANA zone the owner gave the date in (her browser's): the page says the time as she meant it. */
    timeZone: text("time_zone"),
    travel: text("travel"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastViewedAt: timestamp("last_viewed_at", { withTimezone: true }),
    word: text("word"),
    wordAt: timestamp("word_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("shared_cards_owner_idx").on(t.ownerId, t.createdAt.desc()),
    index("shared_cards_member_idx").on(t.memberId),
    check("shared_cards_not_self", sql`${t.ownerId} <> ${t.memberId}`),
    check(
      "shared_cards_lengths",
      sql`coalesce(length(${t.relative}), 0) <= 40 AND coalesce(length(${t.place}), 0) <= 200
        AND coalesce(length(${t.travel}), 0) <= 300 AND coalesce(length(${t.word}), 0) <= 1000`,
    ),
    check("shared_cards_kind", sql`${t.kind} IN ('date', 'family')`),
    check("shared_cards_word_family", sql`${t.word} IS NULL OR ${t.kind} = 'family'`),
  ],
);

/**
 * Check-ins (issue 40): « Tout va bien » expected by `due_at`; when the member has not answered
 * `grace_minutes` later, the contacts she chose are alerted by e-mail (and push when they are
 * members). Not an emergency service, and the app says so.
 */
export const checkIns = pgTable(
  "check_ins",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The match she meets, if she chose one (for the alert's words). */
    matchId: uuid("match_id").references(() => matches.id, { onDelete: "set null" }),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    graceMinutes: integer("grace_minutes").notNull(),
    /** The member's IANA zone (her browser's): the alert tells the time as she set it. */
    timeZone: text("time_zone"),
    /** What she wants her contacts to know (where she will be). */
    note: text("note"),
    /** waiting → ok (« Tout va bien ») | alerted (missed) → cancelled (« Fausse alerte ») | withdrawn. */
    status: text("status", { enum: ["waiting", "ok", "alerted", "cancelled", "withdrawn"] })
      .notNull()
      .default("waiting"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    alertedAt: timestamp("alerted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("check_ins_owner_idx").on(t.ownerId, t.createdAt.desc()),
    // The sweep's two reads: the waiting ones by due time, the alerted ones.
    index("check_ins_waiting_idx").on(t.dueAt).where(sql`${t.status} = 'waiting'`),
    check("check_ins_status", sql`${t.status} IN ('waiting', 'ok', 'alerted', 'cancelled', 'withdrawn')`),
    check("check_ins_grace", sql`${t.graceMinutes} BETWEEN 5 AND 240`),
    check("check_ins_note", sql`coalesce(length(${t.note}), 0) <= 300`),
  ],
);

/** Who a check-in alerts: one to three people, by e-mail; when each was told, and told all is well. */
export const checkInContacts = pgTable(
  "check_in_contacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    checkInId: uuid("check_in_id")
      .notNull()
      .references(() => checkIns.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    alertedAt: timestamp("alerted_at", { withTimezone: true }),
    allClearAt: timestamp("all_clear_at", { withTimezone: true }),
  },
  (t) => [
    index("check_in_contacts_check_in_idx").on(t.checkInId),
    check("check_in_contacts_lengths", sql`length(${t.name}) BETWEEN 1 AND 60 AND length(${t.email}) <= 254`),
  ],
);

/** « Montrer mes photos »: a member whose photos are blurred shows them to one member (issue 40). */
export const photoReveals = pgTable(
  "photo_reveals",
  {
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    viewerId: text("viewer_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.viewerId] }), index("photo_reveals_viewer_idx").on(t.viewerId)],
);
