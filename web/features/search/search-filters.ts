// Search filters kept in the URL (?ageMin=25&ageMax=35&withPhoto=1&verified=1&interests=Cuisine),
// read leniently: a value the API would refuse falls back to its default.
import { AGE_MAX, AGE_MIN, LIST_MAX_ITEMS } from "@domain/constants.ts";

export interface SearchFilters {
  ageMin: number;
  ageMax: number;
  withPhoto: boolean;
  /** « Profils vérifiés uniquement ». */
  verified: boolean;
  interests: string[];
}

export const DEFAULT_FILTERS: SearchFilters = {
  ageMin: AGE_MIN,
  ageMax: AGE_MAX,
  withPhoto: false,
  verified: false,
  interests: [],
};

function age(value: string | null, fallback: number): number {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= AGE_MIN && n <= AGE_MAX ? n : fallback;
}

export function filtersFromParams(params: URLSearchParams): SearchFilters {
  let ageMin = age(params.get("ageMin"), AGE_MIN);
  let ageMax = age(params.get("ageMax"), AGE_MAX);
  if (ageMin > ageMax) [ageMin, ageMax] = [ageMax, ageMin];
  const flag = (name: string) => params.get(name) === "1" || params.get(name) === "true";
  const withPhoto = flag("withPhoto");
  const verified = flag("verified");
  const interests = [
    ...new Set(
      params
        .getAll("interests")
        .map((i) => i.trim())
        .filter(Boolean),
    ),
  ].slice(0, LIST_MAX_ITEMS);
  return { ageMin, ageMax, withPhoto, verified, interests };
}

/** Only what differs from the defaults, so a plain /search stays a plain URL. */
export function filtersToParams(f: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.ageMin !== AGE_MIN) params.set("ageMin", String(f.ageMin));
  if (f.ageMax !== AGE_MAX) params.set("ageMax", String(f.ageMax));
  if (f.withPhoto) params.set("withPhoto", "1");
  if (f.verified) params.set("verified", "1");
  for (const i of f.interests) params.append("interests", i);
  return params;
}

/** The API's query string for one page. */
export function apiQuery(f: SearchFilters, cursor: string | null): string {
  const params = filtersToParams(f);
  if (params.has("withPhoto")) params.set("withPhoto", "true");
  if (params.has("verified")) params.set("verified", "true");
  if (cursor) params.set("cursor", cursor);
  return params.toString();
}

export function activeFilterCount(f: SearchFilters): number {
  return (
    Number(f.ageMin !== AGE_MIN || f.ageMax !== AGE_MAX) +
    Number(f.withPhoto) +
    Number(f.verified) +
    (f.interests.length > 0 ? 1 : 0)
  );
}
