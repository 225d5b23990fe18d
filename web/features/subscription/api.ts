import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, call, cancelledBy, pathParams } from "@web/lib/api.ts";
import type { InferRequestType } from "hono/client";
import { subscriptionKeys } from "./keys.ts";

export const subscriptionStatusQuery = () =>
  queryOptions({
    queryKey: subscriptionKeys.status,
    queryFn: ({ signal }) => call(api.subscription.status.$get(undefined, cancelledBy(signal))),
    staleTime: 60_000,
  });

/** check_user_subscription, as the SPA's gate reads it (SPEC §2). */
export function useSubscriptionStatus(enabled = true) {
  return useQuery({ ...subscriptionStatusQuery(), enabled });
}

/** What a subscription would open: the default search's count and a few blurred cards. */
export function useSearchTeaser() {
  return useQuery({
    queryKey: subscriptionKeys.teaser,
    queryFn: ({ signal }) => call(api.search.teaser.$get(undefined, cancelledBy(signal))),
    staleTime: 5 * 60_000,
  });
}

export function useSubscriptionOverview() {
  return useQuery({
    queryKey: subscriptionKeys.overview,
    queryFn: ({ signal }) => call(api.subscription.$get(undefined, cancelledBy(signal))),
  });
}

/** A plan, a currency and a way to pay (mobile money: the operator), and the path to come back to. */
export type StartCheckout = InferRequestType<typeof api.subscription.checkout.$post>["json"];

export function useStartCheckout() {
  return useMutation({
    mutationFn: (v: StartCheckout) => call(api.subscription.checkout.$post({ json: v })),
  });
}

/** A checkout, polled while it waits for the provider's confirmation. */
export function useCheckout(id: string | null, poll: boolean) {
  return useQuery({
    queryKey: subscriptionKeys.checkout(id),
    queryFn: ({ signal }) =>
      call(
        api.subscription.checkouts[":id"].$get({ param: pathParams({ id: id ?? "" }) }, cancelledBy(signal)),
      ),
    enabled: id !== null,
    refetchInterval: (query) => (poll && query.state.data?.status === "pending" ? 1_500 : false),
  });
}

/**
 * What the simulated provider answers: the payment went through, or the member refused it; for
 * mobile money, the number the request was « sent » to.
 */
export type ConfirmDemo = InferRequestType<
  (typeof api.subscription.checkouts)[":id"]["confirm-demo"]["$post"]
>["json"];

/** The member's answer on the demo provider's page (demo checkouts only). */
export function useConfirmDemo(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: ConfirmDemo) =>
      call(api.subscription.checkouts[":id"]["confirm-demo"].$post({ param: pathParams({ id }), json: v })),
    onSuccess: (checkout) => {
      queryClient.setQueryData(subscriptionKeys.checkout(id), checkout);
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.status });
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.overview });
    },
  });
}
