// Server state of « Qui a vu mon profil » (issue 17): the latest visitors, subscribers only.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, call, cancelledBy } from "@web/lib/api.ts";
import { visitKeys } from "./keys.ts";

/** Shared by the page and the route's preload (web/app/route-preload.ts). */
export const visitsQuery = () =>
  queryOptions({
    queryKey: visitKeys.all,
    queryFn: ({ signal }) => call(api.profile.visits.$get(undefined, cancelledBy(signal))),
  });

export function useVisits() {
  return useQuery({ ...visitsQuery(), select: (r) => r.data });
}
