// The filters a member last applied, kept for their next visit: /search opened with no query string
// starts from them (SearchPage, and the route's preload through prefetch.ts).
//
// Why localStorage and not the profile on the server: restoring them needs no request before the
// first results can be asked for (the page and its preload read them synchronously), and they hold
// nothing sensitive beyond what the address bar, the browser history and bookmarks already show —
// the same query string. One key, a versioned record; anything else found there (a corrupt or older
// value) is ignored and removed. Storage may be unavailable (private mode, blocked): then nothing
// is remembered and the search works as before.
import { localStore } from "@web/lib/local-storage.ts";
import { filtersFromParams, filtersToParams, type SearchFilters } from "./search-filters.ts";
import { forgetSearchFilters, SEARCH_STORAGE_KEY } from "./search-storage.ts";

const VERSION = 1;

interface StoredFilters {
  v: typeof VERSION;
  /** The filters as filtersToParams writes them (place tokens, not names). */
  query: string;
}

export { forgetSearchFilters, SEARCH_STORAGE_KEY };

/** Keeps the filters for the next visit; the defaults are nothing to keep, so they forget. */
export function rememberSearchFilters(filters: SearchFilters): void {
  const query = filtersToParams(filters).toString();
  if (!query) {
    forgetSearchFilters();
    return;
  }
  const record: StoredFilters = { v: VERSION, query };
  try {
    localStore()?.setItem(SEARCH_STORAGE_KEY, JSON.stringify(record));
  } catch {
    // Private mode or full storage: the filters are simply not remembered.
  }
}

function isStoredFilters(value: unknown): value is StoredFilters {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return v.v === VERSION && typeof v.query === "string";
}

/**
 * The remembered filters as a query string's parameters, read as leniently as an address (a place
 * since removed from the list is dropped), or null when there are none worth restoring.
 */
export function rememberedSearchParams(): URLSearchParams | null {
  let raw: string | null;
  try {
    raw = localStore()?.getItem(SEARCH_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  if (!isStoredFilters(parsed)) {
    forgetSearchFilters();
    return null;
  }
  const params = filtersToParams(filtersFromParams(new URLSearchParams(parsed.query)));
  return params.toString() ? params : null;
}
