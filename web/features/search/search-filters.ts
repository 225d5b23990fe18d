// Search filters kept in the URL (?ageMin=25&ageMax=35&withPhoto=1&livesIn=SN&livesIn=europe-ouest&…),
// read leniently: a value the API would refuse falls back to its default or is dropped, so an old
// bookmark or a hand-edited address still opens a working search. Places are kept as their short
// tokens (a continent or region id, a country's ISO code), never as names, so addresses stay short.
import { AGE_MAX, AGE_MIN, LIST_ITEM_MAX_LENGTH, LIST_MAX_ITEMS } from "@domain/constants.ts";
import { countriesOfPlace } from "@domain/countries.ts";
import { PLACES_MAX, SEARCH_SORTS, type SearchSort } from "@domain/discovery.ts";
import {
  canonicalizer,
  INTEREST_SUGGESTIONS,
  LANGUAGE_SUGGESTIONS,
  LOOKING_FOR_OPTIONS,
} from "@domain/profile.ts";
import type { api } from "@web/lib/api.ts";
import { quoted } from "@web/lib/format.ts";
import type { InferRequestType } from "hono/client";

export type LookingFor = (typeof LOOKING_FOR_OPTIONS)[number];

export interface SearchFilters {
  ageMin: number;
  ageMax: number;
  withPhoto: boolean;
  /** « Profils vérifiés uniquement ». */
  verified: boolean;
  /** « Vit en »: continent ids, region ids or ISO country codes (see domain/countries.ts). */
  livesIn: string[];
  /** « Originaire de »: the same kind of places. */
  from: string[];
  /** « Recherche »: any of these answers (in the order of LOOKING_FOR_OPTIONS). */
  lookingFor: LookingFor[];
  /** « Langues parlées »: at least one in common. */
  languages: string[];
  /** At least one in common. */
  interests: string[];
  /** « En ligne récemment »: active within the last week (not for a member who hides her activity). */
  active: boolean;
  /** « Trier par »: an order rather than a filter (« Activité récente » not for one who hides hers). */
  sort: SearchSort;
}

export const DEFAULT_FILTERS: SearchFilters = {
  ageMin: AGE_MIN,
  ageMax: AGE_MAX,
  withPhoto: false,
  verified: false,
  livesIn: [],
  from: [],
  lookingFor: [],
  languages: [],
  interests: [],
  active: false,
  sort: "default",
};

function age(value: string | null, fallback: number): number {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= AGE_MIN && n <= AGE_MAX ? n : fallback;
}

/** A place token as the API expects it (ISO codes in capitals), or null when it names no place. */
export function normalizePlace(raw: string): string | null {
  const place = raw.trim();
  const token = /^[A-Za-z]{2}$/.test(place) ? place.toUpperCase() : place;
  return token && countriesOfPlace(token) !== null ? token : null;
}

function places(values: string[]): string[] {
  const tokens = values.map(normalizePlace).filter((p): p is string => p !== null);
  return [...new Set(tokens)].slice(0, PLACES_MAX);
}

/**
 * Free-text items (interests, languages) as the API accepts them: trimmed, of an allowed length,
 * spelled like their suggestion when only the case differs, each once, LIST_MAX_ITEMS at most.
 */
