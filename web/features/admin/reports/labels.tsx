import {
  type AdminReportRow,
  REPORT_ACTION_LABELS,
  REPORT_REASON_LABELS,
  REPORT_STATUS_LABELS,
} from "@domain/safety.ts";
import { Badge } from "@web/components/ui/Badge.tsx";
import { type PillTone, StatusPill } from "../shared/StatusPill.tsx";

const STATUS_TONES: Record<AdminReportRow["status"], PillTone> = {
  pending: "warning",
  in_review: "info",
  action_taken: "success",
  dismissed: "neutral",
};

export const reasonLabel = (reason: AdminReportRow["reason"]) => REPORT_REASON_LABELS[reason] ?? reason;

/** « En attente », « Mesure prise : Compte banni »… */
export function ReportStatusPill({ report }: { report: Pick<AdminReportRow, "status" | "action"> }) {
  return (
    <StatusPill tone={STATUS_TONES[report.status]}>
      {REPORT_STATUS_LABELS[report.status]}
      {report.status === "action_taken" && report.action ? ` : ${REPORT_ACTION_LABELS[report.action]}` : ""}
    </StatusPill>
  );
}

/** « 3 signalements » when several members reported the same person. */
export function ReportedManyBadge({ count }: { count: number }) {
  if (count < 2) return null;
  return (
    <Badge tone="brand" className="w-fit px-2">
      {count} signalements
    </Badge>
  );
}

export const reportPath = (id: string) => `/admin/reports/${encodeURIComponent(id)}`;
