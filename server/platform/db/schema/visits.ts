// « Qui a vu mon profil » (issue 17), apart from the SPEC's tables in app.ts.
import { index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/**
 * « Qui a vu mon profil » (issue 17): one row per visitor and visited member, with the last visit;
 * not written for a member who browses invisibly.
 */
export const profileVisits = pgTable(
  "profile_visits",
  {
    viewedId: text("viewed_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    viewerId: text("viewer_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    visitedAt: timestamp("visited_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.viewedId, t.viewerId] }),
    index("profile_visits_viewed_idx").on(t.viewedId, t.visitedAt.desc()),
    // The visits a member made, erased with their account (the foreign key's cascade).
    index("profile_visits_viewer_idx").on(t.viewerId),
  ],
);
