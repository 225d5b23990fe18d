import { useQuery } from "@tanstack/react-query";
import { api, call, cancelledBy } from "./api.ts";

/** Public settings (contact e-mail), fetched once per visit. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ["config"],
    queryFn: ({ signal }) => call(api.config.$get(undefined, cancelledBy(signal))),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}
