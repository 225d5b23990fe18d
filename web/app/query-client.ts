import { QueryCache, QueryClient } from "@tanstack/react-query";
import { subscriptionKeys } from "@web/features/subscription/index.ts";
import { ApiError } from "@web/lib/api.ts";

/** Retries network and server failures once; never retries a 4xx. */
function retry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    // A page refused for want of a subscription (it just ended) re-reads the status: the gate
    // then sends the member to /subscription.
    queryCache: new QueryCache({
      onError: (error) => {
        if (error instanceof ApiError && error.code === "SUBSCRIPTION_REQUIRED")
          void client.invalidateQueries({ queryKey: subscriptionKeys.status });
      },
    }),
    defaultOptions: {
      queries: { retry, staleTime: 30_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
  return client;
}
