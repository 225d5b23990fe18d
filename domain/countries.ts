// Countries offered in the profile form: francophone Africa and Europe first, then the rest.

export const FRANCOPHONE_AFRICA = [
  "Algérie",
  "Bénin",
  "Burkina Faso",
  "Burundi",
  "Cameroun",
  "Cap-Vert",
  "Comores",
  "Congo",
  "Côte d'Ivoire",
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
] as const;

export const FRANCOPHONE_EUROPE = ["Belgique", "France", "Luxembourg", "Monaco", "Suisse"] as const;

export const OTHER_COUNTRIES = [
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
] as const;

export const COUNTRY_GROUPS = [
  { label: "Afrique francophone", countries: FRANCOPHONE_AFRICA },
  { label: "Europe francophone", countries: FRANCOPHONE_EUROPE },
  { label: "Autres pays", countries: OTHER_COUNTRIES },
] as const;

export const ALL_COUNTRIES: readonly string[] = COUNTRY_GROUPS.flatMap((g) => g.countries);

export function isKnownCountry(value: string): boolean {
  return ALL_COUNTRIES.includes(value);
}
