// Countries, by region and continent: the one source for the profile's country of residence and of
// origin, the search's « Vit en » and « Originaire de » filters and the seeds. Names are the French
// ones of i18n-iso-countries (ISO 3166-1), with the spellings French speakers use where they differ
// (OVERRIDES); the grouping is ours: the regions our members live in and come from, African and
// European regions first, and in each region the francophone countries first.
//
// Profiles store the country's French name (the SPEC's `country` text, and what payments key their
// operators and currencies on): a name here must never change without a migration of those rows.
import frenchNames from "i18n-iso-countries/langs/fr.json" with { type: "json" };

export const CONTINENTS = [
  { id: "afrique", label: "Afrique" },
  { id: "europe", label: "Europe" },
  { id: "ameriques", label: "Amériques" },
  { id: "asie", label: "Asie" },
  { id: "oceanie", label: "Océanie" },
] as const;
export type ContinentId = (typeof CONTINENTS)[number]["id"];

/**
 * Each region's countries by ISO code: francophone first (French official or in common use), then
 * the others; names are sorted in French within each part.
 */
const REGION_CODES = [
  {
    id: "afrique-ouest",
    label: "Afrique de l’Ouest",
    continent: "afrique",
    francophone: ["BJ", "BF", "CI", "GN", "ML", "NE", "SN", "TG"],
    others: ["CV", "GM", "GH", "GW", "LR", "NG", "SL"],
  },
  {
    id: "afrique-centrale",
    label: "Afrique centrale",
    continent: "afrique",
    francophone: ["BI", "CM", "CF", "CG", "CD", "GA", "GQ", "RW", "TD"],
    others: ["AO", "ST"],
  },
  {
    id: "maghreb",
    label: "Maghreb",
    continent: "afrique",
    francophone: ["DZ", "MA", "MR", "TN"],
    others: ["LY"],
  },
  {
    id: "ocean-indien",
    label: "Océan Indien",
    continent: "afrique",
    francophone: ["KM", "MG", "MU", "RE", "SC", "YT"],
    others: [],
  },
  {
    id: "afrique-est",
    label: "Afrique de l’Est",
    continent: "afrique",
    francophone: ["DJ"],
    others: ["EG", "ER", "ET", "KE", "SO", "SS", "SD", "TZ", "UG"],
  },
  {
    id: "afrique-australe",
    label: "Afrique australe",
    continent: "afrique",
    francophone: [],
    others: ["ZA", "BW", "LS", "MW", "MZ", "NA", "SH", "SZ", "ZM", "ZW"],
  },
  {
    id: "europe-ouest",
    label: "Europe de l’Ouest",
    continent: "europe",
    francophone: ["BE", "FR", "LU", "MC", "CH"],
    others: ["DE", "AT", "GG", "IE", "IM", "JE", "LI", "NL", "GB"],
  },
  {
    id: "europe-sud",
    label: "Europe du Sud",
    continent: "europe",
    francophone: [],
    others: ["AD", "CY", "ES", "GI", "GR", "IT", "MT", "PT", "SM", "VA"],
  },
  {
    id: "europe-nord",
    label: "Europe du Nord",
    continent: "europe",
    francophone: [],
    others: ["AX", "DK", "EE", "FI", "FO", "GL", "IS", "LV", "LT", "NO", "SE"],
  },
  {
    id: "europe-est",
    label: "Europe centrale et orientale",
    continent: "europe",
    francophone: [],
    others: [
      "AL",
      "BY",
      "BA",
      "BG",
      "HR",
      "HU",
      "XK",
      "MK",
      "MD",
      "ME",
      "PL",
      "RO",
      "RU",
      "RS",
      "SK",
      "SI",
      "CZ",
      "UA",
    ],
  },
  {
    id: "amerique-nord",
    label: "Amérique du Nord",
    continent: "ameriques",
    francophone: ["CA", "PM"],
    others: ["BM", "US"],
  },
  {
    id: "caraibes-amerique-latine",
    label: "Caraïbes et Amérique latine",
    continent: "ameriques",
    francophone: ["GP", "GF", "HT", "MQ", "BL", "MF"],
    others: [
      "AI",
      "AG",
      "AR",
      "AW",
      "BS",
      "BB",
      "BZ",
      "BO",
      "BQ",
      "BR",
      "CL",
      "CO",
      "CR",
      "CU",
      "CW",
      "DM",
      "DO",
      "EC",
      "SV",
      "FK",
      "GD",
      "GT",
      "GY",
      "HN",
      "JM",
      "KY",
      "MX",
      "MS",
      "NI",
      "PA",
      "PY",
      "PE",
      "PR",
      "KN",
      "LC",
      "VC",
      "SX",
      "SR",
      "TT",
      "TC",
      "UY",
      "VE",
      "VG",
      "VI",
    ],
  },
  {
    id: "moyen-orient",
    label: "Moyen-Orient",
    continent: "asie",
    francophone: ["LB"],
    others: ["AE", "BH", "IL", "IQ", "IR", "JO", "KW", "OM", "PS", "QA", "SA", "SY", "TR", "YE"],
  },
  {
    id: "asie-centrale-sud-est",
    label: "Asie centrale, du Sud et de l’Est",
    continent: "asie",
    francophone: [],
    others: [
      "AF",
      "AM",
      "AZ",
      "BD",
      "BT",
      "BN",
      "KH",
      "CN",
      "GE",
      "HK",
      "IN",
      "ID",
      "JP",
      "KZ",
      "KG",
      "LA",
      "MO",
      "MY",
      "MV",
      "MN",
      "MM",
      "NP",
      "KP",
      "KR",
      "PK",
      "PH",
      "SG",
      "LK",
      "TJ",
      "TW",
      "TH",
      "TL",
      "TM",
      "UZ",
      "VN",
    ],
  },
  {
    id: "oceanie",
    label: "Océanie",
    continent: "oceanie",
    francophone: ["NC", "PF", "VU", "WF"],
    others: [
      "AS",
      "AU",
      "CK",
      "FJ",
      "FM",
      "GU",
      "KI",
      "MH",
      "MP",
      "NR",
      "NU",
      "NZ",
      "PG",
      "PW",
      "SB",
      "TK",
      "TO",
      "TV",
      "WS",
    ],
  },
] as const satisfies readonly {
  id: string;
  label: string;
  continent: ContinentId;
  francophone: readonly string[];
  others: readonly string[];
}[];