function items(values: string[], suggestions: readonly string[]): string[] {
  const canonical = canonicalizer(suggestions);
  const kept = values
    .map((v) => v.replace(/\s+/g, " ").trim())
    .filter((v) => v.length > 0 && v.length <= LIST_ITEM_MAX_LENGTH)
    .map(canonical);
  const seen = new Set<string>();
  return kept
    .filter((v) => {
      const key = v.toLocaleLowerCase("fr");
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, LIST_MAX_ITEMS);
}

function sort(value: string | null): SearchSort {
  return SEARCH_SORTS.find((s) => s === value?.trim().toLowerCase()) ?? "default";
}

const canonicalLookingFor = canonicalizer(LOOKING_FOR_OPTIONS);

function lookingFor(values: string[]): LookingFor[] {
  const wanted = new Set(values.map(canonicalLookingFor));
  return LOOKING_FOR_OPTIONS.filter((o) => wanted.has(o));
}

export function filtersFromParams(params: URLSearchParams): SearchFilters {
  let ageMin = age(params.get("ageMin"), AGE_MIN);
  let ageMax = age(params.get("ageMax"), AGE_MAX);
  if (ageMin > ageMax) [ageMin, ageMax] = [ageMax, ageMin];
  const flag = (name: string) => params.get(name) === "1" || params.get(name) === "true";
  return {
    ageMin,
    ageMax,
    withPhoto: flag("withPhoto"),
    verified: flag("verified"),
    livesIn: places(params.getAll("livesIn")),
    from: places(params.getAll("from")),
    lookingFor: lookingFor(params.getAll("lookingFor")),
    languages: items(params.getAll("languages"), LANGUAGE_SUGGESTIONS),
    interests: items(params.getAll("interests"), INTEREST_SUGGESTIONS),
    active: flag("active"),
    sort: sort(params.get("sort")),
  };
}

/** Only what differs from the defaults, so a plain /search stays a plain URL. */
export function filtersToParams(f: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.ageMin !== AGE_MIN) params.set("ageMin", String(f.ageMin));
  if (f.ageMax !== AGE_MAX) params.set("ageMax", String(f.ageMax));
  if (f.withPhoto) params.set("withPhoto", "1");
  if (f.verified) params.set("verified", "1");
  if (f.active) params.set("active", "1");
  for (const p of f.livesIn) params.append("livesIn", p);
  for (const p of f.from) params.append("from", p);
  for (const l of f.lookingFor) params.append("lookingFor", l);
  for (const l of f.languages) params.append("languages", l);
  for (const i of f.interests) params.append("interests", i);
  if (f.sort !== "default") params.set("sort", f.sort);
  return params;
}

/** What GET /api/search takes: each parameter as text, the lists as lists (typed from the route). */
export type SearchApiQuery = InferRequestType<typeof api.search.$get>["query"];

/** The API's query for one page: the filters as the API names them, defaults left out. */
export function apiQuery(f: SearchFilters, cursor: string | null): SearchApiQuery {
  const list = (values: readonly string[]) => (values.length > 0 ? [...values] : undefined);
  const flag = (on: boolean) => (on ? "true" : undefined);
  return {
    ageMin: f.ageMin !== AGE_MIN ? String(f.ageMin) : undefined,
    ageMax: f.ageMax !== AGE_MAX ? String(f.ageMax) : undefined,
    withPhoto: flag(f.withPhoto),
    verified: flag(f.verified),
    active: flag(f.active),
    livesIn: list(f.livesIn),
    from: list(f.from),
    lookingFor: list(f.lookingFor),
    languages: list(f.languages),
    interests: list(f.interests),
    sort: f.sort !== "default" ? f.sort : undefined,
    cursor: cursor ?? undefined,
  };
}

/** Whether the filters show others' activity, which a member who hides her own may not see. */
export function usesPresence(f: SearchFilters): boolean {
  return f.active || f.sort === "activity";
}

/** The filters without what shows others' activity (« En ligne récemment », « Activité récente »). */
export function withoutPresence(f: SearchFilters): SearchFilters {
  return { ...f, active: false, sort: f.sort === "activity" ? "default" : f.sort };
}

/** The filters applied, the order not counted (« Trier par » narrows nothing). */
export function activeFilterCount(f: SearchFilters): number {
  return (
    Number(f.ageMin !== AGE_MIN || f.ageMax !== AGE_MAX) +
    Number(f.withPhoto) +
    Number(f.verified) +
    Number(f.active) +
    Number(f.livesIn.length > 0) +
    Number(f.from.length > 0) +
    Number(f.lookingFor.length > 0) +
    Number(f.languages.length > 0) +
    Number(f.interests.length > 0)
  );
}

/**
 * What the member could loosen when nothing matches, in the words of the form: « la tranche d'âge »,
 * « Vit en »… (the empty state joins them into a sentence).
 */
export function activeFilterNames(f: SearchFilters): string[] {
  const names: string[] = [];
  if (f.ageMin !== AGE_MIN || f.ageMax !== AGE_MAX) names.push("la tranche d’âge");
  if (f.livesIn.length > 0) names.push(quoted("Vit en"));
  if (f.from.length > 0) names.push(quoted("Originaire de"));
  if (f.lookingFor.length > 0) names.push(quoted("Recherche"));
  if (f.withPhoto) names.push(quoted("Avec photo"));
  if (f.verified) names.push(quoted("Profils vérifiés uniquement"));
  if (f.active) names.push(quoted("En ligne récemment"));
  if (f.languages.length > 0) names.push("les langues parlées");
  if (f.interests.length > 0) names.push("les centres d’intérêt");
  return names;
}
