// The searches bench/search.ts times. The searching member is a woman living in Paris (issue 17's
// « done when »), so every query looks for men. The first group is the SPEC's filters (age, « avec
// photo », interests) and paging, the mix of the earlier runs; the second, issue 17's filters and
// orders, alone and combined, including rare ones (few matches: the count cannot stop early).

export type Params = Record<string, string | string[]>;

/** One search of the mix. A cursor case follows `nextCursor` `cursorAfter` times from page 1. */
export interface QueryCase {
  label: string;
  params: Params;
  group: "spec" | "places";
  cursorAfter?: number;
  /** Printed with --explain (docs/search-plans.md). */
  explain?: boolean;
}

const spec = (c: Omit<QueryCase, "group">): QueryCase => ({ ...c, group: "spec" });
const places = (c: Omit<QueryCase, "group">): QueryCase => ({ ...c, group: "places" });

export const MIX: QueryCase[] = [
  spec({ label: "default, page 1", params: {}, explain: true }),
  spec({ label: "default, page 2", params: { page: "2" } }),
  spec({ label: "default, page 5", params: { page: "5" } }),
  spec({ label: "age 25–35", params: { ageMin: "25", ageMax: "35" } }),
  spec({ label: "age 40–55", params: { ageMin: "40", ageMax: "55" } }),
  spec({ label: "age 40–55, page 2", params: { ageMin: "40", ageMax: "55", page: "2" } }),
  spec({ label: "with photo", params: { withPhoto: "true" } }),
  spec({ label: "interests: Cuisine", params: { interests: ["Cuisine"] } }),
  spec({ label: "interests: Voyages, Musique", params: { interests: ["Voyages", "Musique"] } }),
  spec({
    label: "age 25–35, photo, Danse, page 2",
    params: { ageMin: "25", ageMax: "35", withPhoto: "true", interests: ["Danse"], page: "2" },
  }),
  spec({ label: "cursor → page 2", params: {}, cursorAfter: 1 }),
  spec({ label: "cursor → page 5", params: {}, cursorAfter: 4 }),
  spec({ label: "age 40–55, cursor → page 2", params: { ageMin: "40", ageMax: "55" }, cursorAfter: 1 }),

  places({ label: "lives in: Afrique", params: { livesIn: ["afrique"] } }),
  places({ label: "lives in: Afrique de l'Ouest", params: { livesIn: ["afrique-ouest"] }, explain: true }),
  places({ label: "lives in: CI, SN", params: { livesIn: ["CI", "SN"] } }),
  places({ label: "lives in: Luxembourg (rare)", params: { livesIn: ["LU"] }, explain: true }),
  places({ label: "from: Cameroun", params: { from: ["CM"] }, explain: true }),
  places({ label: "from: Maghreb, lives in: Europe", params: { from: ["maghreb"], livesIn: ["europe"] } }),
  places({ label: "languages: Wolof", params: { languages: ["Wolof"] }, explain: true }),
  places({ label: "languages: Lingala, Bambara", params: { languages: ["Lingala", "Bambara"] } }),
  places({ label: "looking for: Le mariage", params: { lookingFor: ["Le mariage"] } }),
  places({ label: "online recently", params: { active: "true" }, explain: true }),
  places({ label: "sort: activity", params: { sort: "activity" }, explain: true }),
  places({ label: "sort: activity, cursor → page 2", params: { sort: "activity" }, cursorAfter: 1 }),
  places({ label: "sort: activity, page 3", params: { sort: "activity", page: "3" } }),
  places({ label: "sort: compatibility", params: { sort: "compatibility" }, explain: true }),
  places({
    label: "sort: compatibility, cursor → page 3",
    params: { sort: "compatibility" },
    cursorAfter: 2,
  }),
  places({
    label: "lives in CI/SN, Wolof, by activity",
    params: { livesIn: ["CI", "SN"], languages: ["Wolof"], sort: "activity" },
    explain: true,
  }),
  places({
    label: "… and online recently",
    params: { livesIn: ["CI", "SN"], languages: ["Wolof"], active: "true", sort: "activity" },
  }),
  places({
    label: "every filter, by compatibility",
    params: {
      ageMin: "25",
      ageMax: "45",
      withPhoto: "true",
      livesIn: ["afrique-ouest"],
      from: ["afrique"],
      languages: ["Wolof", "Bambara"],
      lookingFor: ["Une relation sérieuse", "Le mariage"],
      active: "true",
      sort: "compatibility",
    },
    explain: true,
  }),
  places({
    label: "lives in LU, from SN, by activity (rare)",
    params: { livesIn: ["LU"], from: ["SN"], sort: "activity" },
    explain: true,
  }),
  places({
    // Fewer than 200 matches: the page reads them and sorts them (activityPageQuery's `few`).
    label: "the same, aged 25–30 (under 200)",
    params: { livesIn: ["LU"], from: ["SN"], ageMin: "25", ageMax: "30", sort: "activity" },
    explain: true,
  }),
];
