// Passerelle as an installable web app (issue 18), in Chromium against the built app: the web
// manifest and its icons, the service worker taking control — for members only since issue 39: a
// visitor downloads pages, not the app — Chromium's own installability check, the offline page, and
// a web push shown as a notification by the worker (web/sw.ts).
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { joinThroughApi, uniqueFirstName, WITH_WORKER } from "./fixtures.ts";
import { browserWithNotifications, controlledBy, notifications, registrationId } from "./service-worker.ts";

/** No worker registered for this page's origin (a visitor's page, issue 39). */
async function noWorker(page: Page): Promise<boolean> {
  await page.waitForLoadState("networkidle");
  return page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) === undefined);
}

test.describe("installable web app", () => {
  test.use(WITH_WORKER);
  test("the manifest is linked, in French, with its icons; Chromium finds the app installable", async ({
    page,
    request,
  }) => {
    await page.goto("/");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.webmanifest");
    const res = await request.get(href ?? "");
    expect(res.headers()["content-type"]).toBe("application/manifest+json");
    expect(res.headers()["cache-control"]).toBe("no-cache");
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      name: "Passerelle",
      short_name: "Passerelle",
      lang: "fr",
      start_url: "/search",
      scope: "/",
      display: "standalone",
      theme_color: "#124947",
      background_color: "#fdfaf6",
    });
    expect(manifest.description).toMatch(/Afrique francophone/);

    const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
    const files = [
      ...icons.map((i) => ({ src: i.src, sizes: i.sizes })),
      { src: appleIcon ?? "", sizes: "180x180" },
    ];
    for (const { src, sizes } of files) {
      const icon = await request.get(src);
      expect(icon.headers()["content-type"], src).toBe("image/png");
      const { width, height } = await sharp(await icon.body()).metadata();
      expect(`${width}x${height}`, src).toBe(sizes);
    }

    // A visitor's page registers no worker (it would download the whole app, issue 39)…
    expect(await noWorker(page)).toBe(true);
    // …a member's does. Chromium's own verdict (what decides its install prompt), once it is in place.
    await joinThroughApi(page, { firstName: uniqueFirstName("Nadia"), gender: "Femme" });
    await page.goto("/profile");
    expect(await controlledBy(page)).toMatch(/\/sw\.js$/);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
  });

  test("the worker takes control, and offline a page not kept shows the offline page in French", async ({
    page,
    context,
  }) => {
    await joinThroughApi(page, { firstName: uniqueFirstName("Yacine"), gender: "Homme" });
    await page.goto("/profile");
    expect(await controlledBy(page)).toMatch(/\/sw\.js$/);
    const worker = await page.request.get("/sw.js");
    expect(worker.headers()["cache-control"]).toBe("no-cache");

    await context.setOffline(true);
    // A public page, kept prerendered by the worker: readable offline.
    await page.goto("/privacy-policy");
    await expect(page.getByRole("heading", { level: 1, name: /confidentialité/i })).toBeVisible();
    // A member page never visited here: the offline page, with a way to try again.
    await page.goto("/matches");
    await expect(page.getByRole("heading", { level: 1, name: "Vous êtes hors ligne" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Réessayer" })).toBeVisible();
    await expect(page).toHaveTitle("Hors ligne · Passerelle");

    // Back online, the offline page loads the address again by itself (web/pwa/offline.ts): the
    // app's page (which sends a member without a subscription to the plans, from /matches).
    await context.setOffline(false);
    await expect(page.getByRole("heading", { level: 1, name: "Vous êtes hors ligne" })).toHaveCount(0);
    await expect(page).toHaveURL(/\/matches$|\/subscription\?from=%2Fmatches$/);
  });

  test("a web push is shown as a notification, unless the app is on screen, which gets it instead", async ({
    playwright,
  }, testInfo) => {
    const executablePath = browserWithNotifications(testInfo.project.use.launchOptions?.executablePath);
    test.skip(!executablePath, "no Chromium with notifications here (install Debian’s chromium package)");
    const browser = await playwright.chromium.launch({
      ...testInfo.project.use.launchOptions,
      executablePath,
    });
    const baseURL = testInfo.project.use.baseURL ?? "";
    const origin = new URL(baseURL).origin;
    const context: BrowserContext = await browser.newContext({ baseURL, locale: "fr-FR" });
    await context.grantPermissions(["notifications"], { origin });
    const app = await context.newPage();
    await joinThroughApi(app, { firstName: uniqueFirstName("Awa"), gender: "Femme" });
    await app.goto("/profile");
    await controlledBy(app);
    await app.evaluate(() => {
      const seen: unknown[] = [];
      Object.assign(window, { workerMessages: seen });
      navigator.serviceWorker.addEventListener("message", (event) => seen.push(event.data));
    });

    // The DevTools protocol through a blank tab, so that the app's own window can be closed later.
    const blank = await context.newPage();
    const cdp = await context.newCDPSession(blank);
    const id = await registrationId(cdp, `${origin}/`);
    const push = (payload: object) =>
      cdp.send("ServiceWorker.deliverPushMessage", {
        origin,
        registrationId: id,
        data: JSON.stringify(payload),
      });
    const payload = {
      kind: "message",
      title: "Awa vous a écrit",
      body: "Bonjour ! Comment allez-vous ?",
      url: "/messages?match=m_1",
      tag: "conversation-m_1",
      unread: 2,
    };

    // The member is looking at the app: no notification, the page is told.
    await app.bringToFront();
    await push(payload);
    await expect
      .poll(() => app.evaluate(() => (window as unknown as { workerMessages: unknown[] }).workerMessages))
      .toEqual([{ type: "push", payload }]);
    expect(await notifications(app)).toEqual([]);

    // No window of the app open, as on a phone in a pocket: a notification.
    await app.close();
    await push(payload);
    const reader = await context.newPage();
    await reader.goto("/");
    await expect
      .poll(() => notifications(reader))
      .toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, data: { url: payload.url } }]);
    await browser.close();
  });
});
