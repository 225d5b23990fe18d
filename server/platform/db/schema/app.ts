// Passerelle's own tables (SPEC §3) with the constraints and indexes of ARCHITECTURE.md.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

export const genderEnum = pgEnum("gender", ["male", "female"]);
export const accountStatusEnum = pgEnum("account_status", ["trial", "subscribed", "expired"]);
export const matchStatusEnum = pgEnum("match_status", ["accepted", "rejected"]);
/**
 * suspended: its payment is disputed at the member's bank (a chargeback awaiting its outcome);
 * refunded: its payment was refunded in full, or the chargeback was lost (issue 33).
 */
export const subscriptionStatusEnum = pgEnum("subscription_status", [
  "active",
  "expired",
  "cancelled",
  "suspended",
  "refunded",
]);

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
    /**
     * The member entered or confirmed birth_date themself (onboarding, profile form, an admin's edit or
     * an import). Until then birth_date holds the SPEC default, which is never taken for a real age:
     * the member is hidden from others and cannot like or write (docs/decisions/0010).
     */
    birthDateConfirmed: boolean("birth_date_confirmed").notNull().default(false),
    /** Country of residence (the SPEC's country), a French name of domain/countries.ts. */
    country: text("country").notNull().default(""),
    /**
     * When the country of residence last changed; null when it has not since this was kept (issue
     * 33). Card payments in the country's CFA franc wait LOCAL_CARD_PRICES_AFTER_DAYS after a change
     * (domain/payments.ts), so that a member cannot declare an African country for a minute to pay
     * the FCFA prices.
     */
    countryChangedAt: timestamp("country_changed_at", { withTimezone: true }),
    /** Country of origin ("" when not given), a name of domain/countries.ts too (issue 17). */
    originCountry: text("origin_country").notNull().default(""),
    /** City of residence, free text ("" when not given). */
    city: text("city").notNull().default(""),
    /** « Prêt(e) à déménager »: yes, maybe, no, or null when not said. */
    relocate: text("relocate"),
    phoneNumber: text("phone_number").notNull().default(""),
    bio: text("bio").notNull().default(""),
    occupation: text("occupation").notNull().default(""),
    education: text("education").notNull().default(""),
    languages: text("languages").array().notNull().default(sql`ARRAY['Français']::text[]`),
    interests: text("interests").array().notNull().default(sql`ARRAY['Rencontre']::text[]`),
    /** Ordered storage keys; the first is the main photo. */
    photos: text("photos").array().notNull().default(sql`ARRAY[]::text[]`),
    /** Search's "with photo" filter, kept by PostgreSQL so that profiles_search_idx can carry it. */
    hasPhoto: boolean("has_photo").notNull().generatedAlwaysAs(sql`cardinality(photos) > 0`),
    accountStatus: accountStatusEnum("account_status").notNull().default("trial"),
    /** The next step of the guided first profile to show (0–2); 3 once it was finished. */
    onboardingStep: smallint("onboarding_step").notNull().default(0),
    /** Set while the member's verified badge is valid (docs/decisions/0013-verified-profiles.md). */
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    /** « Vu(e) en appel » (issue 38): the face seen live during a video call matched the verified one. */
    seenOnCallAt: timestamp("seen_on_call_at", { withTimezone: true }),
    /**
     * Presence (issue 17): when the member was last seen using the site, written at most once a minute
     * per instance (server/presence), and whether they hide it (then they see nobody's either).
     */
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }),
    presenceHidden: boolean("presence_hidden").notNull().default(false),
    /** Views others' profiles without appearing in their « Qui a vu mon profil » (issue 17). */
    browseInvisibly: boolean("browse_invisibly").notNull().default(false),
    /** last_active_at as others may see it: null while hidden. Carried by the search index. */
    activeAt: timestamp("active_at", { withTimezone: true }).generatedAlwaysAs(
      sql`CASE WHEN presence_hidden THEN NULL ELSE last_active_at END`,
    ),
    /** The member receives messages only from members with « Profil vérifié » (issue 16). */
    messagesFromVerifiedOnly: boolean("messages_from_verified_only").notNull().default(false),
    /**
     * « Qui peut m'écrire en premier » (issue 34): on, a first message from a member this one has not
     * liked waits in « Demandes » instead of opening the conversation (docs/decisions/0022).
     */
    firstMessagesFromLikedOnly: boolean("first_messages_from_liked_only").notNull().default(false),
    /**
     * Discretion (issue 40): hidden from the members who live in the member's country, in her city
     * (same country), or who come from her country of origin (her residence when she gave none).
     * Members she shares a match with still see her profile and conversation; shared links never
     * show her to anyone she hides from (server/features/members/discretion.ts).
     */
    hideFromCountry: boolean("hide_from_country").notNull().default(false),
    hideFromCity: boolean("hide_from_city").notNull().default(false),
    hideFromOrigin: boolean("hide_from_origin").notNull().default(false),
    /**
     * Issue 40: her photos are shown blurred (a small variant made on the server) to members she has
     * not liked back or shown them to; the originals are not served to them at all.
     */
    blurPhotos: boolean("blur_photos").notNull().default(false),
    /** « Nouveau message », without a name or an excerpt, in pushes and e-mails (issue 40). */
    neutralNotifications: boolean("neutral_notifications").notNull().default(false),
    /**
     * End of the running subscription while account_status is « subscribed » (null otherwise): the
     * access gate re-checks the subscriptions only once it has passed.
     */
    subscriptionEndsAt: timestamp("subscription_ends_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Search: one gender, by tier — subscribers with a photo, then the others with a photo, then
    // members without one (issue 34: the first screen shows people) — then newest (id breaks ties).
    // Read backwards, this index yields the search order directly, so a page costs its own rows,
    // not the table's; the cursor (tier, created_at, id) is a range condition on it. The columns after the
    // unique id never change the order: they are a payload (INCLUDE, which Drizzle cannot
    // declare) holding every profiles column the count reads, so the count is an index-only scan
    // that never visits the table. See docs/search-plans.md.
    index("profiles_search_idx").on(
      t.gender,
      sql`(CASE WHEN ${t.hasPhoto} THEN CASE WHEN ${t.accountStatus} = 'subscribed' THEN 2 ELSE 1 END ELSE 0 END)`,
      t.createdAt,
      t.id,
      t.accountStatus,
      t.birthDate,
      t.userId,
      t.firstName,
      t.hasPhoto,
      t.interests,
      t.birthDateConfirmed,
      t.verifiedAt,
      // « Vit en », « Originaire de », « Langues parlées », « Recherche » (issue 17).
      t.country,
      t.originCountry,
      t.languages,
      t.lookingFor,
      t.activeAt,
    ),
    // « Activité récente » (issue 17): the page walks this index in its order and stops at its size.
    // The few members who hide from a country, a city or an origin (issue 40): every search reads
    // them as one small set (discretion.ts), never the whole table — from the index alone, which
    // carries every column the set compares (bench/discretion.ts).
    index("profiles_discreet_idx")
      .on(t.userId, t.country, t.city, t.originCountry, t.hideFromCountry, t.hideFromCity, t.hideFromOrigin)
      .where(sql`${t.hideFromCountry} OR ${t.hideFromCity} OR ${t.hideFromOrigin}`),
    index("profiles_activity_idx").on(t.gender, t.activeAt.desc().nullsLast(), t.id.desc()),
    index("profiles_gender_birth_idx").on(t.gender, t.birthDate),
    index("profiles_interests_gin").using("gin", t.interests),
    // For filters few members match (a small country, a rare language, where one lives and comes
    // from together), the count's rare-filter step reads these and sorts the few rows, instead of
    // walking profiles_search_idx through a whole gender (docs/search-plans.md). « Originaire de »
    // is the origin given, else the residence.
    // The birth date last: the age range is then read in the same index, never by AND-ing a bitmap
    // of everyone of that age (migration 0021).
    index("profiles_place_idx").on(
      t.gender,
      t.country,
      sql`coalesce(nullif(${t.originCountry}, ''), ${t.country})`,
      t.birthDate,
    ),
    index("profiles_origin_idx").on(
      t.gender,
      sql`coalesce(nullif(${t.originCountry}, ''), ${t.country})`,
      t.birthDate,
    ),
    index("profiles_languages_gin").using("gin", t.languages),
    // Administration lists: newest first, and « contains » search on the names.
    index("profiles_created_idx").on(t.createdAt),
    // The admin profile list's other sort orders (docs/admin-lists.md).
    index("profiles_updated_idx").on(t.updatedAt),
    index("profiles_first_name_idx").on(t.firstName),
    index("profiles_birth_date_idx").on(t.birthDate),
    index("profiles_name_trgm").using("gin", sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    check("profiles_photos_max", sql`coalesce(array_length(${t.photos}, 1), 0) <= 6`),
    check("profiles_onboarding_step", sql`${t.onboardingStep} BETWEEN 0 AND 3`),
    check("profiles_relocate", sql`${t.relocate} IN ('yes', 'maybe', 'no')`),
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
    /**
     * Who made the match rejected (by passing or removing it); null while accepted. A like from
     * the other member does not reopen it: only the one who said no can change their mind.
     */
    rejectedBy: text("rejected_by").references(() => user.id, { onDelete: "set null" }),
    /** When each member first opened the match's conversation; null = new for them (Matchs badge). */
    user1OpenedAt: timestamp("user1_opened_at", { withTimezone: true }),
    user2OpenedAt: timestamp("user2_opened_at", { withTimezone: true }),
    /** Each member allows calls in this conversation (issue 38): off until they turn it on. */
    user1Calls: boolean("user1_calls").notNull().default(false),
    user2Calls: boolean("user2_calls").notNull().default(false),
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
    index("matches_created_idx").on(t.createdAt),
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
    /**
     * Bouclier (issue 36): « held » behind a warning the recipient opens by choice (a money request
     * from a new or unverified account), « waiting » unseen by the recipient until the sender's
     * account is released or verified (quiet hold); null for a message delivered as written.
     */
    shield: text("shield"),
    /** When the recipient chose to read a held message. */
    revealedAt: timestamp("revealed_at", { withTimezone: true }),
    /** The text the recipient reads, numbers and handles masked (before both are selfie-verified). */
    maskedContent: text("masked_content"),
    /**
     * A voice message (issue 37): its file in the voice storage, container type, duration read from
     * the file, size and waveform (domain/voice.ts). `content` is empty for a voice message.
     */
    voiceKey: text("voice_key"),
    voiceType: text("voice_type"),
    voiceMs: integer("voice_ms"),
    voiceBytes: integer("voice_bytes"),
    voicePeaks: text("voice_peaks"),
    /** The sender's idempotency key: a retried send returns the message it already made (issue 37). */
    clientKey: uuid("client_key"),
    /**
     * A call's entry (issue 38), written when the call ends, sent by the caller: the call, how it
     * ended, whether it was a video call and how long it lasted once answered. `content` is empty.
     */
    callId: uuid("call_id"),
    callOutcome: text("call_outcome"),
    callVideo: boolean("call_video"),
    callMs: integer("call_ms"),
  },
  (t) => [
    index("messages_match_created_idx").on(t.matchId, t.createdAt.desc()),
    // Spam limits count a sender's recent messages.
    index("messages_sender_created_idx").on(t.senderId, t.createdAt),
    // Unread counts and badges look only at unread messages.
    index("messages_unread_idx").on(t.matchId, t.senderId).where(sql`${t.readAt} IS NULL`),
    // Administration: newest first, and « contains » search in the text.
    index("messages_created_idx").on(t.createdAt),
    index("messages_content_trgm").using("gin", sql`${t.content} gin_trgm_ops`),
    check(
      "messages_content_length",
      sql`(${t.voiceKey} IS NULL AND ${t.callId} IS NULL AND char_length(${t.content}) between 1 and 2000)
        OR ((${t.voiceKey} IS NOT NULL OR ${t.callId} IS NOT NULL) AND ${t.content} = '')`,
    ),
    check(
      "messages_call",
      sql`(${t.callId} IS NULL) = (${t.callOutcome} IS NULL) AND (${t.callId} IS NULL) = (${t.callVideo} IS NULL)
        AND ${t.callOutcome} IN ('missed', 'declined', 'cancelled', 'ended', 'failed', 'ended_by_safety')
        AND ${t.callMs} >= 0 AND (${t.callId} IS NULL OR ${t.voiceKey} IS NULL)`,
    ),
    // One entry per call, whoever writes it first (the hang-up, the sweep).
    uniqueIndex("messages_call_idx").on(t.callId),
    check(
      "messages_voice",
      sql`(${t.voiceKey} IS NULL) = (${t.voiceType} IS NULL) AND (${t.voiceKey} IS NULL) = (${t.voiceMs} IS NULL)
        AND (${t.voiceKey} IS NULL) = (${t.voiceBytes} IS NULL) AND (${t.voiceKey} IS NULL) = (${t.voicePeaks} IS NULL)
        AND ${t.voiceType} IN ('audio/webm', 'audio/mp4') AND ${t.voiceMs} BETWEEN 1 AND 120000 AND ${t.voiceBytes} > 0`,
    ),
    uniqueIndex("messages_voice_key_idx").on(t.voiceKey),
    uniqueIndex("messages_client_key_idx").on(t.senderId, t.clientKey),
    check("messages_shield", sql`${t.shield} IN ('held', 'waiting')`),
    // The shield's readers (the queue, the fairness table, a release): a sender's held and waiting messages.
    index("messages_shield_idx").on(t.senderId, t.createdAt).where(sql`${t.shield} IS NOT NULL`),
  ],
);

