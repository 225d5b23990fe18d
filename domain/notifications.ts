// Notifications (issue 18): what a member is told when away, by web push and by e-mail, and the
// preferences that decide it. Shared by the API (validation, sending) and the web app (the
// preferences form, the service worker's push handler).
import { z } from "zod";

export const NOTIFICATION_TYPES = ["matches", "messages", "payments", "news"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_CHANNELS = ["push", "email"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** How often e-mail notifications go out: each new match or message at once, a digest, or never. */
export const EMAIL_RHYTHMS = ["immediate", "daily", "weekly", "never"] as const;
export type EmailRhythm = (typeof EMAIL_RHYTHMS)[number];

export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  matches: "Nouveaux matchs",
  messages: "Nouveaux messages",
  payments: "Paiements et abonnement",
  news: "Nouveautés de Passerelle",
};

export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  // Short: the legend of a column that must fit on a 375 px phone (issue 34).
  push: "Sur cet appareil",
  email: "Par e-mail",
};

export const EMAIL_RHYTHM_LABELS: Record<EmailRhythm, string> = {
  immediate: "Tout de suite",
  daily: "Un résumé par jour",
  weekly: "Un résumé par semaine",
  never: "Jamais",
};

export const NOTIFICATION_LIMITS = {
  /** Messages of one conversation within this many seconds make one push, not one each. */
  MESSAGE_PUSH_GROUP_SECONDS: 60,
  /** An « immediate » e-mail gathers what arrives within this many minutes of the first. */
  IMMEDIATE_EMAIL_GROUP_MINUTES: 10,
  /** Seen within this many minutes: connected, so no e-mail (the site already shows it). */
  AWAY_AFTER_MINUTES: 5,
  /** The « subscription ends soon » reminder, this many days before the end. */
  SUBSCRIPTION_REMINDER_DAYS: 3,
  /** Push subscriptions per member (one per browser or phone). */
  MAX_PUSH_SUBSCRIPTIONS: 10,
  /** The excerpt of a message in a push or an e-mail. */
  EXCERPT_CHARS: 140,
  /** Weekly digests go out on this day (0 = Sunday … 1 = Monday). */
  DIGEST_WEEKDAY: 1,
} as const;

/** « HH:MM », 24-hour clock. */
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Heure invalide (HH:MM).");

const perType = z.object({
  matches: z.boolean(),
  messages: z.boolean(),
  payments: z.boolean(),
  news: z.boolean(),
});

export const notificationPreferencesSchema = z.object({
  push: perType,
  email: perType,
  emailRhythm: z.enum(EMAIL_RHYTHMS),
  /** Quiet hours: no push between start and end (end may be the next day). Null: none. */
  quietHours: z.object({ start: clockTime, end: clockTime }).nullable(),
  /** The member's IANA time zone (from the browser), for quiet hours. */
  timeZone: z.string().min(1).max(64).refine(isTimeZone, "Fuseau horaire inconnu."),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** What a member who never chose gets: everything but news, e-mails at once, no quiet hours. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  push: { matches: true, messages: true, payments: true, news: false },
  email: { matches: true, messages: true, payments: true, news: false },
  emailRhythm: "immediate",
  quietHours: null,
  timeZone: "Europe/Paris",
};

/** A browser's push subscription (PushSubscription.toJSON()), as the API receives it. */
export const pushSubscriptionSchema = z.object({
  /** The push service's address; the server accepts only known push services (SSRF). */
  endpoint: z.url("Adresse de notification invalide.").max(1024, "Adresse de notification invalide."),
  keys: z.object({
    /** The browser's P-256 public key, base64url (65 bytes uncompressed → 87 characters). */
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{87}$/, "Clé de notification invalide."),
    /** The 16-byte authentication secret, base64url (22 characters). */
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}$/, "Clé de notification invalide."),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** « alert »: a check-in its member missed (issue 40), to a contact who is a member. */
export type PushKind = "match" | "message" | "payment" | "subscription" | "call" | "alert";

/**
 * The JSON a push carries to the service worker, which shows it as a notification. `tag` groups
 * notifications: one per conversation (a new push replaces the previous one of that conversation).
 */
export interface PushPayload {
  kind: PushKind;
  title: string;
  body: string;
  /** The page a click on the notification opens (a path of the app, e.g. /messages/<matchId>). */
  url: string;
  tag: string;
  /** The member's unread messages, for the app badge. */
  unread?: number;
}

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("fr-FR", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
