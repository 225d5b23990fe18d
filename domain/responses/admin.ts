// Response schemas of the administration API (/api/admin/*; the endpoints are listed in
// domain/admin.ts). See ./scalars.ts for why they live here.
import { z } from "zod";
import { ACCOUNT_STATUSES, GENDERS } from "../constants.ts";
import { CURRENCIES } from "../money.ts";
import { PAYMENT_METHODS, PROVIDER_NAMES } from "../payments.ts";
import { photoDtoSchema, profileDetailsShape } from "./profile.ts";
import { day, instant, whole } from "./scalars.ts";
import { checkoutStatusSchema, operatorIdSchema, subscriptionStateSchema } from "./subscriptions.ts";

/** The admin record the login returns and the browser keeps for display only. GET /api/admin/me. */
export const adminRecordSchema = z.strictObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.literal("admin"),
  twoFactorEnabled: z.boolean(),
  /** TOTP is mandatory here (always in production): without it, the admin area only offers to turn it on. */
  twoFactorRequired: z.boolean(),
});
export type AdminRecord = z.infer<typeof adminRecordSchema>;

/** POST /api/admin/login, POST /api/admin/login/verify */
export const adminLoginResultSchema = z.discriminatedUnion("status", [
  z.strictObject({ status: z.literal("ok"), admin: adminRecordSchema }),
  z.strictObject({ status: z.literal("two-factor-required") }),
]);
export type AdminLoginResult = z.infer<typeof adminLoginResultSchema>;

/** A page of an admin list, without its rows (see adminListSchema). */
const adminListPageSchema = z.strictObject({
  total: whole,
  totalCapped: z.boolean(),
  page: whole,
  size: whole,
});

/** Every admin list: a page of rows and the total, counted up to ADMIN_COUNT_CAP. */
export function adminListSchema<T extends z.ZodType>(row: T) {
  return adminListPageSchema.extend({ data: z.array(row) });
}
export type AdminList<T> = z.infer<typeof adminListPageSchema> & { data: T[] };

export const memberRefSchema = z.strictObject({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  photo: photoDtoSchema.nullable(),
  /**
   * For words that agree with it (« banni » / « bannie »); null without a profile or a gender.
   * Always sent; optional so that a page keeps working with a server from before it (issue 34).
   */
  gender: z.enum(GENDERS).nullable().optional(),
});
export type MemberRef = z.infer<typeof memberRefSchema>;

