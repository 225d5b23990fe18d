// Discovery (SPEC §4, §5, §7): search parameters, the public view of another member, likes and
// matches. Shared by the /search and /matches pages and the API that enforces them.
import { z } from "zod";
import { minusYears } from "./age.ts";
import {
  AGE_MAX,
  AGE_MIN,
  LIST_ITEM_MAX_LENGTH,
  LIST_MAX_ITEMS,
  SEARCH_PAGE_SIZE,
  SEARCH_PAGE_SIZE_MAX,
} from "./constants.ts";
import { countriesOfPlace } from "./countries.ts";
import { canonicalizer, INTEREST_SUGGESTIONS, LANGUAGE_SUGGESTIONS, LOOKING_FOR_OPTIONS } from "./profile.ts";

/**
 * The total shown is counted up to this many profiles; beyond, the page says « 200+ ». Counting
 * costs reading matches until the cap: with a filter one member in a hundred meets, 200 means
 * ~20,000 index entries at 1,000,000 profiles, 1,000 meant ~100,000 (ADR 0014, docs/search-plans.md).
 */
export const SEARCH_COUNT_CAP = 200;
/** Blurred cards shown to a member without a subscription (GET /api/search/teaser). */
export const SEARCH_TEASER_SIZE = 6;
/**
 * « Compatibilité » ranks this many matching profiles, the first in the default order (see
 * server/features/search/search.service.ts): beyond, the order would cost a score for every profile.
 * The same read is the count, hence the same size.
 */
export const SEARCH_POOL_SIZE = SEARCH_COUNT_CAP;
export const SEARCH_SORTS = ["default", "activity", "compatibility"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
/** What each order does, under « Trier par ». */
export const SEARCH_SORT_HINTS: Record<SearchSort, string> = {
  default:
    "Les abonnés avec photo, puis les autres profils avec photo, puis ceux sans photo ; les plus récents d’abord.",
  activity: "Les membres actifs le plus récemment d’abord.",
  compatibility: "Les profils les plus proches de vos centres d’intérêt, langues et attentes d’abord.",
};
export const SEARCH_SORT_LABELS: Record<SearchSort, string> = {
  // Short enough for a phone's select (issue 34); the form's hint says the rest of the order.
  default: "Profils avec photo d’abord",
  activity: "Activité récente",
  compatibility: "Compatibilité",
};

/** Deepest page reachable with `page` (the SPA follows `cursor`, which has no such limit). */
export const SEARCH_PAGE_MAX = 500;
export const MATCHES_PAGE_SIZE = 24;

/** Places one « Vit en » or « Originaire de » filter may name. */
export const PLACES_MAX = 20;

export const SEARCH_MSG = {
  AGE_RANGE: `L’âge doit être un nombre entier compris entre ${AGE_MIN} et ${AGE_MAX} ans`,
  AGE_ORDER: "L’âge minimum doit être inférieur ou égal à l’âge maximum",
  PAGE: `Le numéro de page doit être un entier compris entre 1 et ${SEARCH_PAGE_MAX}`,
  SIZE: `Le nombre de résultats par page doit être compris entre 1 et ${SEARCH_PAGE_SIZE_MAX}`,
  WITH_PHOTO: "Le filtre « Avec photo » doit valoir true ou false",
  VERIFIED: "Le filtre « Profils vérifiés uniquement » doit valoir true ou false",
  ACTIVE: "Le filtre « En ligne récemment » doit valoir true ou false",
  PRESENCE_HIDDEN:
    "Vous masquez votre activité : vous ne pouvez donc pas voir celle des autres. Changez ce réglage dans « Vie privée » pour utiliser ce filtre.",
  INTERESTS: `Centres d’intérêt : ${LIST_MAX_ITEMS} au maximum, de 1 à ${LIST_ITEM_MAX_LENGTH} caractères chacun`,
  LIVES_IN: `Lieu de vie : choisissez jusqu’à ${PLACES_MAX} continents, régions ou pays de la liste`,
  FROM: `Origine : choisissez jusqu’à ${PLACES_MAX} continents, régions ou pays de la liste`,
  LANGUAGES: `Langues : ${LIST_MAX_ITEMS} au maximum, de 1 à ${LIST_ITEM_MAX_LENGTH} caractères chacune`,
  LOOKING_FOR: "Ce qu’ils recherchent : choisissez parmi les réponses proposées",
  CURSOR: "Le curseur de pagination est invalide",
  SORT: "L’ordre doit être « default », « activity » ou « compatibility »",
  PAGE_AND_CURSOR: "Utilisez soit « page », soit « cursor », pas les deux",
  UNKNOWN: "Paramètre de recherche inconnu",
  REPEATED: "Ce paramètre ne peut être donné qu’une fois",
} as const;

export const SEARCH_PARAMS = [
  "page",
  "size",
  "ageMin",
  "ageMax",
  "withPhoto",
  "verified",
  "active",
  "interests",
  "livesIn",
  "from",
  "languages",
  "lookingFor",
  "sort",
  "cursor",
] as const;

/** The parameters a query string may repeat (one value each time). */
export const SEARCH_LIST_PARAMS = ["interests", "livesIn", "from", "languages", "lookingFor"] as const;

/** A list of places (continent, region or ISO code): each known, each once, at most PLACES_MAX. */
const places = (message: string) =>
  z
    .array(
      z
        .string({ error: message })
        .trim()
        .refine((p) => countriesOfPlace(p) !== null, message),
    )
    .max(PLACES_MAX, message)
    .transform((items) => [...new Set(items.map((p) => (p.length === 2 ? p.toUpperCase() : p)))])
    .default([]);

/** The country names a list of places covers (what the query compares profiles with). */
export function countriesOfPlaces(list: readonly string[]): string[] {
  return [...new Set(list.flatMap((p) => countriesOfPlace(p) ?? []))];
}

const canonicalLanguage = canonicalizer(LANGUAGE_SUGGESTIONS);

const intParam = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,6}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));

