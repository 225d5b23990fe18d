// Server state of the member's notification preferences (issue 18), and the calls that register
// this browser's push subscription and unsubscribe from e-mails. Contract: domain/notifications.ts.
import type { NotificationPreferences } from "@domain/notifications.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiRequest } from "@web/lib/api.ts";

/** GET /api/notifications/preferences. */
export interface NotificationSettingsDto {
  preferences: NotificationPreferences;
  /** E-mails are only sent to a confirmed address. */
  emailVerified: boolean;
  /** The VAPID public key (base64url); null when the server does not send push notifications. */
  pushKey: string | null;
}

/** Where the preferences are: /profile, rubrique « Mon compte ». */
export const NOTIFICATION_SETTINGS_PATH = "/profile?rubrique=compte#section-notifications";

export const NOTIFICATION_SETTINGS_KEY = ["notifications", "preferences"] as const;

export function useNotificationSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: NOTIFICATION_SETTINGS_KEY,
    queryFn: ({ signal }) => api.get<NotificationSettingsDto>("/api/notifications/preferences", signal),
    // The form keeps its own state once shown; a refresh behind it would change nothing visible.
    staleTime: 5 * 60_000,
  });
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) =>
      api.put<{ preferences: NotificationPreferences }>("/api/notifications/preferences", preferences),
    onSuccess: ({ preferences }) =>
      queryClient.setQueryData<NotificationSettingsDto>(NOTIFICATION_SETTINGS_KEY, (settings) =>
        settings ? { ...settings, preferences } : settings,
      ),
  });
}

/** Tells the server where to push to this browser (checked there against pushSubscriptionSchema). */
export const savePushSubscription = (subscription: PushSubscriptionJSON) =>
  api.post<{ ok: true }>("/api/notifications/push", subscription);

/** Tells the server to stop pushing to this endpoint. */
export const deletePushSubscription = (endpoint: string) =>
  apiRequest<{ ok: true }>("/api/notifications/push", { method: "DELETE", json: { endpoint } });

/** The one-click unsubscribe from the link in an e-mail; works signed out. */
export function useUnsubscribeFromEmails() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post<{ ok: true; email: string }>("/api/notifications/unsubscribe", { token }),
  });
}
