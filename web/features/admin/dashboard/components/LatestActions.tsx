import { AUDIT_ACTION_LABELS, type AuditEntryDto } from "@domain/admin.ts";
import { DataTable, type DataTableColumn } from "@web/components/ui/DataTable.tsx";
import { EmailAddress } from "@web/components/ui/EmailAddress.tsx";
import { Link } from "react-router-dom";
import { formatDateTime } from "../../shared/labels.ts";

const columns: DataTableColumn<AuditEntryDto>[] = [
  {
    id: "action",
    header: "Action",
    rowHeader: true,
    cell: (e) => <span className="font-semibold">{AUDIT_ACTION_LABELS[e.action] ?? e.action}</span>,
  },
  {
    id: "summary",
    header: "Détail",
    cell: (e) =>
      // A moderation step links to its report (« Signalement pris en charge », « Mesure prise… »).
      e.targetType === "report" && e.targetId ? (
        <Link
          to={`/admin/reports/${encodeURIComponent(e.targetId)}`}
          className="break-words text-teal-800 underline underline-offset-2"
        >
          {e.summary}
          <span className="sr-only"> : voir le signalement</span>
        </Link>
      ) : (
        <span className="break-words">{e.summary}</span>
      ),
  },
  { id: "admin", header: "Par", cell: (e) => <EmailAddress email={e.admin.email} /> },
  {
    id: "date",
    header: "Date",
    cell: (e) => <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>,
  },
];

export function LatestActions({ entries }: { entries: AuditEntryDto[] }) {
  return (
    <DataTable
      caption="Dernières actions des administrateurs"
      captionHidden
      columns={columns}
      rows={entries}
      rowKey={(e) => e.id}
      empty="Aucune action enregistrée pour le moment."
    />
  );
}
