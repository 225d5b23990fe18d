import { afterEach, describe, expect, it } from "vitest";
import {
  forgetSearchFilters,
  rememberedSearchParams,
  rememberSearchFilters,
  SEARCH_STORAGE_KEY,
} from "./remembered-filters.ts";
import { DEFAULT_FILTERS } from "./search-filters.ts";

afterEach(() => localStorage.clear());

describe("remembered search filters", () => {
  it("keeps the applied filters under one key, as a query string", () => {
    rememberSearchFilters({ ...DEFAULT_FILTERS, ageMin: 30, livesIn: ["SN", "europe-ouest"] });
    expect(JSON.parse(localStorage.getItem(SEARCH_STORAGE_KEY) ?? "null")).toEqual({
      v: 1,
      query: "ageMin=30&livesIn=SN&livesIn=europe-ouest",
    });
    expect(rememberedSearchParams()?.toString()).toBe("ageMin=30&livesIn=SN&livesIn=europe-ouest");
  });

  it("keeps « En ligne récemment » and the order too, an order alone included", () => {
    rememberSearchFilters({ ...DEFAULT_FILTERS, active: true, sort: "activity" });
    expect(rememberedSearchParams()?.toString()).toBe("active=1&sort=activity");
    rememberSearchFilters({ ...DEFAULT_FILTERS, sort: "compatibility" });
    expect(rememberedSearchParams()?.toString()).toBe("sort=compatibility");
  });

  it("forgets them when the defaults are applied, or when asked", () => {
    rememberSearchFilters({ ...DEFAULT_FILTERS, withPhoto: true });
    rememberSearchFilters(DEFAULT_FILTERS);
    expect(localStorage.getItem(SEARCH_STORAGE_KEY)).toBeNull();
    rememberSearchFilters({ ...DEFAULT_FILTERS, withPhoto: true });
    forgetSearchFilters();
    expect(rememberedSearchParams()).toBeNull();
  });

  it.each([
    ["not JSON", "{cassé"],
    ["another shape", JSON.stringify(["ageMin=30"])],
    ["an older version", JSON.stringify({ v: 0, query: "ageMin=30" })],
    ["a query that is not text", JSON.stringify({ v: 1, query: { ageMin: 30 } })],
  ])("ignores and removes %s", (_, value) => {
    localStorage.setItem(SEARCH_STORAGE_KEY, value);
    expect(rememberedSearchParams()).toBeNull();
    expect(localStorage.getItem(SEARCH_STORAGE_KEY)).toBeNull();
  });

  it("reads a remembered query as leniently as an address", () => {
    localStorage.setItem(
      SEARCH_STORAGE_KEY,
      JSON.stringify({ v: 1, query: "livesIn=atlantide&livesIn=sn&ageMin=7&unknown=1" }),
    );
    expect(rememberedSearchParams()?.toString()).toBe("livesIn=SN");
    localStorage.setItem(SEARCH_STORAGE_KEY, JSON.stringify({ v: 1, query: "livesIn=atlantide" }));
    expect(rememberedSearchParams()).toBeNull();
  });
});
