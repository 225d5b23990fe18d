// Bouclier (issue 36), the member's side: their standing (an administrator's request for a selfie
// verification, the daily allowance) and the appeal.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, call, cancelledBy } from "@web/lib/api.ts";
import { safetyKeys } from "./keys.ts";

export function useShieldStanding(enabled: boolean) {
  return useQuery({
    queryKey: safetyKeys.shield,
    queryFn: ({ signal }) => call(api.shield.$get(undefined, cancelledBy(signal))),
    enabled,
  });
}

export function useShieldAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => call(api.shield.appeal.$post({ json: { message } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: safetyKeys.shield }),
  });
}
