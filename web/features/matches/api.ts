// Server state of the member's matches; removing one is optimistic and rolled back on error.
import type { MatchListDto } from "@domain/discovery.ts";
import {
  type InfiniteData,
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { messageKeys } from "@web/features/messages/index.ts";
import { api, call, cancelledBy, pathParams } from "@web/lib/api.ts";
import { matchKeys } from "./keys.ts";

export const matchesQuery = () =>
  infiniteQueryOptions({
    queryKey: matchKeys.all,
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
      await queryClient.cancelQueries({ queryKey: matchKeys.all });
      const previous = queryClient.getQueryData<Pages>(matchKeys.all);
      queryClient.setQueryData<Pages>(
        matchKeys.all,
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((p) => ({ ...p, data: p.data.filter((m) => m.id !== matchId) })),
          },
      );
      return { previous };
    },
    onError: (_err, _id, context) => {
      if (context?.previous) queryClient.setQueryData(matchKeys.all, context.previous);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: messageKeys.navCounts }),
  });
}
