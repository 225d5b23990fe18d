// Server state of « Qui a vu mon profil » (issue 17): the latest visitors, subscribers only.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, call, cancelledBy } from "@web/lib/api.ts";

export const VISITS_KEY = ["profile-visits"] as const;

/** Shared by the page and the route's preload (web/app/route-preload.ts). */
export const visitsQuery = () =>
  queryOptions({
    queryKey: VISITS_KEY,
    queryFn: ({ signal }) => call(api.profile.visits.$get(undefined, cancelledBy(signal))),
  });

export function useVisits() {
  return useQuery({ ...visitsQuery(), select: (r) => r.data });
}
