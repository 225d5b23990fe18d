// When to invite a member to turn on notifications on this device (issue 18): right after a
// meaningful moment (a new match), never on page load, and never again for 30 days once they said
// « Plus tard ». The answer is kept in localStorage: it is this browser's, like the permission.
import { pushSupport } from "./push.ts";

export const PUSH_INVITE_STORAGE_KEY = "passerelle.push-invite";
export const PUSH_INVITE_SNOOZE_DAYS = 30;
const SNOOZE_MS = PUSH_INVITE_SNOOZE_DAYS * 86_400_000;

export interface PushInviteContext {
  /** pushSupport() */
  supported: boolean;
  /** Notification.permission, null when the browser has no Notification. */
  permission: NotificationPermission | null;
  /** The server's VAPID key; null when it does not push. */
  pushKey: string | null;
  /** When the member last put the invitation off (ms since the epoch), null if never. */
  dismissedAt: number | null;
  now: number;
}

/** Whether to show the invitation: only a browser that can, a question not yet answered, not lately put off. */
export function shouldInviteToPush({ supported, permission, pushKey, dismissedAt, now }: PushInviteContext) {
  if (!supported || !pushKey || permission !== "default") return false;
  return dismissedAt === null || now - dismissedAt >= SNOOZE_MS;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** When the invitation was last put off; anything unreadable counts as never. */
export function pushInviteDismissedAt(): number | null {
  try {
    const value = Number(storage()?.getItem(PUSH_INVITE_STORAGE_KEY) ?? Number.NaN);
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function rememberPushInviteDismissed(now: number = Date.now()): void {
  try {
    storage()?.setItem(PUSH_INVITE_STORAGE_KEY, String(now));
  } catch {
    // Private mode or full storage: the invitation may come back at the next match.
  }
}

/** The context of this browser, now. */
export function browserPushInviteContext(pushKey: string | null): PushInviteContext {
  const supported = pushSupport();
  return {
    supported,
    permission: supported ? Notification.permission : null,
    pushKey,
    dismissedAt: pushInviteDismissedAt(),
    now: Date.now(),
  };
}
