// Passerelle's service worker, built to /sw.js by vite-plugin-pwa (injectManifest, scripts/build/pwa.ts)
// and registered by web/app/pwa/register.ts. It keeps the app's code on the device, answers
// navigations from the network with an offline page when there is none, and shows web pushes.
// Typed with the WebWorker library: web/tsconfig.sw.json (the main project has the DOM's).
import type { PushPayload } from "@domain/notifications.ts";
import {
  cleanupOutdatedCaches,
  matchPrecache,
  type PrecacheEntry,
  precacheAndRoute,
} from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NetworkFirst, NetworkOnly } from "workbox-strategies";
import { flushOutbox } from "./lib/outbox/flush.ts";
import {
  notificationOptions,
  notificationTarget,
  pickWindow,
  readPushPayload,
  shouldShowNotification,
  type WorkerMessage,
} from "./pwa/sw-logic.ts";

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const OFFLINE_PAGE = "/offline.html";
/** server/features/trip-kit: the page's address. */
const TRIP_KIT_PATH = "/kit-voyage";
/** Navigations that are not pages: files the API and the storage send (exports, photos). */
const NOT_PAGES = /^\/(api|storage)\//;

// The trip kit (issue 40): kept on the device once the member opened it, in economy mode too (she
// asked for it), and served from there when the network is gone — on a trip, where it matters.
// Registered before the navigations' route, which would otherwise take it.
registerRoute(
  ({ url, request }) => request.mode === "navigate" && url.pathname === TRIP_KIT_PATH,
  new NetworkFirst({ cacheName: "passerelle-trip-kit", networkTimeoutSeconds: 6 }),
);

// Navigations first, so they reach the network even for the prerendered pages, which are also in
// the precache (as their own URL, for when the network is down). Member pages are not served from
// the cache: they need the session and the API, and the app's shell alone would show a signed-out
// page or the login form. Offline, they get the offline page instead.
registerRoute(
  new NavigationRoute(
    new NetworkOnly({
      plugins: [
        {
          handlerDidError: async ({ request }) => {
            const { pathname } = new URL(request.url);
            if (NOT_PAGES.test(pathname)) return undefined;
            return (await matchPrecache(pathname)) ?? (await matchPrecache(OFFLINE_PAGE));
          },
        },
      ],
    }),
  ),
);

/**
 * Economy mode (issue 39) registers /sw.js?mode=lite: a worker that keeps nothing ahead — no
 * precache, no offline page — and only shows pushes and answers the data meter.
 */
const LITE = new URL(self.location.href).searchParams.get("mode") === "lite";

if (!LITE) {
  // The app's code and styles, the offline page and the prerendered public pages (the list is
  // written in at build time; the admin area, /api and /storage are not in it). Cache first, then
  // updated with each new version of the worker.
  precacheAndRoute(self.__WB_MANIFEST);
  cleanupOutdatedCaches();
  // Replacing a lite worker (economy mode turned off): the pages never used its cache, so the new
  // worker takes over at once instead of asking « Mettre à jour ».
  self.addEventListener("install", () => {
    if (self.registration.active?.scriptURL.includes("mode=lite")) void self.skipWaiting();
  });
} else {
  // Nothing to keep consistent with the pages: take over at once, and free what a full worker kept.
  self.addEventListener("install", () => void self.skipWaiting());
  self.addEventListener("activate", (event) => {
    event.waitUntil(
      caches
        .keys()
        .then((names) =>
          Promise.all(names.filter((n) => n.includes("precache")).map((n) => caches.delete(n))),
        ),
    );
  });
}

// The data meter (web/lib/data-meter.ts) asks what the worker downloaded itself (its precache and
// updates): the sum of its own Resource Timing entries since it last answered.
self.addEventListener("message", (event) => {
  if ((event.data as { type?: unknown } | null)?.type !== "data-used") return;
  const entries = self.performance.getEntriesByType("resource") as PerformanceResourceTiming[];
  const bytes = entries.reduce((sum, e) => sum + (e.transferSize ?? 0), 0);
  self.performance.clearResourceTimings();
  event.ports[0]?.postMessage({ bytes });
});

self.addEventListener("activate", (event) => {
  // The navigation's request leaves while the worker starts, instead of after (the strategy above
  // uses its answer).
  if (self.registration.navigationPreload) event.waitUntil(self.registration.navigationPreload.enable());
});

// registerType "prompt": a new version waits until the member accepts it (« Mettre à jour »), which
// workbox-window's messageSkipWaiting() sends as this message.
self.addEventListener("message", (event) => {
  if ((event.data as { type?: unknown } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});

const appWindows = () => self.clients.matchAll({ type: "window", includeUncontrolled: true });

async function tellWindows(message: WorkerMessage): Promise<void> {
  for (const client of await appWindows()) client.postMessage(message);
}

async function showPush(payload: PushPayload): Promise<void> {
  if (payload.unread !== undefined && "setAppBadge" in navigator) {
    await navigator.setAppBadge(payload.unread).catch(() => undefined);
  }
  const windows = await appWindows();
  if (!shouldShowNotification(windows)) {
    for (const client of windows) client.postMessage({ type: "push", payload } satisfies WorkerMessage);
    return;
  }
  await self.registration.showNotification(payload.title, notificationOptions(payload));
}

self.addEventListener("push", (event) => {
  event.waitUntil(showPush(readPushPayload(event.data?.text())));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = notificationTarget(
    (event.notification.data as { url?: unknown } | null)?.url,
    self.location.origin,
  );
  event.waitUntil(
    (async () => {
      // Only the windows this worker controls can be navigated (the others are left alone).
      const client = pickWindow(await self.clients.matchAll({ type: "window" }));
      if (!client) {
        await self.clients.openWindow(url);
        return;
      }
      const focused = await client.focus();
      if (focused.url !== url) await focused.navigate(url);
    })(),
  );
});

// The browser renewed or dropped the push subscription: the app's open windows, which own the
// subscription (PushManager.subscribe and the API), are told.
self.addEventListener("pushsubscriptionchange", (event) => {
  (event as ExtendableEvent).waitUntil(tellWindows({ type: "pushsubscriptionchange" }));
});

// Background Sync (issue 39): a page could not send a message or a like and asked for this tag;
// the browser fires it once the connection is back, even with no page open. The worker sends the
// session's member's waiting items (web/lib/outbox) and tells the open pages. A failure makes the
// browser try the sync again later.
self.addEventListener("sync", (event) => {
  const sync = event as ExtendableEvent & { tag?: string };
  if (sync.tag !== "passerelle-outbox") return;
  sync.waitUntil(
    (async () => {
      const res = await fetch("/api/auth/get-session", { credentials: "same-origin" });
      const session = (await res.json().catch(() => null)) as { user?: { id?: unknown } } | null;
      if (typeof session?.user?.id !== "string") return;
      const result = await flushOutbox(session.user.id);
      if (result.sent.length > 0 || result.refused.length > 0)
        await tellWindows({ type: "outbox-sent", result });
      if (result.interrupted) throw new Error("outbox: the connection failed again");
    })(),
  );
});
