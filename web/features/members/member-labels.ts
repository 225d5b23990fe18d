import type { PublicProfileDto } from "@domain/discovery.ts";

/** « Awa N. » */
export function displayName(m: Pick<PublicProfileDto, "firstName" | "lastInitial">): string {
  return m.lastInitial ? `${m.firstName} ${m.lastInitial}` : m.firstName;
}

/** « Awa N., 31 ans » */
export function nameAndAge(m: Pick<PublicProfileDto, "firstName" | "lastInitial" | "age">): string {
  return `${displayName(m)}, ${m.age} ans`;
}

/** Pronoun for sentences like « Retrouvez-la » / « Retrouvez-le ». */
export function objectPronoun(m: Pick<PublicProfileDto, "gender">): "la" | "le" {
  return m.gender === "female" ? "la" : "le";
}
