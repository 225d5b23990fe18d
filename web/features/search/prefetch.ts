import type { QueryClient } from "@tanstack/react-query";
import { searchQuery } from "./api.ts";
import { rememberedSearchParams } from "./remembered-filters.ts";
import { filtersFromParams } from "./search-filters.ts";

/**
 * The first page of results for the filters in the URL (see web/app/route-preload.ts); a bare
 * /search starts from the remembered filters, as the page itself does.
 */
export function prefetchSearch(queryClient: QueryClient, url: URL): Promise<void> {
  const bare = url.searchParams.toString() === "";
  const params = (bare && rememberedSearchParams()) || url.searchParams;
  return queryClient.prefetchInfiniteQuery(searchQuery(filtersFromParams(params)));
}
