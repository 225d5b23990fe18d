// The browser's offer to install the app (beforeinstallprompt: Chromium browsers, Android above
// all), kept from the page's start for the moment the app chooses (install-rule.ts), and what this
// browser remembers about it: the days it saw the member, and « Pas maintenant ».
import { useMediaQuery } from "@web/lib/use-media-query.ts";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { countVisit, localDay, shouldInviteToInstall, type VisitLog } from "./install-rule.ts";

export const VISITS_STORAGE_KEY = "passerelle.install-visits";
export const INSTALL_SNOOZE_STORAGE_KEY = "passerelle.install-invite";

/** The event Chromium fires when the app can be installed (not in TypeScript's DOM library). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

let offer: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

// At import, with the app's code: the event may come before React has rendered anything.
if (typeof window !== "undefined") {
  window.addEventListener("beforeinstallprompt", (event) => {
    // No browser banner on a first visit: the app invites when the time is right.
    event.preventDefault();
    offer = event as BeforeInstallPromptEvent;
    changed();
  });
  window.addEventListener("appinstalled", () => {
    offer = null;
    changed();
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const offered = () => offer !== null;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Counts today's visit, once a day; returns on how many days the member came. */
function recordVisit(now: Date): number {
  let log: VisitLog | null = null;
  try {
    const stored = JSON.parse(storage()?.getItem(VISITS_STORAGE_KEY) ?? "null") as VisitLog | null;
    if (stored && Number.isInteger(stored.days) && typeof stored.last === "string") log = stored;
  } catch {
    // Unreadable: counting starts again.
  }
  const next = countVisit(log, localDay(now));
  try {
    if (next !== log) storage()?.setItem(VISITS_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private mode or full storage: the invitation then waits for a new match.
  }
  return next.days;
}

function readDismissedAt(): number | null {
  try {
    const value = Number(storage()?.getItem(INSTALL_SNOOZE_STORAGE_KEY) ?? Number.NaN);
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** Whether to show the invitation now, and its two answers. */
export function useInstallInvitation({ signedIn, hasNewMatch }: { signedIn: boolean; hasNewMatch: boolean }) {
  const isOffered = useSyncExternalStore(subscribe, offered, () => false);
  const standalone = useMediaQuery("(display-mode: standalone)");
  // Read after the first render: storage is this browser's, the prerendered page knows nothing of it.
  const [visitDays, setVisitDays] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    setVisitDays(recordVisit(new Date()));
    setDismissedAt(readDismissedAt());
  }, [signedIn]);

  const show = shouldInviteToInstall({
    offered: isOffered,
    signedIn,
    standalone,
    visitDays,
    hasNewMatch,
    dismissedAt,
    now: Date.now(),
  });

  const later = useCallback(() => {
    const now = Date.now();
    try {
      storage()?.setItem(INSTALL_SNOOZE_STORAGE_KEY, String(now));
    } catch {
      // Storage unavailable: hidden for this page only.
    }
    setDismissedAt(now);
  }, []);

  const install = useCallback(async () => {
    const event = offer;
    if (!event) return;
    // An offer serves once, whatever the answer.
    offer = null;
    changed();
    await event.prompt();
    // Refused in the browser's own dialog: as good as « Pas maintenant ».
    if ((await event.userChoice).outcome === "dismissed") later();
  }, [later]);

  return { show, install, later };
}
