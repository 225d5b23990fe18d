// Server state of the users pages: list, detail and moderation actions.
import type { AdminUserDetail, AdminUserRow } from "@domain/admin.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, cancelledBy, pathParams } from "@web/lib/api.ts";
import { ADMIN_KEY, adminApi, useAdminList, useRefreshAdmin } from "../shared/admin-api.ts";
import type { ListConfig } from "../shared/list-params.ts";

export const USERS_LIST: ListConfig = {
  sorts: ["created_at", "email", "name"],
  defaultDir: "desc",
  filters: ["status", "role", "banned"],
};

export const userKey = (id: string) => [...ADMIN_KEY, "users", "detail", id] as const;

export function useUsers(query: string) {
  return useAdminList("users", query, (q, signal) =>
    call(adminApi.users.$get({ query: q }, cancelledBy(signal))),
  );
}

export function useAdminUser(id: string) {
  return useQuery({
    queryKey: userKey(id),
    queryFn: ({ signal }) =>
      call(adminApi.users[":id"].$get({ param: pathParams({ id }) }, cancelledBy(signal))),
  });
}

/** A user action answering with the fresh detail, which replaces the cached one. */
function useUserAction<V>(id: string, run: (v: V) => Promise<AdminUserDetail>) {
  const queryClient = useQueryClient();
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: run,
    onSuccess: (detail) => {
      queryClient.setQueryData(userKey(id), detail);
      void refresh(userKey(id));
    },
  });
}

export function useBanUser(id: string) {
  return useUserAction(id, (reason: string) =>
    call(adminApi.users[":id"].ban.$post({ param: pathParams({ id }), json: { reason } })),
  );
}

export function useUnbanUser(id: string) {
  return useUserAction(id, () => call(adminApi.users[":id"].unban.$post({ param: pathParams({ id }) })));
}

export function useChangeRole(id: string) {
  return useUserAction(id, (role: AdminUserRow["role"]) =>
    call(adminApi.users[":id"].role.$post({ param: pathParams({ id }), json: { role } })),
  );
}

export function useDeleteUser(id: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (confirmEmail: string) =>
      call(adminApi.users[":id"].$delete({ param: pathParams({ id }), json: { confirmEmail } })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: userKey(id) });
      void refresh();
    },
  });
}
