import { useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api.ts";

export interface NavCounts {
  matches: number;
}

/** The Matchs badge count; undefined while loading or when the request failed (badge hidden). */
export function useMatchesBadge(enabled: boolean): number | undefined {
  const { data, isError } = useQuery({
    queryKey: ["nav-counts"],
    queryFn: ({ signal }) => api.get<NavCounts>("/api/nav/counts", signal),
    enabled,
    refetchInterval: 60_000,
    retry: false,
  });
  if (!enabled || isError || !data || !(data.matches > 0)) return undefined;
  return data.matches;
}
