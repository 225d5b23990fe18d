// Passerelle's own tables (SPEC §3) with the constraints and indexes of ARCHITECTURE.md.
import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

export const genderEnum = pgEnum("gender", ["male", "female"]);
export const accountStatusEnum = pgEnum("account_status", ["trial", "subscribed", "expired"]);
export const matchStatusEnum = pgEnum("match_status", ["accepted", "rejected"]);
export const subscriptionStatusEnum = pgEnum("subscription_status", ["active", "expired", "cancelled"]);

export const profiles = pgTable(
  "profiles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    gender: genderEnum("gender"),
    lookingFor: text("looking_for").notNull().default("Une relation sérieuse"),
    birthDate: date("birth_date", { mode: "string" }).notNull().default("2000-01-01"),
    country: text("country").notNull().default(""),
    phoneNumber: text("phone_number").notNull().default(""),
    bio: text("bio").notNull().default(""),
    occupation: text("occupation").notNull().default(""),
    education: text("education").notNull().default(""),
    languages: text("languages").array().notNull().default(sql`ARRAY['Français']::text[]`),
    interests: text("interests").array().notNull().default(sql`ARRAY['Rencontre']::text[]`),
    /** Ordered storage keys; the first is the main photo. */
    photos: text("photos").array().notNull().default(sql`ARRAY[]::text[]`),
    accountStatus: accountStatusEnum("account_status").notNull().default("trial"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Search: opposite gender, birth date range, subscribed first then newest.
    index("profiles_search_idx").on(t.gender, t.accountStatus, t.createdAt.desc(), t.birthDate),
    index("profiles_gender_birth_idx").on(t.gender, t.birthDate),
    index("profiles_interests_gin").using("gin", t.interests),
    check("profiles_photos_max", sql`coalesce(array_length(${t.photos}, 1), 0) <= 6`),
  ],
);

export const likes = pgTable(
  "likes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    likerId: text("liker_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    likedId: text("liked_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("likes_pair_uq").on(t.likerId, t.likedId),
    index("likes_liked_idx").on(t.likedId),
    check("likes_not_self", sql`${t.likerId} <> ${t.likedId}`),
  ],
);

export const matches = pgTable(
  "matches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user1Id: text("user1_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    user2Id: text("user2_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: matchStatusEnum("status").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One row per unordered pair, so "either order" is a single atomic upsert.
    uniqueIndex("matches_pair_uq").on(
      sql`least(${t.user1Id}, ${t.user2Id})`,
      sql`greatest(${t.user1Id}, ${t.user2Id})`,
    ),
    index("matches_user1_idx").on(t.user1Id, t.status),
    index("matches_user2_idx").on(t.user2Id, t.status),
    check("matches_not_self", sql`${t.user1Id} <> ${t.user2Id}`),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    matchId: uuid("match_id")
      .notNull()
      .references(() => matches.id, { onDelete: "cascade" }),
    senderId: text("sender_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    index("messages_match_created_idx").on(t.matchId, t.createdAt.desc()),
    check("messages_content_length", sql`char_length(${t.content}) between 1 and 2000`),
  ],
);

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    plan: text("plan").notNull(),
    status: subscriptionStatusEnum("status").notNull().default("active"),
    startDate: timestamp("start_date", { withTimezone: true }).notNull(),
    endDate: timestamp("end_date", { withTimezone: true }).notNull(),
    provider: text("provider").notNull(),
    /** The payment provider's reference; unique so webhook handling is idempotent. */
    providerRef: text("provider_ref").notNull().unique(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("EUR"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("subscriptions_user_idx").on(t.userId, t.endDate.desc()),
    check("subscriptions_period", sql`${t.endDate} > ${t.startDate}`),
  ],
);
