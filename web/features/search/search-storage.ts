// Where the remembered filters live (remembered-filters.ts), apart from the filters' code: a
// sign-out forgets them from the main bundle (app/layout/use-sign-out.ts) without pulling the search
// filters and the profile schemas into every page's start-up.

export const SEARCH_STORAGE_KEY = "passerelle.search";

/** The browser's storage, or null where it is unavailable (private mode, blocked). */
export function searchStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Forgets the remembered filters (« Réinitialiser »; a sign-out calls it too). */
export function forgetSearchFilters(): void {
  try {
    searchStorage()?.removeItem(SEARCH_STORAGE_KEY);
  } catch {
    // Storage unavailable: nothing to remove.
  }
}
