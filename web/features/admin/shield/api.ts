// Server state of « Bouclier » (issue 36): the queue of held accounts and the decision on one, the
// thresholds and weights, and the fairness table.
import type { ShieldDecision, ShieldSettings } from "@domain/shield/shield.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, cancelledBy, pathParams } from "@web/lib/api.ts";
import { adminApi, useAdminList, useRefreshAdmin } from "../shared/admin-api.ts";
import type { ListConfig } from "../shared/list-params.ts";

/** The API orders the queue itself (appeals, then the longest held) and takes pages only. */
export const SHIELD_LIST: ListConfig = { sorts: [], defaultDir: "asc", filters: [] };

export const shieldQuery = (page: number, size: number) =>
  new URLSearchParams({ page: String(page), size: String(size) }).toString();

export function useShieldQueue(query: string) {
  return useAdminList("shield", query, (q, signal) =>
    call(adminApi.shield.$get({ query: q }, cancelledBy(signal))),
  );
}

export function useDecideShield() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: ShieldDecision }) =>
      call(
        adminApi.shield[":userId"].decision.$post({ param: pathParams({ userId: id }), json: { decision } }),
      ),
    onSettled: () => refresh(),
  });
}

const SETTINGS_KEY = ["admin", "shield", "settings"] as const;
const FAIRNESS_KEY = ["admin", "shield", "fairness"] as const;

export function useShieldSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => call(adminApi.shield.settings.$get(undefined, cancelledBy(signal))),
  });
}

export function useSaveShieldSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ShieldSettings) => call(adminApi.shield.settings.$put({ json: settings })),
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_KEY, saved),
  });
}

export function useShieldFairness() {
  return useQuery({
    queryKey: FAIRNESS_KEY,
    queryFn: ({ signal }) => call(adminApi.shield.fairness.$get(undefined, cancelledBy(signal))),
  });
}
