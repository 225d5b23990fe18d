// Server state of the verification review: the pending reviews and the decision on one of them.
import { useMutation } from "@tanstack/react-query";
import { call, cancelledBy, pathParams } from "@web/lib/api.ts";
import { adminApi, useAdminList, useRefreshAdmin } from "../shared/admin-api.ts";
import type { ListConfig } from "../shared/list-params.ts";

/** The API orders the queue itself (oldest first) and takes pages only: no sort, no filter. */
export const VERIFICATIONS_LIST: ListConfig = { sorts: [], defaultDir: "asc", filters: [] };

/** The query string the API accepts: ?page&size. */
export const verificationsQuery = (page: number, size: number) =>
  new URLSearchParams({ page: String(page), size: String(size) }).toString();

export function useVerifications(query: string) {
  return useAdminList("verifications", query, (q, signal) =>
    call(adminApi.verifications.$get({ query: q }, cancelledBy(signal))),
  );
}

export type VerificationDecision = "approve" | "refuse";

/**
 * Approves or refuses one review. Every admin view is refreshed (queue, dashboard) before the
 * caller's callbacks run, so the decided card has left the queue by then.
 */
export function useDecideVerification() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: VerificationDecision }) =>
      call(
        decision === "approve"
          ? adminApi.verifications[":id"].approve.$post({ param: pathParams({ id }) })
          : adminApi.verifications[":id"].refuse.$post({ param: pathParams({ id }) }),
      ),
    onSettled: () => refresh(),
  });
}
