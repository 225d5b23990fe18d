// Server state shared by the admin pages: the signed-in admin, lists, and request helpers.
import type { AdminList, AdminRecord } from "@domain/admin.ts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api, apiRequest } from "@web/lib/api.ts";
import { useCallback } from "react";

/** Every admin query key starts with this, so signing out can drop them all. */
export const ADMIN_KEY = ["admin"] as const;
export const ADMIN_ME_KEY = [...ADMIN_KEY, "me"] as const;

export const adminPath = (...segments: string[]) =>
  `/api/admin/${segments.map((s) => encodeURIComponent(s)).join("/")}`;

export const adminApi = {
  get: api.get,
  post: api.post,
  patch: <T>(path: string, json?: unknown) => apiRequest<T>(path, { method: "PATCH", json }),
  /** DELETE, with a JSON body when one is given (e.g. { confirmEmail }). */
  delete: <T>(path: string, json?: unknown) => apiRequest<T>(path, { method: "DELETE", json }),
};

/** The server refuses the session: signed out (401) or not an administrator (403). */
export function isAuthError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/** GET /api/admin/me: the layout's guard and the source of the admin's name and 2FA state. */
export function useAdminMe() {
  return useQuery({
    queryKey: ADMIN_ME_KEY,
    queryFn: ({ signal }) => adminApi.get<AdminRecord>(adminPath("me"), signal),
    retry: false,
  });
}

/**
 * A page of an admin list. `query` is the exact query string sent (it is also the cache key);
 * the previous page stays on screen while the next one loads.
 */
export function useAdminList<T>(resource: string, query: string) {
  return useQuery({
    queryKey: [...ADMIN_KEY, resource, "list", query],
    queryFn: ({ signal }) => adminApi.get<AdminList<T>>(`${adminPath(resource)}?${query}`, signal),
    placeholderData: keepPreviousData,
  });
}

/** The key prefix of every page of a list, to refresh them after a change. */
export const listKey = (resource: string) => [...ADMIN_KEY, resource, "list"] as const;

/**
 * After a change, every admin view may be stale (lists, details, the dashboard's latest
 * actions): they are all marked stale, the visible ones refetch. /me is left alone, and so is
 * `keep`, a detail the caller has just replaced with the server's answer.
 */
export function useRefreshAdmin() {
  const queryClient = useQueryClient();
  return useCallback(
    (keep?: readonly unknown[]) =>
      queryClient.invalidateQueries({
        queryKey: ADMIN_KEY,
        predicate: ({ queryKey }) =>
          queryKey[1] !== ADMIN_ME_KEY[1] && !keep?.every((part, i) => queryKey[i] === part),
      }),
    [queryClient],
  );
}
