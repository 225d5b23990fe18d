// Trust, safety and privacy (issue « Trust, safety and privacy »): blocks, reports and their
// moderation, the member's data. Contract shared by the pages and the API.
//
// Member endpoints (a session is enough; no subscription needed to protect oneself):
//   GET    /api/blocks                 → { data: BlockedMemberDto[] }
//   POST   /api/blocks {userId}        → 201 BlockedMemberDto (any match between them is rejected)
//   DELETE /api/blocks/:userId         → 204
//   POST   /api/reports {userId, messageId?, reason, details?, block?} → 201 { id }
//   GET    /api/me/export              → application/zip (data.json + photos/)
//   POST   /api/me/delete {password}   → 204 (account, profile, photos, likes, matches, sessions)
// Admin endpoints (role checked on the server):
//   GET  /api/admin/reports ?status&reason&page&size → AdminList<AdminReportRow>
//   GET  /api/admin/reports/:id        → AdminReportDetail
//   POST /api/admin/reports/:id/status {status: "in_review" | "dismissed", note?} → AdminReportDetail
//   POST /api/admin/reports/:id/action {action: "ban" | "photo_removed" | "warning", note?, photoKey?} → AdminReportDetail
import type { ReportReason } from "./responses/safety.ts";

export {
  REPORT_ACTIONS,
  REPORT_REASONS,
  REPORT_STATUSES,
  type ReportAction,
  type ReportStatus,
} from "./enums.ts";
// Blocks, reports and their moderation as the API sends them: described by their schemas in
// responses/safety.ts, re-exported as types only (see responses/scalars.ts).
export type {
  AdminReportDetail,
  AdminReportRow,
  BlockedMemberDto,
  ReportReason,
} from "./responses/safety.ts";

import type { ReportAction, ReportStatus } from "./enums.ts";

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  fake_profile: "Faux profil",
  scam: "Arnaque ou demande d’argent",
  harassment: "Harcèlement",
  inappropriate: "Contenu inapproprié",
  minor: "Personne mineure",
  other: "Autre",
  spam: "Envois en masse (détection automatique)",
};

export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  pending: "En attente",
  in_review: "En cours d’examen",
  action_taken: "Mesure prise",
  dismissed: "Classé sans suite",
};

export const REPORT_ACTION_LABELS: Record<ReportAction, string> = {
  ban: "Compte banni",
  photo_removed: "Photo retirée",
  warning: "Avertissement envoyé",
};

export const REPORT_DETAILS_MAX = 1000;
/** Reports one member may file per day. */
export const REPORTS_PER_DAY = 20;
/** The same first message sent to this many people within a day is reported automatically. */
export const SPAM_SAME_MESSAGE_THRESHOLD = 5;

/** Cookies the site sets, for the cookie notice (all strictly necessary). */
export const COOKIES = [
  {
    name: "better-auth.session_token",
    purpose: "Garder votre session ouverte une fois connecté(e)",
    duration: "30 jours, prolongés quand vous utilisez le site",
  },
  {
    name: "better-auth.two_factor",
    purpose: "Administrateurs seulement : l’étape de double authentification pendant la connexion",
    duration: "10 minutes",
  },
] as const;
