// Presence (issue 17): « En ligne », « Actif aujourd'hui », « Actif cette semaine », computed from the
// last time the server saw the member (written at most every TOUCH_SECONDS), never shown for a member
// who hides it, nor to one who hides their own.

export const PRESENCE = {
  /** The server records a member's activity at most this often (per instance). */
  TOUCH_SECONDS: 120,
  /** Seen within this many minutes: « En ligne » (a little more than TOUCH_SECONDS, so no gap). */
  ONLINE_MINUTES: 5,
  TODAY_HOURS: 24,
  WEEK_DAYS: 7,
} as const;

export const PRESENCE_LEVELS = ["online", "today", "week"] as const;
export type Presence = (typeof PRESENCE_LEVELS)[number];

export const PRESENCE_LABELS: Record<Presence, string> = {
  online: "En ligne",
  today: "Actif aujourd’hui",
  week: "Actif cette semaine",
};

/** The label agreed with the member's gender (« Active aujourd'hui »). */
export function presenceLabel(presence: Presence, gender: "male" | "female" | null): string {
  if (presence === "online" || gender !== "female") return PRESENCE_LABELS[presence];
  return PRESENCE_LABELS[presence].replace("Actif", "Active");
}

/** How recently a member was active, or null beyond a week (or never). */
export function presenceOf(activeAt: Date | string | null, now: number = Date.now()): Presence | null {
  if (activeAt === null) return null;
  const ago = now - new Date(activeAt).getTime();
  if (Number.isNaN(ago)) return null;
  if (ago <= PRESENCE.ONLINE_MINUTES * 60_000) return "online";
  if (ago <= PRESENCE.TODAY_HOURS * 3_600_000) return "today";
  if (ago <= PRESENCE.WEEK_DAYS * 86_400_000) return "week";
  return null;
}
