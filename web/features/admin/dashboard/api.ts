import { useQuery } from "@tanstack/react-query";
import { call, cancelledBy } from "@web/lib/api.ts";
import { ADMIN_KEY, adminApi } from "../shared/admin-api.ts";

export function useDashboard() {
  return useQuery({
    queryKey: [...ADMIN_KEY, "dashboard"],
    queryFn: ({ signal }) => call(adminApi.dashboard.$get(undefined, cancelledBy(signal))),
  });
}
