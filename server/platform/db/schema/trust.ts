// Trust and safety tables of issue 16 (docs/decisions/0013-verified-profiles.md): selfie
// verification (challenges, attempts, the kept face descriptor) and photo screening (hashes, holds).
import { sql } from "drizzle-orm";
import { check, customType, index, integer, pgTable, real, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/** Gestures drawn for one verification attempt; used once, within minutes. */
export const verificationChallenges = pgTable(
  "verification_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    gestures: text("gestures").array().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("verification_challenges_user_idx").on(t.userId, t.createdAt.desc())],
);

/**
 * One verification attempt and its outcome: verified, refused (with the reason), or in review by an
 * administrator — only then are a selfie frame and the face descriptor kept, until decided.
 */
export const verifications = pgTable(
  "verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    outcome: text("outcome").notNull(),
    reason: text("reason"),
    likeness: real("likeness"),
    /** In review only: one selfie frame (JPEG) and the descriptor; erased once decided. */
    selfie: bytea("selfie"),
    descriptor: real("descriptor").array(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by"),
  },
  (t) => [
    index("verifications_user_idx").on(t.userId, t.createdAt.desc()),
    index("verifications_review_idx").on(t.createdAt).where(sql`${t.outcome} = 'review'`),
    check("verifications_outcome", sql`${t.outcome} IN ('verified', 'review', 'refused')`),
  ],
);

/** The verified face's descriptor, kept only while the badge is valid (re-checks on photo change). */
export const faceDescriptors = pgTable("face_descriptors", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  descriptor: real("descriptor").array().notNull(),
  verifiedAt: timestamp("verified_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A photo's perceptual hash (64 bits, sharp-phash), to find the same photo on another account — the
 * stolen-photo pattern of scam accounts (issue 16). Kept while the photo is on the profile.
 */
export const photoHashes = pgTable(
  "photo_hashes",
  {
    photoKey: text("photo_key").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** 64 characters of 0 and 1, as sharp-phash gives it; compared with bit_count(a # b). */
    hash: text("hash").notNull(),
    /**
     * The hash cut in eight bytes, each tagged with its place (place × 256 + byte), under a GIN index:
     * two hashes at most 7 bits apart share at least one byte, so the near ones are found through
     * the index and only they are compared bit by bit (moderation.service.ts, nearestPhoto).
     */
    bands: integer("bands").array().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("photo_hashes_user_idx").on(t.userId),
    index("photo_hashes_bands_idx").using("gin", t.bands).with({ fastupdate: false }),
    check("photo_hashes_hash", sql`${t.hash} ~ '^[01]{64}$'`),
  ],
);

/** A photo held from public view until an administrator decides (« Photos à vérifier »). */
export const photoReviews = pgTable(
  "photo_reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    photoKey: text("photo_key").notNull(),
    /** suggestive (the nudity model's doubt) or reused (the same photo on another account). */
    reason: text("reason").notNull(),
    score: real("score"),
    matchedUserId: text("matched_user_id").references(() => user.id, { onDelete: "set null" }),
    matchedKey: text("matched_key"),
    status: text("status").notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by"),
  },
  (t) => [
    index("photo_reviews_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index("photo_reviews_key_idx").on(t.photoKey),
    check("photo_reviews_reason", sql`${t.reason} IN ('suggestive', 'reused')`),
    check("photo_reviews_status", sql`${t.status} IN ('pending', 'approved', 'removed')`),
  ],
);
