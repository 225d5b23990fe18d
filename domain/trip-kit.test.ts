// The « Kit de voyage »: its countries are the site's own (domain/countries.ts), every number is one
// that can be dialled, the consular help never points outside an official https site, and the
// French copy is typeset (typographic apostrophes, no-break spaces).
import { describe, expect, it } from "vitest";
import { countryByName, isKnownCountry } from "./countries.ts";
import {
  consularHelp,
  FIRST_MEETING_ADVICE,
  TRIP_KIT_COUNTRIES,
  TRIP_KIT_DISCLAIMER,
  VERIFIED_ON,
} from "./trip-kit.ts";
import { frenchTypography } from "./typography.ts";

const NAMES = TRIP_KIT_COUNTRIES.map((c) => c.country);

/** Every pair of distinct kit countries, both ways. */
const PAIRS = NAMES.flatMap((from) => NAMES.filter((to) => to !== from).map((to) => [from, to] as const));

describe("TRIP_KIT_COUNTRIES", () => {
  it("covers the 14 destinations, each once", () => {
    expect([...NAMES].sort()).toEqual(
      [
        "Côte d’Ivoire",
        "Sénégal",
        "Cameroun",
        "République démocratique du Congo",
        "Mali",
        "Bénin",
        "Togo",
        "Maroc",
        "Algérie",
        "Tunisie",
        "France",
        "Belgique",
        "Suisse",
        "Canada",
      ].sort(),
    );
    expect(new Set(NAMES).size).toBe(NAMES.length);
  });

  it("names each country as domain/countries.ts does, with its ISO code", () => {
    for (const { country, code } of TRIP_KIT_COUNTRIES) {
      expect(isKnownCountry(country), country).toBe(true);
      expect(countryByName(country)?.code, country).toBe(code);
    }
  });

  it("gives only numbers made of digits, and says why when a country has none", () => {
    for (const { country, emergency, note } of TRIP_KIT_COUNTRIES) {
      for (const { service, number } of emergency) {
        expect(number, `${country}: ${service}`).toMatch(/^\d{2,8}$/);
        expect(service.trim(), country).not.toBe("");
      }
      if (emergency.length === 0) expect(note, country).toMatch(/n’a pu être vérifié/);
    }
  });

  it("lists at least one number for most destinations", () => {
    const without = TRIP_KIT_COUNTRIES.filter((c) => c.emergency.length === 0).map((c) => c.country);
    expect(without).toEqual(["République démocratique du Congo", "Mali"]);
  });

  it("keeps the well-known national numbers", () => {
    const numbers = (country: string) =>
      TRIP_KIT_COUNTRIES.find((c) => c.country === country)?.emergency.map((e) => e.number);
    expect(numbers("France")).toEqual(expect.arrayContaining(["17", "15", "18", "112"]));
    expect(numbers("Belgique")).toEqual(expect.arrayContaining(["101", "112"]));
    expect(numbers("Suisse")).toEqual(expect.arrayContaining(["117", "144", "118"]));
    expect(numbers("Canada")).toEqual(["911"]);
    expect(numbers("Sénégal")).toEqual(expect.arrayContaining(["17", "18"]));
  });

  it("was checked on a real day", () => {
    expect(VERIFIED_ON).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${VERIFIED_ON}T00:00:00Z`).toISOString().slice(0, 10)).toBe(VERIFIED_ON);
  });
});

describe("consularHelp", () => {
  it("is not needed at home", () => {
    for (const name of NAMES) expect(consularHelp(name, name)).toBeNull();
  });

  it("gives a sentence for every trip between two kit countries", () => {
    for (const [from, to] of PAIRS) {
      const help = consularHelp(from, to);
      expect(help?.text, `${from} → ${to}`).toMatch(/^Avant de partir, .*ambassade.*\.$/);
    }
  });

  it("names the home country of the member and the destination", () => {
    expect(consularHelp("France", "Sénégal")).toEqual({
      text: frenchTypography(
        "Avant de partir, notez l’adresse de l’ambassade ou du consulat de France au Sénégal : vous la trouverez sur le site du ministère de l’Europe et des Affaires étrangères.",
      ),
      url: "https://www.diplomatie.gouv.fr",
    });
    expect(consularHelp("Sénégal", "Belgique")).toEqual({
      text: "Avant de partir, demandez l’adresse de l’ambassade ou du consulat du Sénégal en Belgique au ministère des Affaires étrangères.",
    });
    expect(consularHelp("Algérie", "Côte d’Ivoire")?.text).toContain("d’Algérie en Côte d’Ivoire");
  });

  it("still helps a member from, or going to, a country outside the kit", () => {
    expect(consularHelp("Gabon", "France")?.text).toBe(
      "Avant de partir, demandez au ministère des Affaires étrangères de votre pays l’adresse de son ambassade ou de son consulat en France.",
    );
    expect(consularHelp("Belgique", "Gabon")?.text).toContain("de Belgique dans le pays où vous allez");
  });

  it("links only to https sites, and invents none for the ministries it does not know", () => {
    const urls = PAIRS.flatMap(([from, to]) => consularHelp(from, to)?.url ?? []);
    expect(new Set(urls)).toEqual(
      new Set([
        "https://www.diplomatie.gouv.fr",
        "https://diplomatie.belgium.be",
        "https://www.eda.admin.ch",
        "https://voyage.gc.ca",
      ]),
    );
    for (const url of urls) expect(new URL(url).protocol).toBe("https:");
  });
});

describe("French copy", () => {
  const copy = [
    ...TRIP_KIT_COUNTRIES.flatMap((c) => [c.note ?? "", ...c.emergency.map((e) => e.service)]),
    ...PAIRS.map(([from, to]) => consularHelp(from, to)?.text ?? ""),
    consularHelp("Gabon", "Canada")?.text ?? "",
    ...FIRST_MEETING_ADVICE,
    TRIP_KIT_DISCLAIMER,
  ].filter((text) => text !== "");

  it("has no typewriter apostrophe", () => {
    for (const text of copy) expect(text).not.toContain("'");
  });

  it("is typeset: no-break spaces before « : ; ? ! » and inside guillemets", () => {
    for (const text of copy) expect(text).toBe(frenchTypography(text));
  });

  it("gives 6 to 8 pieces of advice, with the safety tools of the app", () => {
    expect(FIRST_MEETING_ADVICE.length).toBeGreaterThanOrEqual(6);
    expect(FIRST_MEETING_ADVICE.length).toBeLessThanOrEqual(8);
    const advice = FIRST_MEETING_ADVICE.join(" ");
    expect(advice).toContain(frenchTypography("« Partager mon rendez-vous »"));
    expect(advice).toContain(frenchTypography("« Tout va bien »"));
    expect(advice).toMatch(/passeport/);
    expect(advice).toMatch(/argent/);
  });

  it("says Passerelle is no emergency service", () => {
    expect(TRIP_KIT_DISCLAIMER).toMatch(/^Passerelle n’est pas un service d’urgence/);
    expect(TRIP_KIT_DISCLAIMER).toMatch(/numéros d’urgence/);
  });
});
