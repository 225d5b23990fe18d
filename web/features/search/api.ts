// Server state of the search results, likes and passes (optimistic, rolled back on error).
import type { LikeResultDto, LikeType, SearchResultDto } from "@domain/discovery.ts";
import {
  type InfiniteData,
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { matchKeys } from "@web/features/matches/index.ts";
import { messageKeys } from "@web/features/messages/index.ts";
import { ApiError, api, call, cancelledBy } from "@web/lib/api.ts";
import { sessionUser } from "@web/lib/auth-client.ts";
import { enqueue } from "@web/lib/outbox/outbox.ts";
import { searchKeys } from "./keys.ts";
import { apiQuery, type SearchFilters } from "./search-filters.ts";

/** The first results, shared by the page and the route's preload (web/app/route-preload.ts). */
export const searchQuery = (filters: SearchFilters) =>
  infiniteQueryOptions({
    queryKey: searchKeys.results(filters),
    queryFn: ({ pageParam, signal }) =>
      call(api.search.$get({ query: apiQuery(filters, pageParam) }, cancelledBy(signal))),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore ? last.nextCursor : null),
    // Results shift as the member likes and passes; refetching behind their back would reshuffle.
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });

export function useSearch(filters: SearchFilters) {
  return useInfiniteQuery(searchQuery(filters));
}

type Pages = InfiniteData<SearchResultDto, string | null>;

/** Removes a profile from every loaded page and lowers the total (unless it is capped). */
function withoutProfile(data: Pages | undefined, userId: string): Pages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => {
      const kept = page.data.filter((p) => p.userId !== userId);
      const removed = page.data.length - kept.length;
      return {
        ...page,
        data: kept,
        count: page.countCapped ? page.count : Math.max(0, page.count - removed),
      };
    }),
  };
}

export function useReact(filters: SearchFilters) {
  const queryClient = useQueryClient();
  const key = searchKeys.results(filters);
  return useMutation({
    // Without a network, the choice is kept on the device and sent when the connection returns
    // (issue 39; a like is a state: sent twice, it changes nothing). The card leaves the list.
    mutationFn: async (v: { userId: string; type: LikeType }): Promise<LikeResultDto | { queued: true }> => {
      try {
        return await call(api.likes.$post({ json: { likedId: v.userId, type: v.type } }));
      } catch (err) {
        const me = sessionUser.id();
        if (!(err instanceof ApiError && err.status === 0) || !me) throw err;
        await enqueue(
          {
            key: crypto.randomUUID(),
            kind: "like",
            path: "/api/likes",
            body: { likedId: v.userId, type: v.type },
            target: v.userId,
            text: v.type,
          },
          me,
        );
        return { queued: true };
      }
    },
    onMutate: async ({ userId }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Pages>(key);
      queryClient.setQueryData<Pages>(key, (data) => withoutProfile(data, userId));
      return { previous };
    },
    onError: (_err, _v, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (result) => {
      if ("matched" in result && result.matched) {
        void queryClient.invalidateQueries({ queryKey: matchKeys.all });
        void queryClient.invalidateQueries({ queryKey: messageKeys.navCounts });
      }
    },
  });
}
