import { useMutation } from "@tanstack/react-query";
import { call, cancelledBy, pathParams } from "@web/lib/api.ts";
import { adminApi, useAdminList, useRefreshAdmin } from "../shared/admin-api.ts";
import type { ListConfig } from "../shared/list-params.ts";

export const MATCHES_LIST: ListConfig = {
  sorts: ["created_at", "updated_at"],
  defaultDir: "desc",
  filters: ["member", "status"],
};

export function useMatches(query: string) {
  return useAdminList("matches", query, (q, signal) =>
    call(adminApi.matches.$get({ query: q }, cancelledBy(signal))),
  );
}

export function useRejectMatch() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (id: string) => call(adminApi.matches[":id"].reject.$post({ param: pathParams({ id }) })),
    onSuccess: () => void refresh(),
  });
}
