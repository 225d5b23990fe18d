import type { AdminReportRow } from "@domain/safety.ts";
import { Bot } from "lucide-react";
import { MemberCell } from "../../shared/MemberCell.tsx";
import { ReportedManyBadge } from "../labels.tsx";

/** The reported member: their account, or the name kept in the report once the account is gone. */
export function ReportedCell({ report }: { report: AdminReportRow }) {
  return (
    <div className="flex flex-col gap-1.5">
      {report.reported ? (
        <MemberCell member={report.reported} />
      ) : (
        <div className="min-w-48">
          <p className="font-semibold break-words">{report.reportedLabel}</p>
          <p className="text-ink-soft">Compte supprimé</p>
        </div>
      )}
      <ReportedManyBadge count={report.reportersOfMember} />
    </div>
  );
}

export function ReporterCell({ report }: { report: AdminReportRow }) {
  if (report.reporter) return <MemberCell member={report.reporter} />;
  return (
    <span className="inline-flex items-center gap-1.5 font-medium text-ink-soft">
      <Bot className="size-4 shrink-0" aria-hidden="true" />
      Détection automatique
    </span>
  );
}
