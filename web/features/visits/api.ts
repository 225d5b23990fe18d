// Server state of « Qui a vu mon profil » (issue 17): the latest visitors, subscribers only.
import type { ProfileVisitDto } from "@domain/discovery.ts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api.ts";

export const VISITS_KEY = ["profile-visits"] as const;

/** Shared by the page and the route's preload (web/app/route-preload.ts). */
export const visitsQuery = () =>
  queryOptions({
    queryKey: VISITS_KEY,
    queryFn: ({ signal }) => api.get<{ data: ProfileVisitDto[] }>("/api/profile/visits", signal),
  });

export function useVisits() {
  return useQuery({ ...visitsQuery(), select: (r) => r.data });
}
