import { describe, expect, it } from "vitest";
import { ageOn, isAllowedAge, minusYears, parseIsoDate } from "./age.ts";

describe("parseIsoDate", () => {
  it.each([
    ["2000-01-01", [2000, 1, 1]],
    ["2024-02-29", [2024, 2, 29]],
  ])("accepts %s", (value, expected) => expect(parseIsoDate(value)).toEqual(expected));

  it.each(["2023-02-29", "2000-13-01", "2000-00-10", "01/01/2000", "2000-1-1", "", "2000-01-01T00:00:00Z"])(
    "refuses %s",
    (value) => expect(parseIsoDate(value)).toBeNull(),
  );
});

describe("ageOn", () => {
  it.each([
    ["2008-11-22", "2026-11-22", 18],
    ["2008-11-23", "2026-11-22", 17],
    ["2000-01-01", "2026-11-22", 26],
    ["2004-02-29", "2026-02-28", 21],
    ["2004-02-29", "2026-03-01", 22],
  ])("born %s, on %s → %i", (birth, today, age) => expect(ageOn(birth, today)).toBe(age));

  it("is NaN for an invalid date", () => expect(ageOn("nope", "2026-11-22")).toBeNaN());
});

describe("minusYears", () => {
  it("shifts whole years", () => expect(minusYears("2026-11-22", 18)).toBe("2008-11-22"));
  it("maps 29 February to 28 February in a common year", () =>
    expect(minusYears("2024-02-29", 1)).toBe("2023-02-28"));
});

describe("isAllowedAge", () => {
  const today = "2026-11-22";
  it.each([
    ["2008-11-22", true],
    ["2008-11-23", false],
    ["1926-11-23", true],
    ["1926-11-22", false],
    ["2030-01-01", false],
  ])("%s → %s", (birth, ok) => expect(isAllowedAge(birth, today)).toBe(ok));
});
