import { useQuery } from "@tanstack/react-query";
import { api } from "./api.ts";

export interface PublicConfig {
  contactEmail: string;
}

/** Public settings (contact e-mail), fetched once per visit. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ["config"],
    queryFn: ({ signal }) => api.get<PublicConfig>("/api/config", signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}
