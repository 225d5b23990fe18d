// Demo members live where the site's members do: most at home, a share of Africans in the European
// diaspora with their origin kept, a few Europeans in Africa; every place is one of the countries list.
import { countryByName, isKnownCountry } from "@domain/countries.ts";
import { presenceOf } from "@domain/presence.ts";
import { describe, expect, it } from "vitest";
import { generateMember } from "./members.ts";
import { Random } from "./random.ts";

describe("seeded members' residence and origin", () => {
  const members = Array.from({ length: 4000 }, (_, n) =>
    generateMember(new Random(7 + n), n, Date.UTC(2026, 10, 24)),
  );
  const profiles = members.map((m) => m.profile!);

  it("uses only countries of the list, and a city for everyone", () => {
    for (const p of profiles) {
      expect(isKnownCountry(p.country)).toBe(true);
      expect(p.originCountry === "" || isKnownCountry(p.originCountry)).toBe(true);
      expect(p.city).not.toBe("");
    }
  });

  it("puts about a quarter of African-born members in Europe, keeping where they come from", () => {
    const african = profiles.filter(
      (p) => countryByName(p.originCountry || p.country)?.continent === "afrique",
    );
    const inEurope = african.filter((p) => countryByName(p.country)?.continent === "europe");
    expect(inEurope.length / african.length).toBeGreaterThan(0.2);
    expect(inEurope.length / african.length).toBeLessThan(0.3);
    expect(inEurope.every((p) => p.originCountry !== "" && p.originCountry !== p.country)).toBe(true);
    expect(inEurope.filter((p) => p.country === "France").length).toBeGreaterThan(inEurope.length / 2);
    const europeans = profiles.filter(
      (p) => countryByName(p.originCountry || p.country)?.continent === "europe",
    );
    const inAfrica = europeans.filter((p) => countryByName(p.country)?.continent === "afrique");
    expect(inAfrica.length).toBeGreaterThan(0);
    expect(inAfrica.length / europeans.length).toBeLessThan(0.15);
  });

  it("spreads last activity from now to never, never before sign-up, and hides it for a few", () => {
    const now = Date.UTC(2026, 10, 24);
    const levels = profiles.map(
      (p) => presenceOf(p.lastActiveAt, now) ?? (p.lastActiveAt ? "older" : "never"),
    );
    for (const level of ["online", "today", "week", "older", "never"])
      expect(levels.filter((l) => l === level).length).toBeGreaterThan(profiles.length * 0.03);
    members.forEach((m) => {
      if (m.profile!.lastActiveAt)
        expect(m.profile!.lastActiveAt.getTime()).toBeGreaterThanOrEqual(m.createdAt.getTime());
    });
    const hidden = profiles.filter((p) => p.presenceHidden).length / profiles.length;
    expect(hidden).toBeGreaterThan(0.02);
    expect(hidden).toBeLessThan(0.1);
  });

  it("answers « prêt(e) à déménager » for most, not for all", () => {
    const said = profiles.filter((p) => p.relocate !== null).length / profiles.length;
    expect(said).toBeGreaterThan(0.7);
    expect(said).toBeLessThan(0.9);
    expect(new Set(profiles.map((p) => p.relocate))).toEqual(new Set(["yes", "maybe", "no", null]));
  });
});
