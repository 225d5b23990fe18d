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
import { NetworkOnly } from "workbox-strategies";
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
/** Navigations that are not pages: files the API and the storage send (exports, photos). */
const NOT_PAGES = /^\/(api|storage)\//;

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

// The app's code and styles, the offline page and the prerendered public pages (the list is written
// in at build time; the admin area, /api and /storage are not in it). Cache first, then updated
// with each new version of the worker.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

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