export const adminUserRowSchema = z.strictObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(["user", "admin"]),
  banned: z.boolean(),
  banReason: z.string().nullable(),
  emailVerified: z.boolean(),
  createdAt: instant,
  /** Null for accounts without a profile (administrators, members who never opened /profile). */
  accountStatus: z.enum(ACCOUNT_STATUSES).nullable(),
  gender: z.enum(GENDERS).nullable(),
  country: z.string().nullable(),
  photo: photoDtoSchema.nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUserDetailSchema = adminUserRowSchema.extend({
  subscriptionEndsAt: instant.nullable(),
  counts: z.strictObject({
    likesGiven: whole,
    matches: whole,
    messagesSent: whole,
    reportsReceived: whole,
  }),
  lastSessionAt: instant.nullable(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const adminProfileRowSchema = z.strictObject({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.enum(GENDERS).nullable(),
  /** The SPEC default 2000-01-01 until `birthDateConfirmed`. */
  birthDate: day,
  birthDateConfirmed: z.boolean(),
  /** Null while the birth date is not confirmed: the default date is nobody's age. */
  age: whole.nullable(),
  lookingFor: z.string(),
  ...profileDetailsShape,
  createdAt: instant,
  updatedAt: instant,
});
export type AdminProfileRow = z.infer<typeof adminProfileRowSchema>;

export const adminMatchRowSchema = z.strictObject({
  id: z.string(),
  status: z.enum(["accepted", "rejected"]),
  createdAt: instant,
  updatedAt: instant,
  /** Who made it rejected; « admin » when an administrator did. */
  rejectedBy: z.enum(["user1", "user2", "admin"]).nullable(),
  user1: memberRefSchema,
  user2: memberRefSchema,
  messages: whole,
});
export type AdminMatchRow = z.infer<typeof adminMatchRowSchema>;

export const adminMessageRowSchema = z.strictObject({
  id: z.string(),
  matchId: z.string(),
  sender: memberRefSchema,
  recipient: memberRefSchema,
  content: z.string(),
  /** A voice message's duration (issue 37; `content` is empty): heard at GET /api/admin/messages/:id/voice. */
  voiceMs: z.int().nullable(),
  createdAt: instant,
  readAt: instant.nullable(),
});
export type AdminMessageRow = z.infer<typeof adminMessageRowSchema>;

export const adminSubscriptionRowSchema = z.strictObject({
  id: z.string(),
  member: memberRefSchema,
  plan: z.string(),
  status: subscriptionStateSchema,
  startDate: instant,
  endDate: instant,
  /** « admin » for a subscription granted by hand (free). */
  provider: z.enum([...PROVIDER_NAMES, "admin"]),
  /** How it was paid; null when granted by hand (or seeded). */
  method: z.enum(PAYMENT_METHODS).nullable(),
  /** The mobile-money operator the member paid with. */
  operator: operatorIdSchema.nullable(),
  /** In the currency's smallest unit (euro cents, whole CFA francs). */
  amount: whole,
  currency: z.enum(CURRENCIES),
  /** The provider's reference of the payment (« admin_… » for a subscription granted by hand). */
  providerRef: z.string(),
  createdAt: instant,
});
export type AdminSubscriptionRow = z.infer<typeof adminSubscriptionRowSchema>;

/** One payment attempt (a checkout) and where it stands, for the admin payments list. */
export const adminPaymentRowSchema = z.strictObject({
  id: z.string(),
  member: memberRefSchema,
  plan: z.string(),
  /** What the member was asked to pay, in the currency's smallest unit. */
  amount: whole,
  currency: z.enum(CURRENCIES),
  provider: z.enum(PROVIDER_NAMES),
  method: z.enum(PAYMENT_METHODS),
  /** Mobile money: the operator chosen, then the one paid with. */
  operator: operatorIdSchema.nullable(),
  status: checkoutStatusSchema,
  /** The provider's reason for a refusal, or why its report was refused (amount, currency). */
  failureReason: z.string().nullable(),
  /** The provider's reference of the payment (Stripe cs_…, CinetPay or FedaPay transaction). */
  providerRef: z.string().nullable(),
  /** After payment: how much the provider has refunded so far (0 when nothing), same unit as amount. */
  refundedAmount: whole,
  /** A chargeback at the member's bank: open, won or lost; null when there is none. */
  dispute: z.enum(["open", "won", "lost"]).nullable(),
  /** When a refund or the chargeback last changed. */
  reversedAt: instant.nullable(),
  /** Pending payments: how often their status was asked of the provider, and when it is next. */
  checkAttempts: whole,
  nextCheckAt: instant.nullable(),
  createdAt: instant,
  updatedAt: instant,
});
export type AdminPaymentRow = z.infer<typeof adminPaymentRowSchema>;

export const auditEntryDtoSchema = z.strictObject({
  id: z.string(),
  /**
   * id null: the administrator's account was deleted (email is still theirs), or the entry is the
   * payment system's (email is then PAYMENT_SYSTEM_ACTOR).
   */
  admin: z.strictObject({ id: z.string().nullable(), email: z.string() }),
  /** e.g. "user.ban", "profile.photo.remove", "subscription.grant", "import", "payment.paid". */
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** A short French description, e.g. « Bannissement : faux profil ». */
  summary: z.string(),
  createdAt: instant,
});
export type AuditEntryDto = z.infer<typeof auditEntryDtoSchema>;

const perDay = z.array(z.strictObject({ day, count: whole }));

/** GET /api/admin/dashboard */
export const dashboardDtoSchema = z.strictObject({
  members: z.strictObject({
    total: whole,
    byStatus: z.record(z.enum(ACCOUNT_STATUSES), whole),
    byGender: z.strictObject({ male: whole, female: whole, unknown: whole }),
    /** The 10 biggest countries, largest first. */
    byCountry: z.array(z.strictObject({ country: z.string(), count: whole })),
  }),
  /** 30 days, oldest first, days as YYYY-MM-DD (Europe/Paris). */
  signupsPerDay: perDay,
  messagesPerDay: perDay,
  activeSubscriptions: whole,
  /**
   * Payments received since the 1st of the month (Paris time), less what was refunded or charged
   * back of them, per currency, in each currency's smallest unit: only currencies with revenue, the
   * euro first (empty when nothing was paid).
   */
  revenueThisMonth: z.array(z.strictObject({ currency: z.enum(CURRENCIES), amount: whole })),
  /** Selfie verifications waiting for an administrator's decision. */
  pendingVerifications: whole,
  /** Photos screening held from public view at upload, waiting for an administrator's decision. */
  pendingPhotoReviews: whole,
  /** Payments disputed at the member's bank, awaiting the outcome (their subscription suspended). */
  openDisputes: whole,
  /** When the figures above were computed (they are kept for DASHBOARD_CACHE_SECONDS). */
  figuresAt: instant,
  /** Always current. */
  latestActions: z.array(auditEntryDtoSchema),
});
export type DashboardDto = z.infer<typeof dashboardDtoSchema>;

/**
 * A profile verification the automatic decision left to an administrator (issue 16): the likeness
 * of the live selfie to the profile photos was uncertain. The selfie is shown beside the photos.
 */
export const adminVerificationRowSchema = z.strictObject({
  id: z.string(),
  member: memberRefSchema,
  /** Likeness of the selfie to the closest profile photo, from 0 to 1. */
  likeness: z.number().nullable(),
  createdAt: instant,
  /**
   * The one selfie frame kept for the review (/api/admin/verifications/:id/selfie), erased once
   * decided; null for a live check during a call (issue 38), which keeps no frame.
   */
  selfieUrl: z.string().nullable(),
  /** « selfie »: a verification attempt; « call »: a verified member whose face in a video call did not match. */
  source: z.enum(["selfie", "call"]),
  /** The member's current profile photos, main photo first. */
  photos: z.array(photoDtoSchema),
});
export type AdminVerificationRow = z.infer<typeof adminVerificationRowSchema>;

export const adminVerificationDecisionSchema = z.strictObject({
  id: z.string(),
  userId: z.string(),
  outcome: z.enum(["verified", "refused"]),
  decidedAt: instant,
});
export type AdminVerificationDecision = z.infer<typeof adminVerificationDecisionSchema>;

/** Why screening held an uploaded photo from public view (issue 16). */
export const photoReviewReasonSchema = z.enum(["suggestive", "reused"]);
export type PhotoReviewReason = z.infer<typeof photoReviewReasonSchema>;

/**
 * A photo held from public view until an administrator decides (« Photos à vérifier »): the nudity
 * model was in doubt, or the same picture is on another account (the stolen-photo pattern).
 */
export const adminPhotoReviewRowSchema = z.strictObject({
  id: z.string(),
  reason: photoReviewReasonSchema,
  /**
   * suggestive: the nudity model's probability, from 0 to 1; reused: how many of the 64 bits of
   * the two perceptual hashes differ (0 is the very same picture).
   */
  score: z.number().nullable(),
  createdAt: instant,
  member: memberRefSchema,
  /** The held photo, as it is on the member's profile. */
  photo: photoDtoSchema,
  /**
   * reused only: the other account (null when it was deleted since) and its matching photo (null
   * when it left that profile since).
   */
  matched: z
    .strictObject({ member: memberRefSchema.nullable(), photo: photoDtoSchema.nullable() })
    .nullable(),
  /** How many photos the member's profile has, the held one included. */
  memberPhotoCount: whole,
});
export type AdminPhotoReviewRow = z.infer<typeof adminPhotoReviewRowSchema>;

export const adminPhotoReviewDecisionSchema = z.strictObject({
  id: z.string(),
  userId: z.string(),
  status: z.enum(["approved", "removed"]),
  /** Whether the member was banned with it. */
  banned: z.boolean(),
  decidedAt: instant,
});
export type AdminPhotoReviewDecision = z.infer<typeof adminPhotoReviewDecisionSchema>;

/** One row of a JSON import: the e-mail plus the profile fields of /api/profile (same rules). */
export const importRowDtoSchema = z.strictObject({
  /** Position in the file, from 1. */
  index: whole,
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  ok: z.boolean(),
  /** Field → French message; `_` for the row as a whole. */
  errors: z.record(z.string(), z.string()),
  /** Whether a member with this e-mail exists already (the import updates them). */
  exists: z.boolean(),
});
export type ImportRowDto = z.infer<typeof importRowDtoSchema>;

/** POST /api/admin/import/preview */
export const importPreviewDtoSchema = z.strictObject({
  rows: z.array(importRowDtoSchema),
  valid: whole,
  invalid: whole,
});
export type ImportPreviewDto = z.infer<typeof importPreviewDtoSchema>;

/** POST /api/admin/import */
export const importResultDtoSchema = z.strictObject({ created: whole, updated: whole, skipped: whole });
export type ImportResultDto = z.infer<typeof importResultDtoSchema>;
