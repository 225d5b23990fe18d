import type { AdminMessageRow } from "@domain/admin.ts";
import { useMutation } from "@tanstack/react-query";
import { adminApi, adminPath, useAdminList, useRefreshAdmin } from "../shared/admin-api.ts";
import type { ListConfig } from "../shared/list-params.ts";

export const MESSAGES_LIST: ListConfig = {
  sorts: ["created_at"],
  defaultDir: "desc",
  filters: ["matchId", "member"],
};

export function useMessages(query: string) {
  return useAdminList<AdminMessageRow>("messages", query);
}

export function useDeleteMessage() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (id: string) => adminApi.delete<void>(adminPath("messages", id)),
    onSuccess: () => void refresh(),
  });
}
