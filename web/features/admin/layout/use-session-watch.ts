import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { ADMIN_ME_KEY, isAuthError } from "../shared/admin-api.ts";

/**
 * When any admin call is refused (401/403: the session ended or the role was withdrawn), the
 * guard's /api/admin/me is read again; its refusal sends the admin back to the login page.
 */
export function useSessionWatch() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const check = (error: unknown, key?: readonly unknown[]) => {
      if (!isAuthError(error)) return;
      if (key && key[0] === ADMIN_ME_KEY[0] && key[1] === ADMIN_ME_KEY[1]) return;
      void queryClient.invalidateQueries({ queryKey: ADMIN_ME_KEY });
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error")
        check(event.action.error, event.query.queryKey);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") check(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);
}
