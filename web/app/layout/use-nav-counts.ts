import { useQuery } from "@tanstack/react-query";
import { messageKeys } from "@web/features/messages/index.ts";
import { api, call, cancelledBy } from "@web/lib/api.ts";

/** Badge counts; a count of 0, or no answer yet, shows no badge. */
export type NavBadges = Partial<{ matches: number; messages: number }>;

/**
 * The Matchs and Messages badges. Real-time events refresh them (RealtimeEvents), so there is no
 * polling; they are also reloaded when the window gets the focus back.
 */
export function useNavBadges(enabled: boolean): NavBadges {
  const { data, isError } = useQuery({
    queryKey: messageKeys.navCounts,
    queryFn: ({ signal }) => call(api.nav.counts.$get(undefined, cancelledBy(signal))),
    enabled,
    retry: false,
  });
  if (!enabled || isError || !data) return {};
  return {
    matches: data.matches > 0 ? data.matches : undefined,
    messages: data.messages > 0 ? data.messages : undefined,
  };
}
