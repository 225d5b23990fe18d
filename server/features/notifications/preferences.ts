// A member's notification preferences (domain/notifications.ts): stored once chosen, the defaults
// until then. Quiet hours are read in the member's own time zone.
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationChannel,
  type NotificationPreferences,
  type NotificationType,
  notificationPreferencesSchema,
} from "@domain/notifications.ts";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";
import { notificationSettings } from "../../platform/db/schema/index.ts";

export async function getPreferences(db: Db, userId: string): Promise<NotificationPreferences> {
  const [row] = await db
    .select({ preferences: notificationSettings.preferences })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return parseStored(row?.preferences);
}

/** Stored JSON read back through the schema: a row written by an older version gets the defaults. */
export function parseStored(value: unknown): NotificationPreferences {
  if (value === undefined || value === null) return DEFAULT_NOTIFICATION_PREFERENCES;
  const parsed = notificationPreferencesSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_NOTIFICATION_PREFERENCES;
}

export async function savePreferences(
  db: Db,
  userId: string,
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  await db
    .insert(notificationSettings)
    .values({ userId, preferences, emailRhythm: preferences.emailRhythm })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: { preferences, emailRhythm: preferences.emailRhythm, updatedAt: sql`now()` },
    });
  return preferences;
}

export function wants(
  prefs: NotificationPreferences,
  channel: NotificationChannel,
  type: NotificationType,
): boolean {
  if (channel === "email" && prefs.emailRhythm === "never") return false;
  return prefs[channel][type];
}

/** Whether `at` falls in the member's quiet hours (start inclusive, end exclusive, may span midnight). */
export function inQuietHours(prefs: NotificationPreferences, at: Date = new Date()): boolean {
  if (!prefs.quietHours) return false;
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: prefs.timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const hour = Number(parts.find((p) => p.type === "hour")?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === "minute")?.value ?? 0);
  const now = hour * 60 + minute;
  const start = minutes(prefs.quietHours.start);
  const end = minutes(prefs.quietHours.end);
  if (start === end) return false;
  return start < end ? now >= start && now < end : now >= start || now < end;
}
