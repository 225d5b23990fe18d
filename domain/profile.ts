// Profile fields, their validation and the defaults of SPEC §7. Shared by the form and the API.
import { z } from "zod";
import { isAllowedAge, parseIsoDate, todayIso } from "./age.ts";
import {
  type AccountStatus,
  AGE_MAX,
  AGE_MIN,
  BIO_MAX_LENGTH,
  CITY_MAX_LENGTH,
  DEFAULT_BIRTH_DATE,
  DEFAULT_INTERESTS,
  DEFAULT_LANGUAGES,
  DEFAULT_LOOKING_FOR,
  GENDERS,
  type Gender,
  LIST_ITEM_MAX_LENGTH,
  LIST_MAX_ITEMS,
  NAME_MAX_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
} from "./constants.ts";
import { isKnownCountry } from "./countries.ts";
import { RELOCATE_OPTIONS, type Relocate } from "./enums.ts";
import { ONBOARDING_DONE } from "./profile-completeness.ts";
import { cleanParagraphs } from "./text.ts";
import { typographicApostrophes } from "./typography.ts";

export const PROFILE_MSG = {
  BIRTH_DATE_MISSING: "Veuillez indiquer votre date de naissance",
  BIRTH_DATE_FUTURE: "La date de naissance ne peut pas être dans le futur",
  ONBOARDING_STEP: `L’étape doit être un entier entre 0 et ${ONBOARDING_DONE}`,
} as const;

export const GENDER_LABELS: Record<Gender, string> = { male: "Homme", female: "Femme" };

export const LOOKING_FOR_OPTIONS = [
  DEFAULT_LOOKING_FOR,
  "Le mariage",
  "Faire connaissance avant tout",
  "Une amitié",
  "Des échanges culturels",
] as const;

/** « Prêt(e) à déménager » for the right person: yes, no, perhaps (or not said: null). */
export { RELOCATE_OPTIONS, type Relocate } from "./enums.ts";
export const RELOCATE_LABELS: Record<Relocate, string> = { yes: "Oui", maybe: "Peut-être", no: "Non" };

/** The relocation answer as others read it, agreed with the member's gender. */
export function relocateText(relocate: Relocate, gender: Gender | null): string {
  const ready = gender === "female" ? "Prête" : "Prêt";
  if (relocate === "yes") return `${ready} à déménager`;
  if (relocate === "maybe") return `${ready} à déménager, peut-être`;
  return "Ne souhaite pas déménager";
}

export const LANGUAGE_SUGGESTIONS = [
  "Français",
  "Anglais",
  "Arabe",
  "Wolof",
  "Lingala",
  "Bambara",
  "Swahili",
  "Peul",
  "Malgache",
  "Kinyarwanda",
  "Sango",
  "Éwé",
  "Fon",
  "Yoruba",
  "Mooré",
  "Allemand",
  "Espagnol",
  "Italien",
  "Portugais",
  "Néerlandais",
] as const;

export const INTEREST_SUGGESTIONS = [
  "Rencontre",
  "Voyages",
  "Cuisine",
  "Musique",
  "Danse",
  "Lecture",
  "Cinéma",
  "Sport",
  "Football",
  "Randonnée",
  "Art",
  "Photographie",
  "Mode",
  "Spiritualité",
  "Famille",
  "Entrepreneuriat",
  "Nature",
  "Langues",
  "Histoire",
  "Bénévolat",
] as const;

