// Server state of the users pages: list, detail and moderation actions.
import type { AdminUserDetail, AdminUserRow } from "@domain/admin.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ADMIN_KEY, adminApi, adminPath, useAdminList, useRefreshAdmin } from "../shared/admin-api.ts";
import type { ListConfig } from "../shared/list-params.ts";

export const USERS_LIST: ListConfig = {
  sorts: ["created_at", "email", "name"],
  defaultDir: "desc",
  filters: ["status", "role", "banned"],
};

export const userKey = (id: string) => [...ADMIN_KEY, "users", "detail", id] as const;

export function useUsers(query: string) {
  return useAdminList<AdminUserRow>("users", query);
}

export function useAdminUser(id: string) {
  return useQuery({
    queryKey: userKey(id),
    queryFn: ({ signal }) => adminApi.get<AdminUserDetail>(adminPath("users", id), signal),
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
    adminApi.post<AdminUserDetail>(adminPath("users", id, "ban"), { reason }),
  );
}

export function useUnbanUser(id: string) {
  return useUserAction(id, () => adminApi.post<AdminUserDetail>(adminPath("users", id, "unban")));
}

export function useChangeRole(id: string) {
  return useUserAction(id, (role: AdminUserRow["role"]) =>
    adminApi.post<AdminUserDetail>(adminPath("users", id, "role"), { role }),
  );
}

export function useDeleteUser(id: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (confirmEmail: string) => adminApi.delete<void>(adminPath("users", id), { confirmEmail }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: userKey(id) });
      void refresh();
    },
  });
}
