// Server state of the member's subscription, checkouts and the access gate.
import type { Currency } from "@domain/money.ts";
import type { OperatorId, PaymentMethod } from "@domain/payments.ts";
import type { CheckoutDto, SubscriptionOverviewDto, SubscriptionStatusDto } from "@domain/subscriptions.ts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api.ts";

export const STATUS_KEY = ["subscription-status"] as const;
export const OVERVIEW_KEY = ["subscription"] as const;

export const subscriptionStatusQuery = () =>
  queryOptions({
    queryKey: STATUS_KEY,
    queryFn: ({ signal }) => api.get<SubscriptionStatusDto>("/api/subscription/status", signal),
    staleTime: 60_000,
  });

/** check_user_subscription, as the SPA's gate reads it (SPEC §2). */
export function useSubscriptionStatus(enabled = true) {
  return useQuery({ ...subscriptionStatusQuery(), enabled });
}

export function useSubscriptionOverview() {
  return useQuery({
    queryKey: OVERVIEW_KEY,
    queryFn: ({ signal }) => api.get<SubscriptionOverviewDto>("/api/subscription", signal),
  });
}

export interface StartCheckout {
  plan: string;
  currency: Currency;
  method: PaymentMethod;
  /** Mobile money only: the member's operator. */
  operator?: OperatorId | undefined;
  /** The path to come back to once paid. */
  returnTo: string | null;
}

export function useStartCheckout() {
  return useMutation({
    mutationFn: (v: StartCheckout) => api.post<CheckoutDto>("/api/subscription/checkout", v),
  });
}

const checkoutPath = (id: string) => `/api/subscription/checkouts/${encodeURIComponent(id)}`;

/** A checkout, polled while it waits for the provider's confirmation. */
export function useCheckout(id: string | null, poll: boolean) {
  return useQuery({
    queryKey: ["checkout", id],
    queryFn: ({ signal }) => api.get<CheckoutDto>(checkoutPath(id ?? ""), signal),
    enabled: id !== null,
    refetchInterval: (query) => (poll && query.state.data?.status === "pending" ? 1_500 : false),
  });
}

export interface ConfirmDemo {
  /** What the simulated provider answers: the payment went through, or the member refused it. */
  outcome: "paid" | "refused";
  /** Mobile money: the number the request was « sent » to. */
  phone?: string;
}

/** The member's answer on the demo provider's page (demo checkouts only). */
export function useConfirmDemo(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: ConfirmDemo) => api.post<CheckoutDto>(`${checkoutPath(id)}/confirm-demo`, v),
    onSuccess: (checkout) => {
      queryClient.setQueryData(["checkout", id], checkout);
      void queryClient.invalidateQueries({ queryKey: STATUS_KEY });
      void queryClient.invalidateQueries({ queryKey: OVERVIEW_KEY });
    },
  });
}
