// Server state of the subscriptions page: list, grant, extend and cancel; and the payments list.
import type { AdminSubscriptionRow } from "@domain/admin.ts";
import { useMutation } from "@tanstack/react-query";
import { call, cancelledBy, pathParams } from "@web/lib/api.ts";
import { adminApi, useAdminList, useRefreshAdmin } from "../shared/admin-api.ts";
import type { ListConfig } from "../shared/list-params.ts";

export const SUBSCRIPTIONS_LIST: ListConfig = {
  sorts: ["created_at", "start_date", "end_date"],
  defaultDir: "desc",
  filters: ["status", "plan"],
};

export function useSubscriptions(query: string) {
  return useAdminList("subscriptions", query, (q, signal) =>
    call(adminApi.subscriptions.$get({ query: q }, cancelledBy(signal))),
  );
}

export const PAYMENTS_LIST: ListConfig = {
  sorts: ["created_at"],
  defaultDir: "desc",
  filters: ["status", "provider", "currency", "reversal"],
};

/** Every payment attempt (checkout) and its state; read-only. */
export function usePayments(query: string) {
  return useAdminList("payments", query, (q, signal) =>
    call(adminApi.payments.$get({ query: q }, cancelledBy(signal))),
  );
}

function useSubscriptionAction<V>(run: (v: V) => Promise<AdminSubscriptionRow>) {
  const refresh = useRefreshAdmin();
  return useMutation({ mutationFn: run, onSuccess: () => void refresh() });
}

/** A free subscription (provider « admin »). */
export function useGrantSubscription() {
  return useSubscriptionAction((v: { userId: string; months: number }) =>
    call(adminApi.subscriptions.grant.$post({ json: v })),
  );
}

export function useExtendSubscription() {
  return useSubscriptionAction((v: { id: string; months: number }) =>
    call(
      adminApi.subscriptions[":id"].extend.$post({
        param: pathParams({ id: v.id }),
        json: { months: v.months },
      }),
    ),
  );
}

export function useCancelSubscription() {
  return useSubscriptionAction((id: string) =>
    call(adminApi.subscriptions[":id"].cancel.$post({ param: pathParams({ id }) })),
  );
}
