import { LIST_MAX_ITEMS } from "@domain/constants.ts";
import { REGIONS } from "@domain/countries.ts";
import { PLACES_MAX, searchQuerySchema } from "@domain/discovery.ts";
import { quoted } from "@web/lib/format.ts";
import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  activeFilterNames,
  apiQuery,
  DEFAULT_FILTERS,
  filtersFromParams,
  filtersToParams,
  type SearchFilters,
  usesPresence,
  withoutPresence,
} from "./search-filters.ts";

const all: SearchFilters = {
  ageMin: 25,
  ageMax: 40,
  withPhoto: true,
  verified: true,
  livesIn: ["SN", "europe-ouest", "afrique"],
  from: ["CI"],
  lookingFor: ["Le mariage", "Une amitié"],
  languages: ["Wolof", "Français"],
  interests: ["Cuisine"],
  active: true,
  sort: "compatibility",
};

describe("search filters in the URL", () => {
  it("keeps a plain /search plain", () => {
    expect(filtersToParams(DEFAULT_FILTERS).toString()).toBe("");
    expect(filtersFromParams(new URLSearchParams())).toEqual(DEFAULT_FILTERS);
    expect(activeFilterCount(DEFAULT_FILTERS)).toBe(0);
  });

  it("round-trips every filter, places as short tokens", () => {
    const params = filtersToParams(all);
    expect(params.toString()).toBe(
      "ageMin=25&ageMax=40&withPhoto=1&verified=1&active=1&livesIn=SN&livesIn=europe-ouest&livesIn=afrique" +
        "&from=CI&lookingFor=Le+mariage&lookingFor=Une+amiti%C3%A9&languages=Wolof&languages=Fran%C3%A7ais" +
        "&interests=Cuisine&sort=compatibility",
    );
    expect(filtersFromParams(new URLSearchParams(params.toString()))).toEqual(all);
    // The order narrows nothing: it is not counted among the filters.
    expect(activeFilterCount(all)).toBe(9);
  });

  it("keeps « En ligne récemment » and the order, the default order left out", () => {
    for (const sort of ["activity", "compatibility"] as const) {
      const f = { ...DEFAULT_FILTERS, active: true, sort };
      const params = filtersToParams(f);
      expect(params.toString()).toBe(`active=1&sort=${sort}`);
      expect(filtersFromParams(params)).toEqual(f);
      expect(apiQuery(f, "abc")).toEqual({ active: "true", sort, cursor: "abc" });
    }
    expect(filtersToParams({ ...DEFAULT_FILTERS, sort: "default" }).toString()).toBe("");
    expect(activeFilterCount({ ...DEFAULT_FILTERS, sort: "activity" })).toBe(0);
    expect(activeFilterNames({ ...DEFAULT_FILTERS, active: true })).toEqual([quoted("En ligne récemment")]);
  });

  it("reads the order and « En ligne récemment » leniently", () => {
    expect(filtersFromParams(new URLSearchParams("active=true&sort=Activity%20"))).toEqual({
      ...DEFAULT_FILTERS,
      active: true,
      sort: "activity",
    });
    // An order the API does not know, or a flag it would refuse, falls back to the default.
    expect(filtersFromParams(new URLSearchParams("active=oui&sort=distance"))).toEqual(DEFAULT_FILTERS);
    expect(filtersFromParams(new URLSearchParams("active=0&sort="))).toEqual(DEFAULT_FILTERS);
  });

  it("drops what shows others' activity, for a member who hides her own", () => {
    const f = { ...DEFAULT_FILTERS, withPhoto: true, active: true, sort: "activity" as const };
    expect(usesPresence(f)).toBe(true);
    expect(withoutPresence(f)).toEqual({ ...DEFAULT_FILTERS, withPhoto: true });
    const byScore = { ...DEFAULT_FILTERS, sort: "compatibility" as const };
    expect(usesPresence(byScore)).toBe(false);
    expect(withoutPresence(byScore)).toEqual(byScore);
  });

  it("reads leniently: unknown places and answers dropped, codes capitalised, duplicates once", () => {
    const f = filtersFromParams(
      new URLSearchParams(
        "livesIn=sn&livesIn=SN&livesIn=atlantide&livesIn=&livesIn=%20maghreb%20&from=ZZ&from=Sénégal" +
          "&lookingFor=Une+aventure&lookingFor=le+mariage&lookingFor=Le+mariage" +
          "&languages=%20wolof&languages=Wolof&languages=&languages=Créole&interests=cuisine",
      ),
    );
    expect(f.livesIn).toEqual(["SN", "maghreb"]);
    // A country is named by its code, never by its name.
    expect(f.from).toEqual([]);
    expect(f.lookingFor).toEqual(["Le mariage"]);
    // A language the suggestions do not hold is kept: the API takes free text.
    expect(f.languages).toEqual(["Wolof", "Créole"]);
    expect(f.interests).toEqual(["Cuisine"]);
  });

  it("keeps the answers in the order of the options, whatever the address’s", () => {
    const f = filtersFromParams(new URLSearchParams("lookingFor=Une+amitié&lookingFor=Le+mariage"));
    expect(f.lookingFor).toEqual(["Le mariage", "Une amitié"]);
  });

  it("caps the lists at what the API accepts, and drops items it would refuse", () => {
    const codes = REGIONS.flatMap((r) => r.countries.map((c) => c.code));
    const params = new URLSearchParams();
    for (const c of codes.slice(0, PLACES_MAX + 5)) params.append("livesIn", c);
    for (let i = 0; i < LIST_MAX_ITEMS + 5; i++) params.append("languages", `Langue ${i}`);
    params.append("interests", "x".repeat(41));
    const f = filtersFromParams(params);
    expect(f.livesIn).toEqual(codes.slice(0, PLACES_MAX));
    expect(f.languages).toHaveLength(LIST_MAX_ITEMS);
    expect(f.interests).toEqual([]);
  });

  it("builds a query string the API accepts, whatever the address held", () => {
    const messy = filtersFromParams(
      new URLSearchParams(
        "ageMin=50&ageMax=30&livesIn=sn&livesIn=nowhere&lookingFor=Le+mariage&withPhoto=1&active=1&sort=activity",
      ),
    );
    const query = apiQuery(messy, "abc");
    expect(query).toEqual({
      ageMin: "30",
      ageMax: "50",
      withPhoto: "true",
      active: "true",
      livesIn: ["SN"],
      lookingFor: ["Le mariage"],
      sort: "activity",
      cursor: "abc",
    });
    const sent = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined));
    expect(searchQuerySchema.safeParse(sent).success).toBe(true);
  });

  it("names the active filters for the empty state", () => {
    expect(activeFilterNames(DEFAULT_FILTERS)).toEqual([]);
    expect(activeFilterNames({ ...DEFAULT_FILTERS, livesIn: ["SN"], languages: ["Wolof"] })).toEqual([
      quoted("Vit en"),
      "les langues parlées",
    ]);
  });
});