/** Cleans a profile text as every typed text is cleaned (domain/text.ts). */
export const cleanText = cleanParagraphs;

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} : texte attendu` })
    .transform(cleanText)
    .pipe(z.string().max(max, `${label} : ${max} caractères au maximum`));

const list = (label: string, suggestions: readonly string[]) => {
  const canonical = canonicalizer(suggestions);
  return z
    .array(text(LIST_ITEM_MAX_LENGTH, label), { error: `${label} : liste attendue` })
    .max(LIST_MAX_ITEMS, `${label} : ${LIST_MAX_ITEMS} éléments au maximum`)
    .transform((items) => dedupe(items.filter((i) => i.length > 0).map(canonical)));
};

/**
 * Spells a free entry like its suggestion when they differ only by case (« cuisine » → « Cuisine »),
 * so search filters, which compare exactly, find it.
 */
export function canonicalizer(suggestions: readonly string[]): (item: string) => string {
  const byKey = new Map(suggestions.map((s) => [s.toLocaleLowerCase("fr"), s]));
  return (item) => byKey.get(item.normalize("NFC").toLocaleLowerCase("fr")) ?? item.normalize("NFC");
}

function dedupe(items: string[]): string[] {
  const seen = new Set<string>();
  return items.filter((i) => {
    const key = i.toLocaleLowerCase("fr");
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const PHONE_CHARS = /^\+?[0-9 ().-]+$/;

/** Normalises a phone number to "+digits" or "digits"; returns null when it is not plausible. */
export function normalizePhone(value: string): string | null {
  const v = value.trim();
  if (v === "") return "";
  if (!PHONE_CHARS.test(v)) return null;
  const digits = v.replace(/\D/g, "");
  if (digits.length < 8 || digits.length > 15) return null;
  return v.startsWith("+") ? `+${digits}` : digits;
}

export const profileUpdateSchema = z.strictObject({
  firstName: text(NAME_MAX_LENGTH, "Prénom").pipe(z.string().min(1, "Veuillez indiquer votre prénom")),
  lastName: text(NAME_MAX_LENGTH, "Nom"),
  gender: z.enum(GENDERS, { error: "Veuillez choisir Homme ou Femme" }),
  lookingFor: z.enum(LOOKING_FOR_OPTIONS, { error: "Veuillez choisir ce que vous recherchez" }),
  // Each check stops the next, so a date gets the one message that explains it. ISO dates compare as
  // text. Today's date is read at each check, so a long-running server never keeps yesterday's.
  birthDate: z
    .string({ error: "Date de naissance invalide" })
    .min(1, { error: PROFILE_MSG.BIRTH_DATE_MISSING, abort: true })
    .refine((v) => parseIsoDate(v) !== null, { error: "Date de naissance invalide", abort: true })
    .refine((v) => v <= todayIso(), { error: PROFILE_MSG.BIRTH_DATE_FUTURE, abort: true })
    .refine((v) => isAllowedAge(v), `Vous devez avoir entre ${AGE_MIN} et ${AGE_MAX} ans`),
  // A country as an older page or an imported file spells it (« Côte d'Ivoire ») is the same one.
  country: z
    .string({ error: "Pays invalide" })
    .transform(typographicApostrophes)
    .refine((v) => isKnownCountry(v), "Veuillez choisir un pays dans la liste"),
  // The three below are optional in the request: left out, they stay as they are (older clients).
  originCountry: z
    .string({ error: "Pays d’origine invalide" })
    .transform(typographicApostrophes)
    .refine((v) => v === "" || isKnownCountry(v), "Veuillez choisir un pays d’origine dans la liste")
    .optional(),
  city: text(CITY_MAX_LENGTH, "Ville").optional(),
  // "" (the form's « Ne pas préciser ») is stored as not said.
  relocate: z
    .enum([...RELOCATE_OPTIONS, ""], { error: "Veuillez répondre oui, non ou peut-être" })
    .nullable()
    .optional()
    .transform((v) => (v === "" ? null : v)),
  phoneNumber: z
    .string({ error: "Numéro de téléphone invalide" })
    .refine(
      (v) => normalizePhone(v) !== null,
      "Numéro de téléphone invalide (8 à 15 chiffres, ex. +33 6 12 34 56 78)",
    )
    .transform((v) => normalizePhone(v) ?? ""),
  bio: text(BIO_MAX_LENGTH, "Présentation"),
  occupation: text(SHORT_TEXT_MAX_LENGTH, "Profession"),
  education: text(SHORT_TEXT_MAX_LENGTH, "Formation"),
  languages: list("Langues", LANGUAGE_SUGGESTIONS),
  interests: list("Centres d’intérêt", INTEREST_SUGGESTIONS),
});

/**
 * PUT /api/profile: every field of the form, and where the member is in the guided first profile
 * (the step to resume at; it never goes back).
 */
export const profileSaveSchema = profileUpdateSchema.extend({
  onboardingStep: z
    .int({ error: PROFILE_MSG.ONBOARDING_STEP })
    .min(0, PROFILE_MSG.ONBOARDING_STEP)
    .max(ONBOARDING_DONE, PROFILE_MSG.ONBOARDING_STEP)
    .optional(),
});

export type ProfileSave = z.output<typeof profileSaveSchema>;
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

// The member's own profile as the API sends it: described by its schema in responses/profile.ts,
// re-exported as a type only (the web app must not build response schemas: see responses/scalars.ts).
export type { PhotoDto, ProfileDto, VoiceIntroDto } from "./responses/profile.ts";

/** The SPEC §7 defaults for a profile created on first load. */
export const PROFILE_DEFAULTS = {
  firstName: "",
  lastName: "",
  gender: null,
  lookingFor: DEFAULT_LOOKING_FOR,
  birthDate: DEFAULT_BIRTH_DATE,
  birthDateConfirmed: false,
  country: "",
  originCountry: "",
  city: "",
  relocate: null as Relocate | null,
  phoneNumber: "",
  bio: "",
  occupation: "",
  education: "",
  languages: DEFAULT_LANGUAGES,
  interests: DEFAULT_INTERESTS,
  photos: [] as string[],
  accountStatus: "trial" as AccountStatus,
  onboardingStep: 0,
};
