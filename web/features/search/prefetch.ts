import type { QueryClient } from "@tanstack/react-query";
import { searchQuery } from "./api.ts";
import { filtersFromParams } from "./search-filters.ts";

/** The first page of results for the filters in the URL (see web/app/route-preload.ts). */
export function prefetchSearch(queryClient: QueryClient, url: URL): Promise<void> {
  return queryClient.prefetchInfiniteQuery(searchQuery(filtersFromParams(url.searchParams)));
}
