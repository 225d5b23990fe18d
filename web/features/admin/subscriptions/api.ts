// Server state of the subscriptions page: list, grant, extend and cancel; and the payments list.
import type { AdminPaymentRow, AdminSubscriptionRow } from "@domain/admin.ts";
import { useMutation } from "@tanstack/react-query";
import { adminApi, adminPath, useAdminList, useRefreshAdmin } from "../shared/admin-api.ts";
import type { ListConfig } from "../shared/list-params.ts";

export const SUBSCRIPTIONS_LIST: ListConfig = {
  sorts: ["created_at", "start_date", "end_date"],
  defaultDir: "desc",
  filters: ["status", "plan"],
};

export function useSubscriptions(query: string) {
  return useAdminList<AdminSubscriptionRow>("subscriptions", query);
}

export const PAYMENTS_LIST: ListConfig = {
  sorts: ["created_at"],
  defaultDir: "desc",
  filters: ["status", "provider", "currency"],
};

/** Every payment attempt (checkout) and its state; read-only. */
export function usePayments(query: string) {
  return useAdminList<AdminPaymentRow>("payments", query);
}

function useSubscriptionAction<V>(run: (v: V) => Promise<AdminSubscriptionRow>) {
  const refresh = useRefreshAdmin();
  return useMutation({ mutationFn: run, onSuccess: () => void refresh() });
}

/** A free subscription (provider « admin »). */
export function useGrantSubscription() {
  return useSubscriptionAction((v: { userId: string; months: number }) =>
    adminApi.post<AdminSubscriptionRow>(adminPath("subscriptions", "grant"), v),
  );
}

export function useExtendSubscription() {
  return useSubscriptionAction((v: { id: string; months: number }) =>
    adminApi.post<AdminSubscriptionRow>(adminPath("subscriptions", v.id, "extend"), { months: v.months }),
  );
}

export function useCancelSubscription() {
  return useSubscriptionAction((id: string) =>
    adminApi.post<AdminSubscriptionRow>(adminPath("subscriptions", id, "cancel")),
  );
}
