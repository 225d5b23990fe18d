// Server state shared by the admin pages: the signed-in admin, lists, and request helpers.
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api, call, cancelledBy } from "@web/lib/api.ts";
import { useCallback } from "react";

/** Every admin query key starts with this, so signing out can drop them all. */
export const ADMIN_KEY = ["admin"] as const;
export const ADMIN_ME_KEY = [...ADMIN_KEY, "me"] as const;

/** The administration's routes (`adminApi.users[":id"].ban.$post(…)`), typed from server/api.ts. */
export const adminApi = api.admin;

/** The server refuses the session: signed out (401) or not an administrator (403). */
export function isAuthError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/** GET /api/admin/me: the layout's guard and the source of the admin's name and 2FA state. */
export function useAdminMe() {
  return useQuery({
    queryKey: ADMIN_ME_KEY,
    queryFn: ({ signal }) => call(adminApi.me.$get(undefined, cancelledBy(signal))),
    retry: false,
  });
}

/** A list's query as the typed client sends it: each parameter once (list-params.ts builds it). */
export type ListQuery = Record<string, string>;

/**
 * A page of an admin list. `query` is the exact query string sent (it is also the cache key);
 * `fetchPage` asks the list's route for it. The previous page stays on screen while the next loads.
 */
export function useAdminList<T>(
  resource: string,
  query: string,
  fetchPage: (query: ListQuery, signal: AbortSignal) => Promise<T>,
) {
  return useQuery({
    queryKey: [...ADMIN_KEY, resource, "list", query],
    queryFn: ({ signal }) => fetchPage(Object.fromEntries(new URLSearchParams(query)), signal),
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
