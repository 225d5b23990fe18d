// The administration API contract (every /api/admin/* endpoint checks the admin role on the
// server). Types shared by the admin pages and the API. All lists are paged on the server:
//   ?page=1&size=25 (size ≤ 100), ?q= text search, ?sort=<column>&dir=asc|desc, and filters.
// Totals are counted up to ADMIN_COUNT_CAP (then `totalCapped: true`, shown « 10 000+ »).
//
// Endpoints (JSON; errors are { error: { code, message } } with French messages):
//   POST /api/admin/login            {email, password} → AdminLoginResult (sets the session cookie)
//   POST /api/admin/login/verify     {code} → AdminLoginResult (second step when TOTP is on)
//   POST /api/admin/logout           → 204
//   GET  /api/admin/me               → AdminRecord
//   GET  /api/admin/dashboard        → DashboardDto
//   GET  /api/admin/users            ?q&status&role&banned(true|false)&sort(created_at|email|name)&dir&page&size → AdminList<AdminUserRow>
//   GET  /api/admin/users/:id        → AdminUserDetail
//   POST /api/admin/users/:id/ban    {reason} → AdminUserDetail (ends their sessions)
//   POST /api/admin/users/:id/unban  → AdminUserDetail
//   POST /api/admin/users/:id/role   {role: "user"|"admin"} → AdminUserDetail
//   DELETE /api/admin/users/:id      {confirmEmail} → 204 (account, profile, photos, likes, matches, messages)
//   GET  /api/admin/profiles         ?q&gender&status&country&hasPhoto&sort(created_at|updated_at|first_name|birth_date)&dir&page&size → AdminList<AdminProfileRow>
//   GET  /api/admin/profiles/:userId → AdminProfileRow
//   PATCH /api/admin/profiles/:userId  partial ProfileUpdateInput (same rules as /api/profile) → AdminProfileRow
//   DELETE /api/admin/profiles/:userId/photos?path=<key> → AdminProfileRow (moderation)
//   GET  /api/admin/matches          ?member=<userId or e-mail>&status(accepted|rejected)&sort(created_at|updated_at)&dir&page&size → AdminList<AdminMatchRow>
//   POST /api/admin/matches/:id/reject → AdminMatchRow
//   GET  /api/admin/messages         ?q&matchId&member=<userId or e-mail>&sort(created_at)&dir&page&size → AdminList<AdminMessageRow>
//   DELETE /api/admin/messages/:id   → 204
//   GET  /api/admin/subscriptions    ?q&status(active|expired|cancelled)&plan&sort(start_date|end_date|created_at)&dir&page&size → AdminList<AdminSubscriptionRow>
//   POST /api/admin/subscriptions/grant      {userId, months, plan?} → AdminSubscriptionRow (free, provider "admin")
//   POST /api/admin/subscriptions/:id/extend {months} → AdminSubscriptionRow
//   POST /api/admin/subscriptions/:id/cancel → AdminSubscriptionRow
//   GET  /api/admin/payments         ?q(member e-mail or name, exact provider reference, or checkout id)&status(pending|paid|failed|cancelled|expired)
//                                    &provider&currency(EUR|XOF|XAF)&sort(created_at)&dir&page&size → AdminList<AdminPaymentRow> (every checkout, newest first)
//   POST /api/admin/import/preview   {json: string} → ImportPreviewDto (writes nothing)
//   POST /api/admin/import           {json: string} → ImportResultDto (valid rows, one transaction)
//   GET  /api/admin/audit            ?action&page&size → AdminList<AuditEntryDto>
//   GET  /api/admin/verifications    ?page&size → AdminList<AdminVerificationRow> (selfie checks left to an administrator, oldest first)
//   GET  /api/admin/verifications/:id/selfie → the kept selfie frame (image/jpeg, never cached); 404 once decided (erased)
//   POST /api/admin/verifications/:id/approve → AdminVerificationDecision (badge set, face descriptor kept; selfie erased)
//   POST /api/admin/verifications/:id/refuse  → AdminVerificationDecision (no badge; selfie and descriptor erased)
//                                    409 VERIFICATION_ALREADY_DECIDED when someone decided first; 404 VERIFICATION_NOT_FOUND
//   GET  /api/admin/photo-reviews    ?page&size → AdminList<AdminPhotoReviewRow> (uploads held from public view, oldest first)
//   POST /api/admin/photo-reviews/:id/approve → AdminPhotoReviewDecision (the photo becomes public)
//   POST /api/admin/photo-reviews/:id/remove  → AdminPhotoReviewDecision (photo deleted from the profile and storage)
//   POST /api/admin/photo-reviews/:id/ban     → AdminPhotoReviewDecision (member banned, sessions ended; photo deleted)
//                                    409 PHOTO_REVIEW_ALREADY_DECIDED when someone decided first; 404 PHOTO_REVIEW_NOT_FOUND
import type { AccountStatus, Gender } from "./constants.ts";
import type { Currency } from "./money.ts";
import type { OperatorId, PaymentMethod, ProviderName } from "./payments.ts";
import type { PhotoDto, Relocate } from "./profile.ts";
import type { CheckoutStatus } from "./subscriptions.ts";

