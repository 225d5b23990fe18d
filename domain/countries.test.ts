// The one source of countries: every ISO country is placed once (or deliberately left out), the
// names profiles already hold keep their spelling, and a search's places resolve to countries.
import frenchNames from "i18n-iso-countries/langs/fr.json" with { type: "json" };
import { describe, expect, it } from "vitest";
import {
  ALL_COUNTRIES,
  COUNTRIES,
  countriesOfPlace,
  countryByName,
  FRANCOPHONE_AFRICA,
  placeLabel,
  REGIONS,
  UNLISTED_CODES,
} from "./countries.ts";
import { XAF_COUNTRIES, XOF_COUNTRIES } from "./money.ts";
import { OPERATORS_BY_COUNTRY } from "./payments.ts";

/** The names the profile form offered before the regions (stored in members' profiles). */
const EARLIER_NAMES = [
  "Algérie",
  "Bénin",
  "Burkina Faso",
  "Burundi",
  "Cameroun",
  "Cap-Vert",
  "Comores",
  "Congo",
  "Côte d’Ivoire",
  "Djibouti",
  "Gabon",
  "Guinée",
  "Guinée équatoriale",
  "Madagascar",
  "Mali",
  "Maroc",
  "Maurice",
  "Mauritanie",
  "Niger",
  "République centrafricaine",
  "République démocratique du Congo",
  "Rwanda",
  "Sénégal",
  "Seychelles",
  "Tchad",
  "Togo",
  "Tunisie",
  "Belgique",
  "France",
  "Luxembourg",
  "Monaco",
  "Suisse",
  "Afrique du Sud",
  "Allemagne",
  "Andorre",
  "Angola",
  "Autriche",
  "Brésil",
  "Canada",
  "Danemark",
  "Égypte",
  "Espagne",
  "États-Unis",
  "Éthiopie",
  "Finlande",
  "Ghana",
  "Grèce",
  "Haïti",
  "Irlande",
  "Italie",
  "Kenya",
  "Liban",
  "Liberia",
  "Mozambique",
  "Nigeria",
  "Norvège",
  "Ouganda",
  "Pays-Bas",
  "Pologne",
  "Portugal",
  "Royaume-Uni",
  "Sierra Leone",
  "Suède",
  "Tanzanie",
  "Tchéquie",
  "Zambie",
  "Zimbabwe",
];

describe("countries", () => {
  it("places every ISO country in exactly one region, or leaves it out on purpose", () => {
    const iso = Object.keys(frenchNames.countries).sort();
    const placed = COUNTRIES.map((c) => c.code);
    expect(new Set(placed).size).toBe(placed.length);
    expect([...placed, ...UNLISTED_CODES].sort()).toEqual(iso);
    expect(new Set(ALL_COUNTRIES).size).toBe(ALL_COUNTRIES.length);
  });

  it("keeps the spelling of every name members' profiles and payments already use", () => {
    const known = new Set(ALL_COUNTRIES);
    const names = [
      ...EARLIER_NAMES,
      ...XOF_COUNTRIES,
      ...XAF_COUNTRIES,
      ...Object.keys(OPERATORS_BY_COUNTRY),
    ];
    expect(names.filter((n) => !known.has(n))).toEqual([]);
  });

  it("lists francophone countries first in each region, then the others, each part in French order", () => {
    for (const region of REGIONS) {
      const flags = region.countries.map((c) => c.francophone);
      expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
      for (const part of [true, false]) {
        const names = region.countries.filter((c) => c.francophone === part).map((c) => c.name);
        expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "fr")));
      }
    }
    expect(REGIONS[0]?.countries.slice(0, 3).map((c) => c.name)).toEqual([
      "Bénin",
      "Burkina Faso",
      "Côte d’Ivoire",
    ]);
    expect(FRANCOPHONE_AFRICA).toContain("Sénégal");
    expect(FRANCOPHONE_AFRICA).not.toContain("Nigeria");
  });

  it("turns a continent, a region or a country code into the countries it covers", () => {
    expect(countriesOfPlace("SN")).toEqual(["Sénégal"]);
    expect(countriesOfPlace("ci")).toEqual(["Côte d’Ivoire"]);
    expect(countriesOfPlace("maghreb")).toEqual(["Algérie", "Maroc", "Mauritanie", "Tunisie", "Libye"]);
    const africa = countriesOfPlace("afrique") ?? [];
    expect(africa).toContain("Madagascar");
    expect(africa).not.toContain("France");
    expect(africa.every((n) => countryByName(n)?.continent === "afrique")).toBe(true);
    for (const unknown of ["", "XX", "afrique-du-milieu", "Sénégal", "AQ", "sn’"])
      expect(countriesOfPlace(unknown)).toBeNull();
    expect(placeLabel("afrique-ouest")).toBe("Afrique de l’Ouest");
    expect(placeLabel("europe")).toBe("Europe");
    expect(placeLabel("CM")).toBe("Cameroun");
    expect(placeLabel("ZZ")).toBeNull();
  });
});
