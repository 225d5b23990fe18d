// The places « Vit en » and « Originaire de » offer, as the picker's groups: the continents, then one
// group per region (the whole region, then its countries, francophone first as domain/countries.ts
// orders them). Each option's value is the place token the URL and the API take.
import { CONTINENTS, REGIONS } from "@domain/countries.ts";

export interface PlaceOption {
  value: string;
  label: string;
}

export interface PlaceGroup {
  label: string;
  options: PlaceOption[];
}

/** « Toute l'Afrique »: a continent as a whole, phrased as French speakers say it. */
const WHOLE_CONTINENT: Record<string, string> = {
  afrique: "Toute l’Afrique",
  europe: "Toute l’Europe",
  ameriques: "Toutes les Amériques",
  asie: "Toute l’Asie",
  oceanie: "Toute l’Océanie",
};

/** « Toute l'Afrique de l'Ouest »: a region as a whole (the gender and elision are the label's). */
const WHOLE_REGION: Record<string, string> = {
  "afrique-ouest": "Toute l’Afrique de l’Ouest",
  "afrique-centrale": "Toute l’Afrique centrale",
  maghreb: "Tout le Maghreb",
  "ocean-indien": "Tout l’océan Indien",
  "afrique-est": "Toute l’Afrique de l’Est",
  "afrique-australe": "Toute l’Afrique australe",
  "europe-ouest": "Toute l’Europe de l’Ouest",
  "europe-sud": "Toute l’Europe du Sud",
  "europe-nord": "Toute l’Europe du Nord",
  "europe-est": "Toute l’Europe centrale et orientale",
  "amerique-nord": "Toute l’Amérique du Nord",
  "moyen-orient": "Tout le Moyen-Orient",
  "asie-centrale-sud-est": "Toute l’Asie centrale, du Sud et de l’Est",
  "caraibes-amerique-latine": "Toutes les Caraïbes et l’Amérique latine",
};

// A continent or region added to domain/countries.ts later still gets a correct, if plainer, label.
const wholeContinent = (id: string, label: string) => WHOLE_CONTINENT[id] ?? `${label} (tout le continent)`;
const wholeRegion = (id: string, label: string) => WHOLE_REGION[id] ?? `${label} (toute la région)`;

const CONTINENT_IDS = new Set<string>(CONTINENTS.map((c) => c.id));

/** Every place, chosen or not, in the picker's order. */
export const PLACE_GROUPS: readonly PlaceGroup[] = [
  {
    label: "Continents",
    options: CONTINENTS.map((c) => ({ value: c.id, label: wholeContinent(c.id, c.label) })),
  },
  ...REGIONS.map((r) => ({
    label: r.label,
    options: [
      // A region whose id is also a continent's (« oceanie », its continent's only region) is the
      // continent, offered above.
      ...(CONTINENT_IDS.has(r.id) ? [] : [{ value: r.id, label: wholeRegion(r.id, r.label) }]),
      ...r.countries.map((c) => ({ value: c.code, label: c.name })),
    ],
  })),
];

/** The groups without the places already chosen (a group left empty is dropped). */
export function placeGroupsWithout(chosen: readonly string[]): PlaceGroup[] {
  const taken = new Set(chosen);
  return PLACE_GROUPS.map((g) => ({ ...g, options: g.options.filter((o) => !taken.has(o.value)) })).filter(
    (g) => g.options.length > 0,
  );
}
