import { useMutation } from "@tanstack/react-query";
import { call, cancelledBy, pathParams } from "@web/lib/api.ts";
import { adminApi, useAdminList, useRefreshAdmin } from "../shared/admin-api.ts";
import type { ListConfig } from "../shared/list-params.ts";

export const MESSAGES_LIST: ListConfig = {
  sorts: ["created_at"],
  defaultDir: "desc",
  filters: ["matchId", "member"],
};

export function useMessages(query: string) {
  return useAdminList("messages", query, (q, signal) =>
    call(adminApi.messages.$get({ query: q }, cancelledBy(signal))),
  );
}

export function useDeleteMessage() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (id: string) => call(adminApi.messages[":id"].$delete({ param: pathParams({ id }) })),
    onSuccess: () => void refresh(),
  });
}
