// The « Kit de voyage »: what a member who travels to meet someone keeps on the phone, offline, for
// the destination country: its emergency numbers, where to find the consular help of the member's
// own country, and advice for a first meeting after a trip. Plain data and one helper, shown by the
// app as they are.
//
// The emergency numbers were checked on VERIFIED_ON against public sources (governments, emergency
// services, embassies). Numbers change: re-check every one against official sources before each
// release, then update VERIFIED_ON. A number we could not confirm is left out and the country's
// `note` says so: no number is better than a wrong one. No street address or phone number of an
// embassy is given here: only the member's own foreign ministry, whose site stays up to date.
import { countryByCode } from "./countries.ts";

/** The day the emergency numbers below were last checked (re-check before each release). */
export const VERIFIED_ON = "2026-11-29";

export interface EmergencyNumber {
  /** The service, in French: « Police », « SAMU (urgences médicales) »… */
  service: string;
  /** Digits only, as dialled from a phone in the country. */
  number: string;
}

export interface TripKitCountry {
  /** The French name, exactly as domain/countries.ts spells it (and profiles store it). */
  country: string;
  /** ISO 3166-1 code. */
  code: string;
  emergency: readonly EmergencyNumber[];
  /** What to know about these numbers, and which ones could not be confirmed. */
  note?: string;
}

/** Where the member's consular help is: a sentence, and the official site when there is one. */
export interface ConsularHelp {
  text: string;
  url?: string;
}

interface KitEntry {
  code: string;
  /** The country after a place: « au Sénégal », « en Côte d’Ivoire ». */
  in: string;
  /** The country after « l’ambassade »: « du Sénégal », « de Côte d’Ivoire ». */
  of: string;
  emergency: readonly EmergencyNumber[];
  note?: string;
  /** Where the country's foreign ministry lists its embassies, when its address is well known and stable. */
  directory?: { where: string; url: string };
}

const call = (service: string, number: string): EmergencyNumber => ({ service, number });

const NO_AMBULANCE_NOTE =
  "Aucun numéro d’ambulance n’a pu être vérifié : repérez dès votre arrivée l’hôpital le plus proche.";

const KIT: readonly KitEntry[] = [
  {
    code: "CI",
    in: "en Côte d’Ivoire",
    of: "de Côte d’Ivoire",
    emergency: [
      call("Police secours", "110"),
      call("Police secours", "111"),
      call("Sapeurs-pompiers", "180"),
      call("SAMU (urgences médicales)", "185"),
    ],
  },
  {
    code: "SN",
    in: "au Sénégal",
    of: "du Sénégal",
    emergency: [
      call("Police", "17"),
      call("Sapeurs-pompiers", "18"),
      call("SAMU (urgences médicales)", "1515"),
    ],
  },
  {
    code: "CM",
    in: "au Cameroun",
    of: "du Cameroun",
    emergency: [call("Police", "117"), call("Sapeurs-pompiers", "118")],
    note: NO_AMBULANCE_NOTE,
  },
  {
    code: "CD",
    in: "en République démocratique du Congo",
    of: "de la République démocratique du Congo",
    emergency: [],
    note: "Aucun numéro national d’urgence n’a pu être vérifié. Dès votre arrivée, demandez à votre hébergement les numéros de la police et des secours de la ville, et repérez l’hôpital le plus proche.",
  },
  {
    code: "ML",
    in: "au Mali",
    of: "du Mali",
    emergency: [],
    note: "Aucun numéro d’urgence n’a pu être vérifié. Dès votre arrivée, demandez à votre hébergement les numéros de la police et des secours, et repérez l’hôpital le plus proche.",
  },
  {
    code: "BJ",
    in: "au Bénin",
    of: "du Bénin",
    emergency: [call("Police", "117"), call("Police", "166"), call("Sapeurs-pompiers", "118")],
    note: NO_AMBULANCE_NOTE,
  },
  {
    code: "TG",
    in: "au Togo",
    of: "du Togo",
    emergency: [
      call("Police", "117"),
      call("Gendarmerie", "172"),
      call("Sapeurs-pompiers", "118"),
      call("Protection civile", "170"),
    ],
    note: NO_AMBULANCE_NOTE,
  },
  {
    code: "MA",
    in: "au Maroc",
    of: "du Maroc",
    emergency: [
      call("Police (en ville)", "19"),
      call("Gendarmerie royale (hors des villes)", "177"),
      call("Pompiers et ambulances", "15"),
    ],
  },
  {
    code: "DZ",
    in: "en Algérie",
    of: "d’Algérie",
    emergency: [
      call("Police", "17"),
      call("Police (numéro vert)", "1548"),
      call("Gendarmerie", "1055"),
      call("Protection civile (pompiers et ambulances)", "14"),
    ],
  },
  {
    code: "TN",
    in: "en Tunisie",
    of: "de Tunisie",
    emergency: [
      call("Police secours (en ville)", "197"),
      call("Garde nationale (hors des villes)", "193"),
      call("Protection civile (pompiers)", "198"),
      call("SAMU (urgences médicales)", "190"),
    ],
  },
  {
    code: "FR",
    in: "en France",
    of: "de France",
    emergency: [
      call("Police", "17"),
      call("SAMU (urgences médicales)", "15"),
      call("Sapeurs-pompiers", "18"),
      call("Numéro d’urgence européen", "112"),
      call("Urgences par SMS (personnes sourdes ou malentendantes)", "114"),
    ],
    directory: {
      where: "sur le site du ministère de l’Europe et des Affaires étrangères",
      url: "https://www.diplomatie.gouv.fr",
    },
  },
  {
    code: "BE",
    in: "en Belgique",
    of: "de Belgique",
    emergency: [call("Police", "101"), call("Pompiers et ambulances", "112")],
    directory: { where: "sur le site du SPF Affaires étrangères", url: "https://diplomatie.belgium.be" },
  },
  {
    code: "CH",
    in: "en Suisse",
    of: "de Suisse",
    emergency: [
      call("Police", "117"),
      call("Ambulance", "144"),
      call("Pompiers", "118"),
      call("Numéro d’urgence européen", "112"),
    ],
    directory: {
      where: "sur le site du Département fédéral des affaires étrangères (DFAE)",
      url: "https://www.eda.admin.ch",
    },
  },
  {
    code: "CA",
    in: "au Canada",
    of: "du Canada",
    emergency: [call("Police, ambulance et pompiers", "911")],
    directory: { where: "sur le site Voyage.gc.ca du gouvernement du Canada", url: "https://voyage.gc.ca" },
  },
];

