// Server state of the member's notification preferences (issue 18), and the calls that register
// this browser's push subscription and unsubscribe from e-mails. Contract: domain/notifications.ts.
import type { NotificationPreferences } from "@domain/notifications.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, call, cancelledBy, type SuccessBody } from "@web/lib/api.ts";
import { notificationKeys } from "./keys.ts";

/**
 * GET /api/notifications/preferences: the preferences, whether the address is confirmed (e-mails
 * only go to a confirmed one), and the VAPID public key (null when the server does not push).
 */
export type NotificationSettingsDto = SuccessBody<
  Awaited<ReturnType<typeof api.notifications.preferences.$get>>
>;

/** Where the preferences are: /profile, rubrique « Mon compte ». */
export const NOTIFICATION_SETTINGS_PATH = "/profile?rubrique=compte#section-notifications";

export function useNotificationSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: notificationKeys.settings,
    queryFn: ({ signal }) => call(api.notifications.preferences.$get(undefined, cancelledBy(signal))),
    // The form keeps its own state once shown; a refresh behind it would change nothing visible.
    staleTime: 5 * 60_000,
  });
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) =>
      call(api.notifications.preferences.$put({ json: preferences })),
    onSuccess: ({ preferences }) =>
      queryClient.setQueryData<NotificationSettingsDto>(notificationKeys.settings, (settings) =>
        settings ? { ...settings, preferences } : settings,
      ),
  });
}

/**
 * Tells the server where to push to this browser (checked there against pushSubscriptionSchema). A
 * browser's subscription has its endpoint and both keys; one without them is not sent (the caller
 * reports the subscription as failed).
 */
export async function savePushSubscription(subscription: PushSubscriptionJSON) {
  const { endpoint, keys } = subscription;
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error("incomplete push subscription");
  return call(
    api.notifications.push.$post({ json: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } } }),
  );
}

/** Tells the server to stop pushing to this endpoint. */
export const deletePushSubscription = (endpoint: string) =>
  call(api.notifications.push.$delete({ json: { endpoint } }));

/** The one-click unsubscribe from the link in an e-mail; works signed out. */
export function useUnsubscribeFromEmails() {
  return useMutation({
    mutationFn: (token: string) => call(api.notifications.unsubscribe.$post({ json: { token } })),
  });
}