/** ISO codes with no members to expect (uninhabited, or whose name is disputed): not offered. */
export const UNLISTED_CODES = ["AQ", "BV", "CC", "CX", "EH", "GS", "HM", "IO", "NF", "PN", "SJ", "TF", "UM"];

/** Where the French spoken by our members names a country differently from the ISO list. */
const OVERRIDES: Record<string, string> = {
  AE: "Émirats arabes unis",
  BN: "Brunei",
  CF: "République centrafricaine",
  CG: "Congo",
  CI: "Côte d’Ivoire",
  CZ: "Tchéquie",
  DO: "République dominicaine",
  LR: "Liberia",
  MF: "Saint-Martin",
  NG: "Nigeria",
  RE: "La Réunion",
  SA: "Arabie saoudite",
  SX: "Sint Maarten",
  SZ: "Eswatini",
  TZ: "Tanzanie",
  US: "États-Unis",
  VA: "Vatican",
};

export type RegionId = (typeof REGION_CODES)[number]["id"];

export interface Country {
  code: string;
  /** The French name, as profiles store it. */
  name: string;
  region: RegionId;
  continent: ContinentId;
  francophone: boolean;
}

export interface Region {
  id: RegionId;
  label: string;
  continent: ContinentId;
  countries: readonly Country[];
}

function frenchName(code: string): string {
  const entry = (frenchNames.countries as Record<string, string | string[]>)[code];
  const name = OVERRIDES[code] ?? (Array.isArray(entry) ? entry[0] : entry);
  if (!name) throw new Error(`countries: no French name for ${code}`);
  return name;
}

// One collator for every comparison: localeCompare(…, "fr") sets one up per call, which made this
// module's sorting a tenth of the app's start-up on a phone (issue 19, first paint).
const frenchCollator = new Intl.Collator("fr");
const byFrenchName = (a: Country, b: Country) => frenchCollator.compare(a.name, b.name);

export const REGIONS: readonly Region[] = REGION_CODES.map((r) => {
  const make = (codes: readonly string[], francophone: boolean) =>
    codes
      .map(
        (code): Country => ({
          code,
          name: frenchName(code),
          region: r.id,
          continent: r.continent,
          francophone,
        }),
      )
      .sort(byFrenchName);
  return {
    id: r.id,
    label: r.label,
    continent: r.continent,
    countries: [...make(r.francophone, true), ...make(r.others, false)],
  };
});

export const COUNTRIES: readonly Country[] = REGIONS.flatMap((r) => r.countries);
const BY_NAME = new Map(COUNTRIES.map((c) => [c.name, c]));
const BY_CODE = new Map(COUNTRIES.map((c) => [c.code, c]));

/** The regions as the country selects show them (one group per region). */
export const COUNTRY_GROUPS = REGIONS.map((r) => ({
  label: r.label,
  countries: r.countries.map((c) => c.name),
}));

export const ALL_COUNTRIES: readonly string[] = COUNTRIES.map((c) => c.name);

/** The francophone countries of Africa and of Europe (the heart of the site's audience). */
export const FRANCOPHONE_AFRICA = COUNTRIES.filter((c) => c.continent === "afrique" && c.francophone).map(
  (c) => c.name,
);
export const FRANCOPHONE_EUROPE = COUNTRIES.filter((c) => c.continent === "europe" && c.francophone).map(
  (c) => c.name,
);

export function isKnownCountry(name: string): boolean {
  return BY_NAME.has(name);
}

export function countryByName(name: string): Country | undefined {
  return BY_NAME.get(name);
}

export function countryByCode(code: string): Country | undefined {
  return BY_CODE.get(code.toUpperCase());
}

/**
 * A place a search names: a continent, a region or a country (its ISO code). The search's « Vit en »
 * and « Originaire de » take several; each is turned into the country names it covers.
 */
export function countriesOfPlace(place: string): readonly string[] | null {
  const continent = CONTINENTS.find((c) => c.id === place);
  if (continent) return COUNTRIES.filter((c) => c.continent === continent.id).map((c) => c.name);
  const region = REGIONS.find((r) => r.id === place);
  if (region) return region.countries.map((c) => c.name);
  const country = /^[A-Za-z]{2}$/.test(place) ? countryByCode(place) : undefined;
  return country ? [country.name] : null;
}

/** A place's label in French (« Afrique de l'Ouest », « Sénégal »), or null when it is unknown. */
export function placeLabel(place: string): string | null {
  return (
    CONTINENTS.find((c) => c.id === place)?.label ??
    REGIONS.find((r) => r.id === place)?.label ??
    (/^[A-Za-z]{2}$/.test(place) ? countryByCode(place)?.name : undefined) ??
    null
  );
}