function countryName(code: string): string {
  const country = countryByCode(code);
  if (!country) throw new Error(`trip-kit: ${code} is not in domain/countries.ts`);
  return country.name;
}

const BY_NAME = new Map(KIT.map((entry) => [countryName(entry.code), entry]));

/** The destinations the kit covers, in the order the app lists them. */
export const TRIP_KIT_COUNTRIES: readonly TripKitCountry[] = KIT.map(({ code, emergency, note }) => ({
  country: countryName(code),
  code,
  emergency,
  ...(note ? { note } : {}),
}));

/**
 * Where a member whose country is `from` finds their consular help in `to` (both French names as
 * domain/countries.ts spells them); null when they travel within their own country.
 */
export function consularHelp(from: string, to: string): ConsularHelp | null {
  if (from === to) return null;
  const home = BY_NAME.get(from);
  const place = BY_NAME.get(to)?.in ?? "dans le pays où vous allez";
  if (!home) {
    return {
      text: `Avant de partir, demandez au ministère des Affaires étrangères de votre pays l’adresse de son ambassade ou de son consulat ${place}.`,
    };
  }
  if (!home.directory) {
    return {
      text: `Avant de partir, demandez l’adresse de l’ambassade ou du consulat ${home.of} ${place} au ministère des Affaires étrangères.`,
    };
  }
  return {
    text: `Avant de partir, notez l’adresse de l’ambassade ou du consulat ${home.of} ${place} : vous la trouverez ${home.directory.where}.`,
    url: home.directory.url,
  };
}

/** Advice for a first meeting after a trip, shown in this order. */
export const FIRST_MEETING_ADVICE: readonly string[] = [
  "Donnez votre premier rendez-vous dans un lieu public et fréquenté, en journée : un café, un restaurant, un centre commercial.",
  "Réservez et payez vous-même votre hébergement et vos trajets : vous restez libre de partir quand vous le voulez.",
  "Prévenez un proche : envoyez-lui le lieu et l’heure avec « Partager mon rendez-vous », puis rassurez-le avec « Tout va bien » pendant et après la rencontre.",
  "Gardez toujours sur vous votre passeport et votre billet de retour, et ne les confiez à personne.",
  "N’envoyez et ne prêtez jamais d’argent, quelle que soit la raison : visa, billet, frais d’hôpital ou de douane.",
  "Gardez votre téléphone chargé, avec une carte SIM locale ou l’itinérance activée, et une batterie de secours.",
  "Gardez l’esprit clair : surveillez votre verre, et écourtez la rencontre si quelque chose vous met mal à l’aise.",
  "Avant de réserver, lisez les conseils aux voyageurs de votre pays pour votre destination.",
];

export const TRIP_KIT_DISCLAIMER =
  "Passerelle n’est pas un service d’urgence et ne peut pas vous envoyer de secours : en cas de danger, appelez directement les numéros d’urgence du pays.";
