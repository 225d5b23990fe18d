import { type AdminReportRow, REPORT_REASON_LABELS, REPORT_STATUS_LABELS } from "@domain/safety.ts";
import type { DataTableColumn } from "@web/components/ui/DataTable.tsx";
import { quoted } from "@web/lib/format.ts";
import { Link } from "react-router-dom";
import { AdminPage } from "../shared/AdminPage.tsx";
import { FilterBar } from "../shared/FilterBar.tsx";
import { FilterSelect, optionsOf } from "../shared/FilterSelect.tsx";
import { ListView } from "../shared/ListView.tsx";
import { formatDateTime } from "../shared/labels.ts";
import { useListParams } from "../shared/list-params.ts";
import { REPORTS_LIST, useReports } from "./api.ts";
import { ReportedCell, ReporterCell } from "./components/cells.tsx";
import { ReportStatusPill, reasonLabel, reportPath } from "./labels.tsx";

const STATUS_OPTIONS = [{ value: "open", label: "Ouverts" }, ...optionsOf(REPORT_STATUS_LABELS)];

const EXCERPT_LENGTH = 140;
const excerpt = (text: string) => (text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}…` : text);

const columns: DataTableColumn<AdminReportRow>[] = [
  {
    // The reason (the link to the report) and the date share a column: the table fits a laptop.
    id: "report",
    header: "Signalement",
    rowHeader: true,
    cell: (r) => (
      <>
        <Link to={reportPath(r.id)} className="font-semibold text-teal-800 underline underline-offset-2">
          <span>{reasonLabel(r.reason)}</span>
          <span className="sr-only"> : examiner le signalement</span>
        </Link>
        <time dateTime={r.createdAt} className="block text-ink-soft">
          {formatDateTime(r.createdAt)}
        </time>
      </>
    ),
  },
  { id: "reported", header: "Membre signalé", cell: (r) => <ReportedCell report={r} /> },
  { id: "reporter", header: "Signalé par", cell: (r) => <ReporterCell report={r} /> },
  {
    id: "excerpt",
    header: "Extrait",
    className: "min-w-40 max-w-md",
    cell: (r) => (
      <div className="flex flex-col gap-1 break-words whitespace-pre-wrap [overflow-wrap:anywhere]">
        {r.messageExcerpt && <p>{quoted(excerpt(r.messageExcerpt))}</p>}
        {r.details && <p className="text-ink-soft">{excerpt(r.details)}</p>}
        {!r.messageExcerpt && !r.details && <span className="text-ink-soft">—</span>}
      </div>
    ),
  },
  { id: "status", header: "Statut", cell: (r) => <ReportStatusPill report={r} /> },
];

/** /admin/reports: the moderation queue, open reports and the most reported members first. */
export default function ReportsPage() {
  const params = useListParams(REPORTS_LIST);
  const reports = useReports(params.query);

  return (
    <AdminPage
      title="Signalements"
      intro="Les signalements des membres et de la détection automatique : les dossiers ouverts d’abord, puis les membres signalés par plusieurs personnes."
    >
      <FilterBar label="Filtrer les signalements">
        <FilterSelect
          id="reports-status"
          label="Statut"
          allLabel="Tous les statuts"
          value={params.filters.status ?? ""}
          onChange={(v) => params.setFilter("status", v)}
          options={STATUS_OPTIONS}
        />
        <FilterSelect
          id="reports-reason"
          label="Raison"
          allLabel="Toutes les raisons"
          value={params.filters.reason ?? ""}
          onChange={(v) => params.setFilter("reason", v)}
          options={optionsOf(REPORT_REASON_LABELS)}
        />
      </FilterBar>
      <ListView
        list={reports}
        params={params}
        caption="Signalements"
        columns={columns}
        rowKey={(r) => r.id}
        emptyText="Aucun signalement pour le moment."
        errorTitle="Impossible de charger les signalements"
        itemsLabel="signalements"
        itemLabel="signalement"
      />
    </AdminPage>
  );
}
