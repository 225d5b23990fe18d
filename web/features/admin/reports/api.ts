// Server state of the moderation queue: the reports list, one report, and its workflow.
import type { AdminReportDetail, ReportAction } from "@domain/safety.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, cancelledBy, pathParams } from "@web/lib/api.ts";
import { ADMIN_KEY, adminApi, useAdminList, useRefreshAdmin } from "../shared/admin-api.ts";
import type { ListConfig } from "../shared/list-params.ts";

/** The API orders the queue itself (open first, most reported members first, newest): no sort keys. */
export const REPORTS_LIST: ListConfig = {
  sorts: [],
  defaultDir: "desc",
  filters: ["status", "reason"],
};

export const reportKey = (id: string) => [...ADMIN_KEY, "reports", "detail", id] as const;

export function useReports(query: string) {
  return useAdminList("reports", query, (q, signal) =>
    call(adminApi.reports.$get({ query: q }, cancelledBy(signal))),
  );
}

export function useAdminReport(id: string) {
  return useQuery({
    queryKey: reportKey(id),
    queryFn: ({ signal }) =>
      call(adminApi.reports[":id"].$get({ param: pathParams({ id }) }, cancelledBy(signal))),
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
    call(adminApi.reports[":id"].status.$post({ param: pathParams({ id }), json: input })),
  );
}

export function useActOnReport(id: string) {
  return useReportStep(id, (input: ActionInput) =>
    call(adminApi.reports[":id"].action.$post({ param: pathParams({ id }), json: input })),
  );
}
