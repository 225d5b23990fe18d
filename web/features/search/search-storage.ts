// Where the remembered filters live (remembered-filters.ts), apart from the filters' code: a
// sign-out forgets them from the main bundle (app/layout/use-sign-out.ts) without pulling the search
// filters and the profile schemas into every page's start-up.
import { forgetStored } from "@web/lib/local-storage.ts";

export const SEARCH_STORAGE_KEY = "passerelle.search";

/** Forgets the remembered filters (« Réinitialiser »; a sign-out calls it too). */
export function forgetSearchFilters(): void {
  forgetStored(SEARCH_STORAGE_KEY);
}