const canonicalInterest = canonicalizer(INTEREST_SUGGESTIONS);

/** Query-string parameters of GET /api/search; every value arrives as a string. */
export const searchQuerySchema = z
  .object({
    page: intParam(1, SEARCH_PAGE_MAX, SEARCH_MSG.PAGE).optional(),
    size: intParam(1, SEARCH_PAGE_SIZE_MAX, SEARCH_MSG.SIZE).default(SEARCH_PAGE_SIZE),
    ageMin: intParam(AGE_MIN, AGE_MAX, SEARCH_MSG.AGE_RANGE).default(AGE_MIN),
    ageMax: intParam(AGE_MIN, AGE_MAX, SEARCH_MSG.AGE_RANGE).default(AGE_MAX),
    withPhoto: z
      .enum(["true", "false", "1", "0"], { error: SEARCH_MSG.WITH_PHOTO })
      .transform((v) => v === "true" || v === "1")
      .default(false),
    verified: z
      .enum(["true", "false", "1", "0"], { error: SEARCH_MSG.VERIFIED })
      .transform((v) => v === "true" || v === "1")
      .default(false),
    // « En ligne récemment »: active within PRESENCE.WEEK_DAYS (and not hiding it).
    active: z
      .enum(["true", "false", "1", "0"], { error: SEARCH_MSG.ACTIVE })
      .transform((v) => v === "true" || v === "1")
      .default(false),
    interests: z
      .array(z.string().trim().min(1, SEARCH_MSG.INTERESTS).max(LIST_ITEM_MAX_LENGTH, SEARCH_MSG.INTERESTS))
      .max(LIST_MAX_ITEMS, SEARCH_MSG.INTERESTS)
      .transform((items) => [...new Set(items.map(canonicalInterest))])
      .default([]),
    livesIn: places(SEARCH_MSG.LIVES_IN),
    from: places(SEARCH_MSG.FROM),
    languages: z
      .array(z.string().trim().min(1, SEARCH_MSG.LANGUAGES).max(LIST_ITEM_MAX_LENGTH, SEARCH_MSG.LANGUAGES))
      .max(LIST_MAX_ITEMS, SEARCH_MSG.LANGUAGES)
      .transform((items) => [...new Set(items.map(canonicalLanguage))])
      .default([]),
    lookingFor: z
      .array(z.enum(LOOKING_FOR_OPTIONS, { error: SEARCH_MSG.LOOKING_FOR }))
      .max(LOOKING_FOR_OPTIONS.length, SEARCH_MSG.LOOKING_FOR)
      .transform((items) => [...new Set(items)])
      .default([]),
    sort: z.enum(SEARCH_SORTS, { error: SEARCH_MSG.SORT }).default("default"),
    cursor: z.string().min(1, SEARCH_MSG.CURSOR).max(200, SEARCH_MSG.CURSOR).optional(),
  })
  .refine((q) => q.ageMin <= q.ageMax, { message: SEARCH_MSG.AGE_ORDER, path: ["ageMin"] })
  .refine((q) => q.page === undefined || q.cursor === undefined, {
    message: SEARCH_MSG.PAGE_AND_CURSOR,
    path: ["cursor"],
  });

export type SearchQuery = z.output<typeof searchQuerySchema>;

/**
 * Birth dates giving an age in [ageMin, ageMax] today: born on or before `latest` (ageMin reached)
 * and strictly after `earliestExclusive` (ageMax + 1 not reached), so a member of exactly ageMax
 * years and some months is still found.
 */
export function birthDateBounds(ageMin: number, ageMax: number, today: string) {
  return { latest: minusYears(today, ageMin), earliestExclusive: minusYears(today, ageMax + 1) };
}

export { LIKE_TYPES, LIKED_BY, type LikedBy, type LikeType } from "./enums.ts";

export const likeInputSchema = z.strictObject({
  likedId: z
    .string({ error: "Profil à aimer manquant" })
    .min(1, "Profil à aimer manquant")
    .max(64, "Profil introuvable"),
  type: z.enum(LIKE_TYPES, { error: "Le type doit être « like » ou « reject »" }),
});

/** « Qui a vu mon profil » (issue 17): the latest visitors over this many days, at most LIMIT. */
export const VISITS = { DAYS: 90, LIMIT: 50 } as const;

// Responses (search results, public profiles, likes, matches, visits): described by their schemas
// in responses/discovery.ts, re-exported as types only (see responses/scalars.ts).
export type {
  LikeResultDto,
  MatchDto,
  MatchListDto,
  ProfileVisitDto,
  PublicProfileDto,
  SearchResultDto,
  SearchTeaserDto,
} from "./responses/discovery.ts";

import { LIKE_TYPES } from "./enums.ts";
