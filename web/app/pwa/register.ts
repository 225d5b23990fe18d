// Registers the service worker (web/sw.ts, built to /sw.js) in production builds only — neither
// under Vite's dev server nor in the tests — and says when a new version of the app is waiting for
// the member's go-ahead (UpdatePrompt). workbox-window is loaded on its own, once the page has loaded,
// rather than with the app's code.
//
// Issue 39: only once a member has signed in (a visitor who reads the landing page and leaves does
// not download the whole app for later), and in economy mode as /sw.js?mode=lite, a worker that
// keeps nothing ahead (push notifications still work). Switching the mode registers the other URL,
// which replaces the worker.
import type { Workbox } from "workbox-window";

/** Installed apps and tabs left open for days seldom reload: they look for a new version hourly. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** The mode the worker was registered in; null before any registration. */
let registeredLite: boolean | null = null;
let updateTimer: ReturnType<typeof setInterval> | undefined;
let workbox: Workbox | null = null;
let waiting = false;
const listeners = new Set<() => void>();

function setWaiting(value: boolean) {
  waiting = value;
  for (const listener of listeners) listener();
}

/** Whether a new version waits (for useSyncExternalStore). */
export const updateStatus = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  waiting: () => waiting,
};

/** The worker's address for a mode (web/sw.ts reads the query). */
export function workerUrl(lite: boolean): string {
  return lite ? "/sw.js?mode=lite" : "/sw.js";
}

export async function registerServiceWorker(lite: boolean): Promise<void> {
  if (!import.meta.env.PROD || registeredLite === lite || !("serviceWorker" in navigator)) return;
  registeredLite = lite;
  const { Workbox } = await import("workbox-window");
  const wb = new Workbox(workerUrl(lite), { scope: "/" });
  // A new worker installed while an older one controls the page, or found waiting at start.
  wb.addEventListener("waiting", () => setWaiting(true));
  workbox = wb;
  try {
    // After the window's load event: the worker's downloads never compete with the page's own.
    await wb.register();
  } catch {
    // No worker here (a private window may refuse it): the site works as a plain site.
    return;
  }
  clearInterval(updateTimer);
  // In economy mode, no hourly look for a new version: the browser's own check on navigation
  // (at most daily) is enough for a worker that keeps nothing.
  if (lite) return;
  updateTimer = setInterval(() => {
    if (document.visibilityState === "visible") void wb.update().catch(() => undefined);
  }, UPDATE_CHECK_MS);
}

/** « Mettre à jour »: the waiting worker takes over, then the page reloads with the new version. */
export async function applyUpdate(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration();
  if (!workbox || !registration?.waiting) {
    // Already active (accepted in another tab): the new version only needs a reload.
    window.location.reload();
    return;
  }
  workbox.addEventListener("controlling", () => window.location.reload());
  workbox.messageSkipWaiting();
}

/** « Plus tard »: asked again on the next visit (the new version starts once every tab is closed). */
export function postponeUpdate(): void {
  setWaiting(false);
}
