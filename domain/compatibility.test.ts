import { describe, expect, it } from "vitest";
import { type CompatibilityInput, compatibilityScore, overlapRatio } from "./compatibility.ts";

const p = (
  interests: string[],
  languages: string[],
  lookingFor = "Une relation sérieuse",
): CompatibilityInput => ({
  interests,
  languages,
  lookingFor,
});

const SIXTEEN = Array.from({ length: 16 }, (_, i) => `I${i + 1}`);

describe("compatibilityScore", () => {
  const cases: [string, CompatibilityInput, CompatibilityInput, number][] = [
    [
      "identical lists and goal",
      p(["Cuisine", "Danse"], ["Français"]),
      p(["Cuisine", "Danse"], ["Français"]),
      100,
    ],
    [
      "nothing in common, different goals",
      p(["Cuisine"], ["Wolof"], "Le mariage"),
      p(["Sport"], ["Allemand"]),
      0,
    ],
    ["only the goal in common", p(["Cuisine"], ["Wolof"]), p(["Sport"], ["Allemand"]), 30],
    // 40 × 1/3 + 30 × 1/2 + 30 = 13.33 + 15 + 30 = 58.33 → 58
    [
      "divides by the larger list",
      p(["Cuisine", "Danse", "Art"], ["Français"]),
      p(["Cuisine"], ["Français", "Wolof"]),
      58,
    ],
    // 40 × 1/2 + 30 × 1 + 0 = 50
    [
      "half the interests, all languages",
      p(["Cuisine", "Danse"], ["Français"], "Une amitié"),
      p(["Danse", "Sport"], ["Français"]),
      50,
    ],
    // Both interest lists empty add 0 (no NaN); languages 30, goal 30.
    ["two empty interest lists add nothing", p([], ["Français"]), p([], ["Français"]), 60],
    ["two empty lists of each kind", p([], []), p([], []), 30],
    ["one empty list against a full one", p([], ["Français"]), p(["Cuisine"], ["Français"]), 60],
    // 40 × 2/3 = 26.67, + 30 + 30 = 86.67 → 87
    ["rounds to the nearest integer", p(["A", "B", "C"], ["Français"]), p(["A", "B"], ["Français"]), 87],
    // 40 × 3/16 = 7.5 → 8: halves round up, as Math.round does.
    ["rounds halves up", p(SIXTEEN, [], "a"), p(["I1", "I2", "I3"], [], "b"), 8],
    [
      "ignores case and duplicates",
      p(["cuisine", "Cuisine"], ["FRANÇAIS"]),
      p(["Cuisine"], ["Français"]),
      100,
    ],
    ["goals must be exactly equal", p([], [], "Le mariage"), p([], [], "Une relation sérieuse"), 0],
  ];

  it.each(cases)("%s", (_label, a, b, expected) => {
    expect(compatibilityScore(a, b)).toBe(expected);
    // The score is symmetric.
    expect(compatibilityScore(b, a)).toBe(expected);
  });

  it("stays an integer between 0 and 100", () => {
    const score = compatibilityScore(p(["A", "B", "C"], ["x", "y", "z"]), p(["A"], ["y"]));
    expect(Number.isInteger(score)).toBe(true);
    expect(score).toBeGreaterThanOrEqual(0);
    expect(score).toBeLessThanOrEqual(100);
  });
});

describe("overlapRatio", () => {
  it("is 0 for two empty lists and 1 for equal ones", () => {
    expect(overlapRatio([], [])).toBe(0);
    expect(overlapRatio(["a"], ["A"])).toBe(1);
    expect(overlapRatio(["a", "b"], ["a"])).toBe(0.5);
  });
});
