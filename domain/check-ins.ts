// Check-ins (issue 40): « Tout va bien » expected by a time the member sets; when she has not
// answered within the grace period, the contacts she chose are alerted. Limits, inputs, French words.
import { z } from "zod";
import { isTimeZone } from "./sharing.ts";
import { cleanLine } from "./text.ts";

export type { CheckInDto } from "./responses/check-ins.ts";

export const CHECK_IN = {
  /** The grace periods offered, in minutes. */
  GRACE_MINUTES: [5, 15, 30, 60, 120] as const,
  CONTACTS_MAX: 3,
  /** Check-ins waiting at once. */
  WAITING_MAX: 3,
  /** How far ahead a check-in may be set. */
  MAX_DAYS_AHEAD: 30,
  NOTE_MAX: 300,
  NAME_MAX: 60,
} as const;

export const CHECK_IN_MSG = {
  NOT_EMERGENCY:
    "Passerelle n’est pas un service d’urgence. En cas de danger, appelez les secours du pays où vous êtes (112 en Europe, 17 au Sénégal, 110 ou 111 en Côte d’Ivoire…).",
  DUE_RANGE: `Choisissez une heure dans les ${CHECK_IN.MAX_DAYS_AHEAD} prochains jours`,
  DUE_INVALID: "Indiquez une date et une heure valides",
  GRACE: "Choisissez un délai proposé",
  CONTACTS: `Indiquez de 1 à ${CHECK_IN.CONTACTS_MAX} personnes à prévenir`,
  CONTACT_NAME: "Indiquez son prénom",
  CONTACT_EMAIL: "Cette adresse e-mail n’est pas valide",
  NOTE_TOO_LONG: `${CHECK_IN.NOTE_MAX} caractères au maximum`,
  TOO_MANY: `Vous avez déjà ${CHECK_IN.WAITING_MAX} points sécurité en attente.`,
  TIME_ZONE: "Le fuseau horaire est inconnu",
  NOT_FOUND: "Ce point sécurité n’existe pas",
  CLOSED: "Ce point sécurité est déjà terminé",
} as const;

/** POST /api/check-ins */
export const createCheckInSchema = z.strictObject({
  dueAt: z.iso.datetime({ offset: true, error: CHECK_IN_MSG.DUE_INVALID }),
  graceMinutes: z
    .number({ error: CHECK_IN_MSG.GRACE })
    .refine((m) => (CHECK_IN.GRACE_MINUTES as readonly number[]).includes(m), CHECK_IN_MSG.GRACE),
  note: z
    .string()
    .transform(cleanLine)
    .pipe(z.string().max(CHECK_IN.NOTE_MAX, CHECK_IN_MSG.NOTE_TOO_LONG))
    .optional(),
  matchId: z.guid().optional(),
  /** The browser's time zone (Intl), in which the alert tells the time. */
  timeZone: z.string().max(64).refine(isTimeZone, CHECK_IN_MSG.TIME_ZONE).optional(),
  contacts: z
    .array(
      z.strictObject({
        name: z
          .string({ error: CHECK_IN_MSG.CONTACT_NAME })
          .transform(cleanLine)
          .pipe(z.string().min(1, CHECK_IN_MSG.CONTACT_NAME).max(CHECK_IN.NAME_MAX)),
        email: z
          .string({ error: CHECK_IN_MSG.CONTACT_EMAIL })
          .trim()
          .toLowerCase()
          .pipe(z.email({ error: CHECK_IN_MSG.CONTACT_EMAIL }).max(254)),
      }),
      { error: CHECK_IN_MSG.CONTACTS },
    )
    .min(1, CHECK_IN_MSG.CONTACTS)
    .max(CHECK_IN.CONTACTS_MAX, CHECK_IN_MSG.CONTACTS),
});
export type CreateCheckInInput = z.input<typeof createCheckInSchema>;
export type CreateCheckIn = z.output<typeof createCheckInSchema>;
