// Server state of the links that share a match's card (issue 40): make one, list them, revoke one.
import type { CreateShareInput } from "@domain/sharing.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, call, cancelledBy, pathParams } from "@web/lib/api.ts";
import { shareKeys } from "./keys.ts";

export function useMyShares() {
  return useQuery({
    queryKey: shareKeys.all,
    queryFn: ({ signal }) => call(api.shares.$get(undefined, cancelledBy(signal))),
    select: (r) => r.data,
  });
}

export function useCreateShare(matchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateShareInput) =>
      call(api.matches[":id"].shares.$post({ param: pathParams({ id: matchId }), json: input })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: shareKeys.all }),
  });
}

export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.shares[":id"].$delete({ param: pathParams({ id }) })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: shareKeys.all }),
  });
}
