// Server state of the profiles pages: list, detail, edits and photo moderation.
import type { AdminProfileRow } from "@domain/admin.ts";
import type { ProfileUpdate } from "@domain/profile.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, cancelledBy, pathParams } from "@web/lib/api.ts";
import { ADMIN_KEY, adminApi, useAdminList, useRefreshAdmin } from "../shared/admin-api.ts";
import type { ListConfig } from "../shared/list-params.ts";

export const PROFILES_LIST: ListConfig = {
  sorts: ["created_at", "updated_at", "first_name", "birth_date"],
  defaultDir: "desc",
  filters: ["gender", "status", "country", "hasPhoto"],
};

export const profileKey = (userId: string) => [...ADMIN_KEY, "profiles", "detail", userId] as const;

export function useProfiles(query: string) {
  return useAdminList("profiles", query, (q, signal) =>
    call(adminApi.profiles.$get({ query: q }, cancelledBy(signal))),
  );
}

export function useAdminProfile(userId: string) {
  return useQuery({
    queryKey: profileKey(userId),
    queryFn: ({ signal }) =>
      call(adminApi.profiles[":userId"].$get({ param: pathParams({ userId }) }, cancelledBy(signal))),
    // The edit form keeps its own state; no refetch behind the admin's back.
    refetchOnWindowFocus: false,
  });
}

function useProfileAction<V>(userId: string, run: (v: V) => Promise<AdminProfileRow>) {
  const queryClient = useQueryClient();
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: run,
    onSuccess: (row) => {
      queryClient.setQueryData(profileKey(userId), row);
      void refresh(profileKey(userId));
    },
  });
}

/** PATCH with the changed fields only. */
export function useUpdateAdminProfile(userId: string) {
  return useProfileAction(userId, (changes: Partial<ProfileUpdate>) =>
    call(adminApi.profiles[":userId"].$patch({ param: pathParams({ userId }), json: changes })),
  );
}

export function useRemovePhoto(userId: string) {
  return useProfileAction(userId, (key: string) =>
    call(
      adminApi.profiles[":userId"].photos.$delete({ param: pathParams({ userId }), query: { path: key } }),
    ),
  );
}
