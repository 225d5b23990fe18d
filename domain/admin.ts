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
//   GET  /api/admin/subscriptions    ?q&status(active|expired|cancelled|suspended|refunded)&plan&sort(start_date|end_date|created_at)&dir&page&size → AdminList<AdminSubscriptionRow>
//   POST /api/admin/subscriptions/grant      {userId, months, plan?} → AdminSubscriptionRow (free, provider "admin")
//   POST /api/admin/subscriptions/:id/extend {months} → AdminSubscriptionRow
//   POST /api/admin/subscriptions/:id/cancel → AdminSubscriptionRow
//   GET  /api/admin/payments         ?q(member e-mail or name, exact provider reference, or checkout id)&status(pending|paid|failed|cancelled|expired)
//                                    &provider&currency(EUR|XOF|XAF)&reversal(refunded|disputed|charged-back)&sort(created_at)&dir&page&size
//                                    → AdminList<AdminPaymentRow> (every checkout, newest first)
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
import type { CheckoutStatus } from "./subscriptions.ts";

// What these endpoints answer: described by their schemas in responses/admin.ts (and the reports'
// in responses/safety.ts), re-exported as types only (see responses/scalars.ts).
export type {
  AdminList,
  AdminLoginResult,
  AdminMatchRow,
  AdminMessageRow,
  AdminPaymentRow,
  AdminPhotoReviewDecision,
  AdminPhotoReviewRow,
  AdminProfileRow,
  AdminRecord,
  AdminSubscriptionRow,
  AdminUserDetail,
  AdminUserRow,
  AdminVerificationDecision,
  AdminVerificationRow,
  AuditEntryDto,
  DashboardDto,
  ImportPreviewDto,
  ImportResultDto,
  ImportRowDto,
  MemberRef,
  PhotoReviewReason,
} from "./responses/admin.ts";

export const ADMIN_COUNT_CAP = 10_000;
export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_PAGE_SIZE_MAX = 100;
/** localStorage key of the admin display record (SPEC §3); never a credential. */
export const ADMIN_STORAGE_KEY = "adminUser";

/** The states of a payment attempt (a checkout), in the order of the admin filter. */
export const PAYMENT_STATUSES = [
  "pending",
  "paid",
  "failed",
  "cancelled",
  "expired",
] as const satisfies readonly CheckoutStatus[];

/**
 * The admin payments list's filter on what happened after payment (issue 33): refunded (in full or
 * in part), a chargeback open at the member's bank, charged back (a chargeback lost).
 */
export const PAYMENT_REVERSALS = ["refunded", "disputed", "charged-back"] as const;
export type PaymentReversal = (typeof PAYMENT_REVERSALS)[number];

export const VERIFICATION_REVIEW_MSG = {
  NOT_FOUND: "Cette vérification n’existe pas",
  SELFIE_GONE: "Ce selfie n’est plus disponible : il est effacé dès que la vérification est décidée",
  ALREADY_DECIDED: "Cette vérification a déjà été décidée par un administrateur",
} as const;

export type PhotoReviewDecision = "approve" | "remove" | "ban";

export const PHOTO_REVIEW_MSG = {
  NOT_FOUND: "Cette photo à vérifier n’existe pas",
  ALREADY_DECIDED: "Cette photo a déjà été traitée par un administrateur",
  SELF_BAN: "Vous ne pouvez pas vous bannir vous-même",
} as const;

/** Who the payment code signs its audit entries as (they have no administrator). */
export const PAYMENT_SYSTEM_ACTOR = "Système de paiement";

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

export const IMPORT_MAX_ROWS = 5_000;
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

/** The administration's refusals (server/features/admin). */
export const ADMIN_MSG = {
  MATCH_NOT_FOUND: "Ce match n’existe pas",
  MESSAGE_NOT_FOUND: "Ce message n’existe pas",
  PROFILE_NOT_FOUND: "Ce profil n’existe pas",
  NOTHING_TO_SAVE: "Aucune modification à enregistrer",
  REPORT_NOT_FOUND: "Ce signalement n’existe pas",
  REPORT_ALREADY_HANDLED: "Ce signalement est déjà traité",
  REPORTED_ACCOUNT_GONE: "Le compte signalé n’existe plus",
  CHOOSE_PHOTO: "Choisissez la photo à retirer",
  SUBSCRIPTION_NOT_FOUND: "Cet abonnement n’existe pas",
  ACCOUNT_NOT_FOUND: "Ce compte n’existe pas",
  CANCELLED_NOT_EXTENDABLE: "Un abonnement annulé ne peut pas être prolongé",
  REVERSED_NOT_EXTENDABLE:
    "Le paiement de cet abonnement a été remboursé ou est contesté : il ne peut pas être prolongé. Offrez plutôt des mois au membre.",
  SELF_BAN: "Vous ne pouvez pas vous bannir vous-même",
  SELF_DEMOTE: "Vous ne pouvez pas retirer votre propre rôle d’administrateur",
  SELF_DELETE: "Vous ne pouvez pas supprimer votre propre compte ici",
  CONFIRM_EMAIL_MISMATCH: "L’adresse e-mail de confirmation ne correspond pas",
} as const;