/** A member's voice introduction (issue 37): up to 30 s answering one of the prompts (domain/voice.ts). */
export const voiceIntros = pgTable(
  "voice_intros",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    prompt: text("prompt").notNull(),
    voiceKey: text("voice_key").notNull().unique(),
    voiceType: text("voice_type").notNull(),
    voiceMs: integer("voice_ms").notNull(),
    voiceBytes: integer("voice_bytes").notNull(),
    voicePeaks: text("voice_peaks").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "voice_intros_voice",
      sql`${t.voiceType} IN ('audio/webm', 'audio/mp4') AND ${t.voiceMs} BETWEEN 1 AND 30000 AND ${t.voiceBytes} > 0`,
    ),
  ],
);

/**
 * A photo whose smaller copies (issue 39: AVIF and WebP at the widths of domain/photo-renditions.ts,
 * under photos/r/) are all stored, with its ThumbHash placeholder. Written by the photo-renditions
 * job once every file is there; no row, no renditions (the API then sends null). Keyed by the
 * photo's storage key, which profiles.photos names: the files follow the photo, not this row.
 */
export const photoRenditions = pgTable("photo_renditions", {
  photoKey: text("photo_key").primaryKey(),
  /** The square thumbnail's ThumbHash, in base64. */
  placeholder: text("placeholder").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const checkoutStatusEnum = pgEnum("checkout_status", [
  "pending",
  "paid",
  "failed",
  "expired",
  "cancelled",
]);

/** One attempt to pay for a plan; the payment provider reports on it by its id. */
export const checkouts = pgTable(
  "checkouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    plan: text("plan").notNull(),
    months: integer("months").notNull(),
    /** What the member was asked to pay, in the currency's smallest unit: a report must match it. */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("EUR"),
    provider: text("provider").notNull(),
    /** card or mobile-money; the operator the member chose, then the one they paid with. */
    method: text("method").notNull().default("card"),
    operator: text("operator"),
    /** The provider's id for this payment (Stripe cs_…, CinetPay token, FedaPay transaction). */
    providerSessionId: text("provider_session_id").unique(),
    url: text("url"),
    status: checkoutStatusEnum("status").notNull().default("pending"),
    /** The provider's reason for a refusal, or why we refused its report (amount, currency). */
    failureReason: text("failure_reason"),
    /** Pending payments: when the scheduled job asks the provider next, and how often it has. */
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
    checkAttempts: integer("check_attempts").notNull().default(0),
    /** Last status check of any origin (job, notification, the member's page): throttles them. */
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    /** The page the member came from, to go back to after paying. */
    returnTo: text("return_to"),
    /**
     * After the payment (issue 33): how much of it the provider has refunded so far (in the same
     * unit as amount), and a chargeback — the provider's dispute id and where it stands (open, won,
     * lost) — with when either last changed.
     */
    refundedAmount: integer("refunded_amount").notNull().default(0),
    disputeId: text("dispute_id"),
    disputeStatus: text("dispute_status"),
    reversedAt: timestamp("reversed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("checkouts_user_idx").on(t.userId, t.createdAt.desc()),
    index("checkouts_due_check_idx").on(t.nextCheckAt).where(sql`${t.status} = 'pending'`),
    // The admin payments list, newest first, optionally by status.
    index("checkouts_created_idx").on(t.createdAt.desc()),
    check("checkouts_amount_positive", sql`${t.amount} > 0 AND ${t.months} > 0`),
    check("checkouts_currency", sql`${t.currency} IN ('EUR', 'XOF', 'XAF')`),
    check("checkouts_method", sql`${t.method} IN ('card', 'mobile-money')`),
    check("checkouts_refunded_amount", sql`${t.refundedAmount} BETWEEN 0 AND ${t.amount}`),
    check("checkouts_dispute_status", sql`${t.disputeStatus} IN ('open', 'won', 'lost')`),
    // The dashboard's count of open chargebacks, and the payments list's filter.
    index("checkouts_reversed_idx").on(t.reversedAt.desc()).where(sql`${t.reversedAt} IS NOT NULL`),
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
    /** How it was paid (null for seeded or hand-granted subscriptions). */
    method: text("method"),
    operator: text("operator"),
    /** The checkout it paid (null for seeded or hand-granted subscriptions); at most one each. */
    checkoutId: uuid("checkout_id")
      .unique()
      .references(() => checkouts.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("subscriptions_user_idx").on(t.userId, t.endDate.desc()),
    index("subscriptions_created_idx").on(t.createdAt),
    index("subscriptions_status_end_idx").on(t.status, t.endDate),
    // The admin subscription list: sorted by end date, filtered by status (newest first).
    index("subscriptions_end_idx").on(t.endDate),
    index("subscriptions_status_created_idx").on(t.status, t.createdAt),
    check("subscriptions_period", sql`${t.endDate} > ${t.startDate}`),
  ],
);

/** Every administrator action: who, what, on what, when (the dashboard lists the latest). */
export const adminAudit = pgTable(
  "admin_audit",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    adminId: text("admin_id").references(() => user.id, { onDelete: "set null" }),
    /** Kept when the administrator's account is deleted. */
    adminEmail: text("admin_email").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    summary: text("summary").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("admin_audit_created_idx").on(t.createdAt.desc()),
    index("admin_audit_action_idx").on(t.action, t.createdAt.desc()),
  ],
);

/** A member who blocked another: from then on neither sees nor writes to the other. */
export const blocks = pgTable(
  "blocks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    blockerId: text("blocker_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("blocks_pair_uq").on(t.blockerId, t.blockedId),
    index("blocks_blocked_idx").on(t.blockedId),
    check("blocks_not_self", sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

export const reportStatusEnum = pgEnum("report_status", [
  "pending",
  "in_review",
  "action_taken",
  "dismissed",
]);

/**
 * A report of a member (and possibly one of their messages) for moderation. What was reported is
 * copied at the time (label, message text), so that the record stays when the account or the
 * message goes; kept 12 months (privacy policy).
 */
export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Null for the automatic spam detection. */
    reporterId: text("reporter_id").references(() => user.id, { onDelete: "set null" }),
    reportedId: text("reported_id").references(() => user.id, { onDelete: "set null" }),
    /** « Prénom Nom <e-mail> » of the reported member when reported. */
    reportedLabel: text("reported_label").notNull(),
    messageId: uuid("message_id").references(() => messages.id, { onDelete: "set null" }),
    matchId: uuid("match_id").references(() => matches.id, { onDelete: "set null" }),
    messageExcerpt: text("message_excerpt"),
    reason: text("reason").notNull(),
    details: text("details").notNull().default(""),
    status: reportStatusEnum("status").notNull().default("pending"),
    action: text("action"),
    note: text("note"),
    handledBy: text("handled_by").references(() => user.id, { onDelete: "set null" }),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("reports_status_created_idx").on(t.status, t.createdAt.desc()),
    index("reports_reported_idx").on(t.reportedId),
    index("reports_reporter_idx").on(t.reporterId, t.createdAt),
  ],
);
