// Safe meetings (issue 40): « Partager mon rendez-vous » and « Présenter à ma famille » — a link
// that shows a match's card to someone without an account — their limits, inputs and French words.
import { z } from "zod";
import { cleanLine, cleanParagraphs } from "./text.ts";

export type { CreatedShareDto, SharedCardDto } from "./responses/sharing.ts";

export const SHARE = {
  /** Random bytes of a link's token: 256 bits, far beyond guessing (the issue asks ≥ 128). */
  TOKEN_BYTES: 32,
  /** A date's link opens until this many days after the date. */
  DAYS_AFTER_DATE: 3,
  /** A date's link without a date, and a family link, open this long from their creation. */
  DAYS_WITHOUT_DATE: 7,
  FAMILY_DAYS: 30,
  /** « Présenter à ma famille »: up to five relatives at a time. */
  FAMILY_MAX: 5,
  /** How far ahead a date may be set. */
  MAX_DAYS_AHEAD: 180,
  RELATIVE_MAX: 40,
  PLACE_MAX: 200,
  TRAVEL_MAX: 300,
  WORD_MAX: 1000,
  /** The page's weight, photos included, that the tests hold it to (a 3G phone). */
  PAGE_BUDGET_BYTES: 100 * 1024,
} as const;

/** Where a link opens: a page of the server, not of the app (no account, no script). */
export const SHARE_PATH = "/partage";

export const SHARE_MSG = {
  GONE: "Ce lien n’existe pas ou n’est plus valide.",
  GONE_HINT: "La personne qui vous l’a envoyé l’a peut-être retiré, ou la date est passée.",
  FAMILY_FULL: `Vous avez déjà ${SHARE.FAMILY_MAX} liens « Présenter à ma famille » actifs. Retirez-en un pour en créer un autre.`,
  RELATIVE_REQUIRED: "Indiquez à qui vous envoyez ce lien",
  RELATIVE_TOO_LONG: `${SHARE.RELATIVE_MAX} caractères au maximum`,
  PLACE_TOO_LONG: `${SHARE.PLACE_MAX} caractères au maximum`,
  TRAVEL_TOO_LONG: `${SHARE.TRAVEL_MAX} caractères au maximum`,
  MEETS_AT_INVALID: "Indiquez une date et une heure valides",
  MEETS_AT_RANGE: `La date du rendez-vous doit être aujourd’hui ou dans les ${SHARE.MAX_DAYS_AHEAD} prochains jours`,
  TIME_ZONE: "Le fuseau horaire est inconnu",
  KIND: "Choisissez « rendez-vous » ou « famille »",
  WORD_EMPTY: "Votre mot est vide",
  WORD_TOO_LONG: `Votre mot ne doit pas dépasser ${SHARE.WORD_MAX} caractères`,
  WORD_THANKS: "Merci, votre mot a été transmis. Personne d’autre ne le lira.",
  SHARE_NOT_FOUND: "Ce lien n’existe pas ou a déjà été retiré",
} as const;

/** An IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("fr-FR", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const optionalLine = (max: number, tooLong: string) =>
  z
    .string({ error: "Le texte est invalide" })
    .transform(cleanLine)
    .pipe(z.string().max(max, tooLong))
    .transform((v) => (v === "" ? null : v))
    .optional();

/** POST /api/matches/:id/shares */
export const createShareSchema = z.discriminatedUnion(
  "kind",
  [
    z.strictObject({
      kind: z.literal("date"),
      place: optionalLine(SHARE.PLACE_MAX, SHARE_MSG.PLACE_TOO_LONG),
      meetsAt: z.iso.datetime({ offset: true, error: SHARE_MSG.MEETS_AT_INVALID }).optional(),
      /** The browser's time zone (Intl), in which the page tells the date. */
      timeZone: z.string().max(64).refine(isTimeZone, SHARE_MSG.TIME_ZONE).optional(),
      travel: optionalLine(SHARE.TRAVEL_MAX, SHARE_MSG.TRAVEL_TOO_LONG),
    }),
    z.strictObject({
      kind: z.literal("family"),
      relative: z
        .string({ error: SHARE_MSG.RELATIVE_REQUIRED })
        .transform(cleanLine)
        .pipe(
          z.string().min(1, SHARE_MSG.RELATIVE_REQUIRED).max(SHARE.RELATIVE_MAX, SHARE_MSG.RELATIVE_TOO_LONG),
        ),
    }),
  ],
  { error: SHARE_MSG.KIND },
);
/** What the web app sends. */
export type CreateShareInput = z.input<typeof createShareSchema>;
/** What the server reads, cleaned (an empty line is null). */
export type CreateShare = z.output<typeof createShareSchema>;

/** A relative's private word, sent by the page's form. */
export const shareWordSchema = z.strictObject({
  mot: z
    .string({ error: SHARE_MSG.WORD_EMPTY })
    .transform(cleanParagraphs)
    .pipe(z.string().min(1, SHARE_MSG.WORD_EMPTY).max(SHARE.WORD_MAX, SHARE_MSG.WORD_TOO_LONG)),
});
