// Server state of the member's matches; removing one is optimistic and rolled back on error.
import type { MatchListDto } from "@domain/discovery.ts";
import {
  type InfiniteData,
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { api, call, cancelledBy, pathParams } from "@web/lib/api.ts";

export const MATCHES_KEY = ["matches"] as const;

export const matchesQuery = () =>
  infiniteQueryOptions({
    queryKey: MATCHES_KEY,
    queryFn: ({ pageParam, signal }) =>
      call(api.matches.$get({ query: { cursor: pageParam ?? undefined } }, cancelledBy(signal))),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useMatches() {
  return useInfiniteQuery(matchesQuery());
}

type Pages = InfiniteData<MatchListDto, string | null>;

export function useRemoveMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (matchId: string) => call(api.matches[":id"].$delete({ param: pathParams({ id: matchId }) })),
    onMutate: async (matchId) => {
      await queryClient.cancelQueries({ queryKey: MATCHES_KEY });
      const previous = queryClient.getQueryData<Pages>(MATCHES_KEY);
      queryClient.setQueryData<Pages>(
        MATCHES_KEY,
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((p) => ({ ...p, data: p.data.filter((m) => m.id !== matchId) })),
          },
      );
      return { previous };
    },
    onError: (_err, _id, context) => {
      if (context?.previous) queryClient.setQueryData(MATCHES_KEY, context.previous);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ["nav-counts"] }),
  });
}
