// Server state of the moderation queue: the reports list, one report, and its workflow.
import type { AdminReportDetail, AdminReportRow, ReportAction } from "@domain/safety.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ADMIN_KEY, adminApi, adminPath, useAdminList, useRefreshAdmin } from "../shared/admin-api.ts";
import type { ListConfig } from "../shared/list-params.ts";

/** The API orders the queue itself (open first, most reported members first, newest): no sort keys. */
export const REPORTS_LIST: ListConfig = {
  sorts: [],
  defaultDir: "desc",
  filters: ["status", "reason"],
};

export const reportKey = (id: string) => [...ADMIN_KEY, "reports", "detail", id] as const;

export function useReports(query: string) {
  return useAdminList<AdminReportRow>("reports", query);
}

export function useAdminReport(id: string) {
  return useQuery({
    queryKey: reportKey(id),
    queryFn: ({ signal }) => adminApi.get<AdminReportDetail>(adminPath("reports", id), signal),
  });
}

export type StatusInput = { status: "in_review" | "dismissed"; note?: string };
export type ActionInput = { action: ReportAction; note?: string; photoKey?: string };

/** A workflow step answering with the fresh report, which replaces the cached one. */
function useReportStep<V>(id: string, run: (v: V) => Promise<AdminReportDetail>) {
  const queryClient = useQueryClient();
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: run,
    onSuccess: (detail) => {
      queryClient.setQueryData(reportKey(id), detail);
      void refresh(reportKey(id));
    },
  });
}

export function useSetReportStatus(id: string) {
  return useReportStep(id, (input: StatusInput) =>
    adminApi.post<AdminReportDetail>(adminPath("reports", id, "status"), input),
  );
}

export function useActOnReport(id: string) {
  return useReportStep(id, (input: ActionInput) =>
    adminApi.post<AdminReportDetail>(adminPath("reports", id, "action"), input),
  );
}