export const ADMIN_COUNT_CAP = 10_000;
export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_PAGE_SIZE_MAX = 100;
/** localStorage key of the admin display record (SPEC §3); never a credential. */
export const ADMIN_STORAGE_KEY = "adminUser";

/** The admin record the login returns and the browser keeps for display only. */
export interface AdminRecord {
  id: string;
  email: string;
  name: string;
  role: "admin";
  twoFactorEnabled: boolean;
  /** TOTP is mandatory here (always in production): without it, the admin area only offers to turn it on. */
  twoFactorRequired: boolean;
}

export type AdminLoginResult = { status: "ok"; admin: AdminRecord } | { status: "two-factor-required" };

export interface AdminList<T> {
  data: T[];
  total: number;
  totalCapped: boolean;
  page: number;
  size: number;
}

export interface MemberRef {
  userId: string;
  email: string;
  name: string;
  photo: PhotoDto | null;
}

export interface AdminUserRow {
  id: string;
  email: string;
  name: string;
  role: "user" | "admin";
  banned: boolean;
  banReason: string | null;
  emailVerified: boolean;
  createdAt: string;
  /** Null for accounts without a profile (administrators, members who never opened /profile). */
  accountStatus: AccountStatus | null;
  gender: Gender | null;
  country: string | null;
  photo: PhotoDto | null;
}

export interface AdminUserDetail extends AdminUserRow {
  subscriptionEndsAt: string | null;
  counts: { likesGiven: number; matches: number; messagesSent: number; reportsReceived: number };
  lastSessionAt: string | null;
}

export interface AdminProfileRow {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  gender: Gender | null;
  /** The SPEC default 2000-01-01 until `birthDateConfirmed`. */
  birthDate: string;
  birthDateConfirmed: boolean;
  /** Null while the birth date is not confirmed: the default date is nobody's age. */
  age: number | null;
  lookingFor: string;
  /** Country of residence. */
  country: string;
  /** Country of origin, "" when not given. */
  originCountry: string;
  /** "" when not given. */
  city: string;
  /** « Prêt(e) à déménager »; null when not given. */
  relocate: Relocate | null;
  phoneNumber: string;
  bio: string;
  occupation: string;
  education: string;
  languages: string[];
  interests: string[];
  photos: PhotoDto[];
  accountStatus: AccountStatus;
  createdAt: string;
  updatedAt: string;
}

export interface AdminMatchRow {
  id: string;
  status: "accepted" | "rejected";
  createdAt: string;
  updatedAt: string;
  /** Who made it rejected; « admin » when an administrator did. */
  rejectedBy: "user1" | "user2" | "admin" | null;
  user1: MemberRef;
  user2: MemberRef;
  messages: number;
}

export interface AdminMessageRow {
  id: string;
  matchId: string;
  sender: MemberRef;
  recipient: MemberRef;
  content: string;
  createdAt: string;
  readAt: string | null;
}

