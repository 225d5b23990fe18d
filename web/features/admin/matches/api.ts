import type { AdminMatchRow } from "@domain/admin.ts";
import { useMutation } from "@tanstack/react-query";
import { adminApi, adminPath, useAdminList, useRefreshAdmin } from "../shared/admin-api.ts";
import type { ListConfig } from "../shared/list-params.ts";

export const MATCHES_LIST: ListConfig = {
  sorts: ["created_at", "updated_at"],
  defaultDir: "desc",
  filters: ["member", "status"],
};

export function useMatches(query: string) {
  return useAdminList<AdminMatchRow>("matches", query);
}

export function useRejectMatch() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (id: string) => adminApi.post<AdminMatchRow>(adminPath("matches", id, "reject")),
    onSuccess: () => void refresh(),
  });
}
