// When to invite a member to install Passerelle (issue 18). Never on a first visit: a visitor has
// not yet seen what the app is for, and an early request is the one that gets refused for good.
//
// The rule: the browser offers installation (beforeinstallprompt), the member is signed in, the app
// is not already running installed, they have not said « Pas maintenant » in the last 30 days, and
// EITHER they have come back on at least 3 different days (they use the site: the installed app
// saves them the way back) OR they have a new match (the moment they want to hear of the replies).
// Visits are counted in this browser, once a day; installation is this browser's matter too.

export const INSTALL_INVITATION = {
  /** Different days with a signed-in visit before the invitation. */
  MIN_VISIT_DAYS: 3,
  /** How long « Pas maintenant » holds. */
  SNOOZE_DAYS: 30,
} as const;

const DAY_MS = 86_400_000;

export interface InstallContext {
  /** The browser offered installation and the offer is still unused. */
  offered: boolean;
  signedIn: boolean;
  /** Running as the installed app (display-mode: standalone). */
  standalone: boolean;
  /** Different days this browser has seen the member signed in, today included. */
  visitDays: number;
  /** A match whose conversation the member has not opened yet (the navigation's badge). */
  hasNewMatch: boolean;
  /** When the member last said « Pas maintenant » (ms since the epoch), null if never. */
  dismissedAt: number | null;
  now: number;
}

export function shouldInviteToInstall(c: InstallContext): boolean {
  if (!c.offered || !c.signedIn || c.standalone) return false;
  if (c.dismissedAt !== null && c.now - c.dismissedAt < INSTALL_INVITATION.SNOOZE_DAYS * DAY_MS) return false;
  return c.visitDays >= INSTALL_INVITATION.MIN_VISIT_DAYS || c.hasNewMatch;
}

/** Visits counted so far: on how many days, and the last one (YYYY-MM-DD, the member's own calendar). */
export interface VisitLog {
  days: number;
  last: string;
}

/** The member's local calendar day, YYYY-MM-DD. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The log after a visit today: a day more, unless today was already counted. */
export function countVisit(log: VisitLog | null, today: string): VisitLog {
  if (!log) return { days: 1, last: today };
  return log.last === today ? log : { days: log.days + 1, last: today };
}
