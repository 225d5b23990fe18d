import { useParams } from "react-router-dom";
import { AdminPage } from "../shared/AdminPage.tsx";
import { BackLink, DetailError, DetailSkeleton } from "../shared/DetailStates.tsx";
import { LiveNotice, useNotice } from "../shared/LiveNotice.tsx";
import { useAdminReport } from "./api.ts";
import { ReportContext, ReportedPhotos, ReportSummary } from "./components/ReportSummary.tsx";
import { ReportWorkflow } from "./components/ReportWorkflow.tsx";
import { reasonLabel } from "./labels.tsx";

/** /admin/reports/:id: one report, its context, the reported member's photos and the workflow. */
export default function ReportDetailPage() {
  const id = useParams().id ?? "";
  const report = useAdminReport(id);
  const { notice, success } = useNotice();

  return (
    <AdminPage
      title={report.data ? `Signalement : ${reasonLabel(report.data.reason)}` : "Signalement"}
      actions={<BackLink to="/admin/reports" label="Tous les signalements" />}
    >
      <LiveNotice notice={notice} />
      {report.isPending ? (
        <DetailSkeleton label="Chargement du signalement…" />
      ) : !report.data ? (
        <DetailError
          error={report.error}
          notFoundTitle="Signalement introuvable"
          errorTitle="Impossible de charger ce signalement"
          backTo="/admin/reports"
          backLabel="Revenir aux signalements"
          onRetry={() => void report.refetch()}
          retrying={report.isFetching}
        />
      ) : (
        <div className="grid gap-4 lg:grid-cols-[1fr_20rem] lg:items-start">
          <div className="flex min-w-0 flex-col gap-4">
            <ReportSummary report={report.data} />
            <ReportContext report={report.data} />
            <ReportedPhotos report={report.data} />
          </div>
          <div className="lg:sticky lg:top-4 lg:order-last">
            <ReportWorkflow report={report.data} onNotice={success} />
          </div>
        </div>
      )}
    </AdminPage>
  );
}
