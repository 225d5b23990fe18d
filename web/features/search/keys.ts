// Query keys of the search results, one factory.
import type { SearchFilters } from "./search-filters.ts";

export const searchKeys = {
  /** Every search's results, whatever the filters. */
  all: ["search"] as const,
  results: (filters: SearchFilters) => ["search", filters] as const,
};
