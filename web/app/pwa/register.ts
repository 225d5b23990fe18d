// Registers the service worker (web/sw.ts, built to /sw.js) in production builds only — neither
// under Vite's dev server nor in the tests — and says when a new version of the app is waiting for
// the member's go-ahead (UpdatePrompt). workbox-window is loaded on its own, once the page has loaded,
// rather than with the app's code.
import type { Workbox } from "workbox-window";

/** Installed apps and tabs left open for days seldom reload: they look for a new version hourly. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let started = false;
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

export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || started || !("serviceWorker" in navigator)) return;
  started = true;
  const { Workbox } = await import("workbox-window");
  const wb = new Workbox("/sw.js", { scope: "/" });
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
  setInterval(() => {
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
