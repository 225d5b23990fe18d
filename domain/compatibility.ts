// Compatibility score (SPEC §7): 40 points scaled by shared interests over the larger interest
// list, 30 scaled by shared languages over the larger language list, 30 if looking_for is equal;
// rounded. A pair of empty lists adds nothing (no division by zero).
import { COMPATIBILITY_WEIGHTS } from "./constants.ts";

export interface CompatibilityInput {
  interests: readonly string[];
  languages: readonly string[];
  lookingFor: string;
}

/** Case and Unicode-form insensitive, so « cuisine » and « Cuisine » count as one shared interest. */
const normalize = (value: string) => value.normalize("NFC").trim().toLocaleLowerCase("fr");

/** Shared items over the larger list, each list counted without duplicates; 0 when both are empty. */
export function overlapRatio(a: readonly string[], b: readonly string[]): number {
  const setA = new Set(a.map(normalize).filter(Boolean));
  const setB = new Set(b.map(normalize).filter(Boolean));
  const larger = Math.max(setA.size, setB.size);
  if (larger === 0) return 0;
  let shared = 0;
  for (const item of setA) if (setB.has(item)) shared++;
  return shared / larger;
}

/** An integer from 0 to 100. */
export function compatibilityScore(a: CompatibilityInput, b: CompatibilityInput): number {
  const w = COMPATIBILITY_WEIGHTS;
  const score =
    w.interests * overlapRatio(a.interests, b.interests) +
    w.languages * overlapRatio(a.languages, b.languages) +
    (a.lookingFor === b.lookingFor ? w.lookingFor : 0);
  return Math.round(score);
}
