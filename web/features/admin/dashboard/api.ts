import type { DashboardDto } from "@domain/admin.ts";
import { useQuery } from "@tanstack/react-query";
import { ADMIN_KEY, adminApi, adminPath } from "../shared/admin-api.ts";

export function useDashboard() {
  return useQuery({
    queryKey: [...ADMIN_KEY, "dashboard"],
    queryFn: ({ signal }) => adminApi.get<DashboardDto>(adminPath("dashboard"), signal),
  });
}