export interface AdminSubscriptionRow {
  id: string;
  member: MemberRef;
  plan: string;
  status: "active" | "expired" | "cancelled";
  startDate: string;
  endDate: string;
  /** « admin » for a subscription granted by hand (free). */
  provider: ProviderName | "admin";
  /** How it was paid; null when granted by hand (or seeded). */
  method: PaymentMethod | null;
  /** The mobile-money operator the member paid with. */
  operator: OperatorId | null;
  /** In the currency's smallest unit (euro cents, whole CFA francs). */
  amount: number;
  currency: Currency;
  /** The provider's reference of the payment (« admin_… » for a subscription granted by hand). */
  providerRef: string;
  createdAt: string;
}

/** The states of a payment attempt (a checkout), in the order of the admin filter. */
export const PAYMENT_STATUSES = [
  "pending",
  "paid",
  "failed",
  "cancelled",
  "expired",
] as const satisfies readonly CheckoutStatus[];

/** One payment attempt (a checkout) and where it stands, for the admin payments list. */
export interface AdminPaymentRow {
  id: string;
  member: MemberRef;
  plan: string;
  /** What the member was asked to pay, in the currency's smallest unit. */
  amount: number;
  currency: Currency;
  provider: ProviderName;
  method: PaymentMethod;
  /** Mobile money: the operator chosen, then the one paid with. */
  operator: OperatorId | null;
  status: CheckoutStatus;
  /** The provider's reason for a refusal, or why its report was refused (amount, currency). */
  failureReason: string | null;
  /** The provider's reference of the payment (Stripe cs_…, CinetPay or FedaPay transaction). */
  providerRef: string | null;
  /** Pending payments: how often their status was asked of the provider, and when it is next. */
  checkAttempts: number;
  nextCheckAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface DashboardDto {
  members: {
    total: number;
    byStatus: Record<AccountStatus, number>;
    byGender: { male: number; female: number; unknown: number };
    /** The 10 biggest countries, largest first. */
    byCountry: { country: string; count: number }[];
  };
  /** 30 days, oldest first, days as YYYY-MM-DD (Europe/Paris). */
  signupsPerDay: { day: string; count: number }[];
  messagesPerDay: { day: string; count: number }[];
  activeSubscriptions: number;
  /**
   * Payments received since the 1st of the month (Paris time), per currency, in each currency's
   * smallest unit: only currencies with revenue, the euro first (empty when nothing was paid).
   */
  revenueThisMonth: { currency: Currency; amount: number }[];
  /** Selfie verifications waiting for an administrator's decision. */
  pendingVerifications: number;
  /** Photos screening held from public view at upload, waiting for an administrator's decision. */
  pendingPhotoReviews: number;
  /** When the figures above were computed (they are kept for DASHBOARD_CACHE_SECONDS). */
  figuresAt: string;
  /** Always current. */
  latestActions: AuditEntryDto[];
}

/**
 * A profile verification the automatic decision left to an administrator (issue 16): the likeness
 * of the live selfie to the profile photos was uncertain. The selfie is shown beside the photos.
 */
export interface AdminVerificationRow {
  id: string;
  member: MemberRef;
  /** Likeness of the selfie to the closest profile photo, from 0 to 1. */
  likeness: number | null;
  createdAt: string;
  /** The one selfie frame kept for the review (/api/admin/verifications/:id/selfie), erased once decided. */
  selfieUrl: string;
  /** The member's current profile photos, main photo first. */
  photos: PhotoDto[];
}

export interface AdminVerificationDecision {
  id: string;
  userId: string;
  outcome: "verified" | "refused";
  decidedAt: string;
}

export const VERIFICATION_REVIEW_MSG = {
  NOT_FOUND: "Cette vérification n'existe pas",
  SELFIE_GONE: "Ce selfie n'est plus disponible : il est effacé dès que la vérification est décidée",
  ALREADY_DECIDED: "Cette vérification a déjà été décidée par un administrateur",
} as const;

/** Why screening held an uploaded photo from public view (issue 16). */
export type PhotoReviewReason = "suggestive" | "reused";

/**
 * A photo held from public view until an administrator decides (« Photos à vérifier »): the nudity
 * model was in doubt, or the same picture is on another account (the stolen-photo pattern).
 */
export interface AdminPhotoReviewRow {
  id: string;
  reason: PhotoReviewReason;
  /**
   * suggestive: the nudity model's probability, from 0 to 1; reused: how many of the 64 bits of
   * the two perceptual hashes differ (0 is the very same picture).
   */
  score: number | null;
  createdAt: string;
  member: MemberRef;
  /** The held photo, as it is on the member's profile. */
  photo: PhotoDto;
  /**
   * reused only: the other account (null when it was deleted since) and its matching photo (null
   * when it left that profile since).
   */
  matched: { member: MemberRef | null; photo: PhotoDto | null } | null;
  /** How many photos the member's profile has, the held one included. */
  memberPhotoCount: number;
}

export type PhotoReviewDecision = "approve" | "remove" | "ban";

export interface AdminPhotoReviewDecision {
  id: string;
  userId: string;
  status: "approved" | "removed";
  /** Whether the member was banned with it. */
  banned: boolean;
  decidedAt: string;
}

export const PHOTO_REVIEW_MSG = {
  NOT_FOUND: "Cette photo à vérifier n'existe pas",
  ALREADY_DECIDED: "Cette photo a déjà été traitée par un administrateur",
  SELF_BAN: "Vous ne pouvez pas vous bannir vous-même",
} as const;

/** Who the payment code signs its audit entries as (they have no administrator). */
export const PAYMENT_SYSTEM_ACTOR = "Système de paiement";

export interface AuditEntryDto {
  id: string;
  /**
   * id null: the administrator's account was deleted (email is still theirs), or the entry is the
   * payment system's (email is then PAYMENT_SYSTEM_ACTOR).
   */
  admin: { id: string | null; email: string };
  /** e.g. "user.ban", "profile.photo.remove", "subscription.grant", "import", "payment.paid". */
  action: string;
  targetType: string;
  targetId: string | null;
  /** A short French description, e.g. « Bannissement : faux profil ». */
  summary: string;
  createdAt: string;
}

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  "admin.login": "Connexion",
  "user.ban": "Bannissement",
  "user.unban": "Levée de bannissement",
  "user.role": "Changement de rôle",
  "user.delete": "Suppression de compte",
  "profile.update": "Modification de profil",
  "profile.photo.remove": "Photo retirée",
  "match.reject": "Match rejeté",
  "message.delete": "Message supprimé",
  "subscription.grant": "Abonnement offert",
  "subscription.extend": "Abonnement prolongé",
  "subscription.cancel": "Abonnement annulé",
  import: "Import JSON",
  "report.in_review": "Signalement pris en charge",
  "report.dismissed": "Signalement classé sans suite",
  "report.action": "Mesure prise sur signalement",
  "verification.approve": "Vérification approuvée",
  "verification.refuse": "Vérification refusée",
  "photo.approve": "Photo approuvée",
  "photo.remove": "Photo retirée",
  "photo.ban": "Membre banni (photo)",
  // Written by the payment code, not by an administrator (target: the checkout).
  "payment.started": "Paiement ouvert",
  "payment.paid": "Paiement confirmé",
  "payment.failed": "Paiement refusé",
  "payment.cancelled": "Paiement annulé",
  "payment.expired": "Paiement expiré",
  "payment.mismatch": "Paiement refusé : montant ou devise inattendus",
};

/** One row of a JSON import: the e-mail plus the profile fields of /api/profile (same rules). */
export interface ImportRowDto {
  /** Position in the file, from 1. */
  index: number;
  email: string | null;
  firstName: string | null;
  ok: boolean;
  /** Field → French message; `_` for the row as a whole. */
  errors: Record<string, string>;
  /** Whether a member with this e-mail exists already (the import updates them). */
  exists: boolean;
}

export interface ImportPreviewDto {
  rows: ImportRowDto[];
  valid: number;
  invalid: number;
}

export interface ImportResultDto {
  created: number;
  updated: number;
  skipped: number;
}

export const IMPORT_MAX_ROWS = 5_000;
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
