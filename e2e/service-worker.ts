// The service worker as the browser journeys see it: control of the page, its registration in the
// DevTools protocol (to deliver a push as the browser's push service would), its notifications.
import { existsSync } from "node:fs";
import type { CDPSession, Page } from "@playwright/test";

/**
 * Chromium's headless shell, which the journeys use when installed (playwright.config.ts), has no
 * notifications: its permission stays « denied » whatever the test grants, and showNotification()
 * fails. Journeys about notifications launch Debian's full Chromium instead (headless too).
 */
export function browserWithNotifications(configured: string | undefined): string | undefined {
  if (configured && !configured.includes("headless-shell")) return configured;
  return existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;
}

/** Waits until the service worker controls the page (the first visit only installs it: reload). */
export async function controlledBy(page: Page): Promise<string> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? "");
}

/** The service worker's registration id, as the DevTools protocol knows it. */
export async function registrationId(cdp: CDPSession, scope: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const registration = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
      if (registration) resolve(registration.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  return found;
}

/** The notifications the worker shows now. */
export async function notifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      data: n.data as unknown,
    }));
  });
}
