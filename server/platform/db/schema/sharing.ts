// Safe meetings (issue 40): links that show a match's card to a friend or a relative without an
// account, apart from the SPEC's tables in app.ts.
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
