// The preferences form's values and what is sent: quiet hours kept while switched off (so that
// switching them back on finds the member's times), and the browser's time zone at each save.
import { type NotificationPreferences, notificationPreferencesSchema } from "@domain/notifications.ts";

export interface QuietHoursValue {
  on: boolean;
  /** « HH:MM », 24-hour, as <input type="time"> gives it ("" when cleared). */
  start: string;
  end: string;
}

/** When switched on for the first time: the night. */
export const DEFAULT_QUIET_HOURS = { start: "22:00", end: "08:00" } as const;

export interface PreferencesFormValues extends Omit<NotificationPreferences, "quietHours"> {
  quiet: QuietHoursValue;
}

export function formValues(preferences: NotificationPreferences): PreferencesFormValues {
  const { quietHours, ...rest } = preferences;
  return { ...rest, quiet: { on: quietHours !== null, ...(quietHours ?? DEFAULT_QUIET_HOURS) } };
}

/** The browser's IANA time zone, or `fallback` when it does not say (or says something unknown). */
export function browserTimeZone(fallback: string): string {
  try {
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!timeZone) return fallback;
    new Intl.DateTimeFormat("fr-FR", { timeZone });
    return timeZone;
  } catch {
    return fallback;
  }
}

export type QuietHoursErrors = { start?: string; end?: string };

export function quietHoursErrors({ on, start, end }: QuietHoursValue): QuietHoursErrors {
  if (!on) return {};
  const errors: QuietHoursErrors = {};
  if (!start) errors.start = "Indiquez l’heure de début.";
  if (!end) errors.end = "Indiquez l’heure de fin.";
  if (start && start === end) errors.end = "L’heure de fin doit être différente de l’heure de début.";
  return errors;
}

/** What PUT /api/notifications/preferences receives, or the errors to show instead. */
export function toPreferences(
  values: PreferencesFormValues,
  timeZone: string,
): { preferences: NotificationPreferences } | { errors: QuietHoursErrors } {
  const errors = quietHoursErrors(values.quiet);
  if (errors.start || errors.end) return { errors };
  const { quiet, ...rest } = values;
  const parsed = notificationPreferencesSchema.safeParse({
    ...rest,
    quietHours: quiet.on ? { start: quiet.start, end: quiet.end } : null,
    timeZone,
  });
  if (parsed.success) return { preferences: parsed.data };
  // Only the times can be wrong here (a browser that sends seconds, say): the schema says how.
  const message = parsed.error.issues[0]?.message ?? "Heure invalide (HH:MM).";
  return { errors: { start: message } };
}
