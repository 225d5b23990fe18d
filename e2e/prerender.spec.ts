// The public pages arrive prerendered (web/prerender.tsx, scripts/build/prerender.ts): readable
// before any JavaScript runs, then taken over by React without a hydration mismatch.
import { expect, test } from "@playwright/test";
import { WITH_WORKER } from "./fixtures.ts";

const PAGES = [
  { path: "/", heading: /d’une rive à l’autre/ },
  { path: "/login", heading: "Connexion" },
  { path: "/signup", heading: "Créer mon compte" },
  { path: "/forgot-password", heading: "Mot de passe oublié" },
  { path: "/privacy-policy", heading: /confidentialité/i },
  { path: "/terms-of-use", heading: /conditions/i },
  { path: "/protection", heading: "Comment Passerelle vous protège" },
];

test.describe("prerendered public pages", () => {
  for (const { path, heading } of PAGES) {
    test(`${path} is readable without JavaScript and hydrates cleanly`, async ({ browser, request }) => {
      const html = await (await request.get(path)).text();
      expect(html).toMatch(/<div id="root"><div/);

      const noScript = await browser.newContext({ javaScriptEnabled: false });
      const bare = await noScript.newPage();
      await bare.goto(path);
      await expect(bare.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await noScript.close();

      const context = await browser.newContext();
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error" || m.type() === "warning") errors.push(m.text());
      });
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      // Every chunk loaded, so the page is hydrated: a mismatch would have been reported by now.
      await page.waitForLoadState("networkidle");
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  test("the login form cannot be sent before it is hydrated, then works", async ({ browser, page }) => {
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const bare = await noScript.newPage();
    await bare.goto("/login");
    await expect(bare.getByRole("button", { name: "Se connecter" })).toBeDisabled();
    await expect(bare.locator("form")).toHaveAttribute("method", "post");
    await noScript.close();

    await page.goto("/login");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByText("Veuillez saisir votre mot de passe")).toBeVisible();
    expect(new URL(page.url()).search).toBe("");
  });
});

test.describe("a member page’s prerendered frame", () => {
  const MEMBER = { email: "demo@passerelle.example", password: "Passerelle2026!" };

  test("/search is readable before its scripts for a subscriber, then hydrates cleanly and works", async ({
    browser,
    request,
    baseURL,
  }) => {
    // The document is the member's once the app is ready (while it starts, every page gets the plain one).
    await expect.poll(async () => (await request.get("/readyz")).status(), { timeout: 60_000 }).toBe(200);
    const signIn = await request.post("/api/auth/sign-in/email", {
      data: MEMBER,
      headers: { origin: new URL(baseURL ?? "").origin },
    });
    expect(signIn.ok()).toBe(true);
    // The session cookie, sent as is (over plain http here, a Secure cookie is not sent back).
    const cookie = signIn
      .headersArray()
      .filter((h) => h.name.toLowerCase() === "set-cookie")
      .map((h) => h.value.split(";")[0])
      .join("; ");

    // The document itself: the frame (layout and heading) with the member's session beside it.
    const html = await (await request.get("/search", { headers: { cookie } })).text();
    expect(html).toMatch(/<div id="root" data-member-frame inert><div/);
    expect(html).toContain('id="passerelle-bootstrap"');

    const noScript = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { cookie } });
    const bare = await noScript.newPage();
    await bare.goto("/search");
    await expect(
      bare.getByText("Découvrez des membres qui partagent vos envies", { exact: false }),
    ).toBeVisible();
    await noScript.close();

    // With the service worker, which a member's page registers: its registration is part of a clean
    // start too (the journeys block it otherwise, and the browser then logs the refusal).
    const context = await browser.newContext({ extraHTTPHeaders: { cookie }, ...WITH_WORKER });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto("/search");
    await expect(page.getByRole("heading", { level: 1, name: "Recherche" })).toBeVisible();
    // The page's own part, rendered by the browser: the results and the filters.
    await expect(page.getByRole("heading", { level: 2, name: /profils?$/ })).toBeVisible();
    await expect(page.locator("#root")).not.toHaveAttribute("inert");
    // The frame's header is React's now: the mobile menu opens (desktop: the links are there).
    await page.getByRole("link", { name: "Matchs" }).first().click();
    await expect(page).toHaveURL(/\/matches$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // (No « network idle » to wait for: a subscriber's pages keep their live events stream open.)
    expect(errors).toEqual([]);
    await context.close();
  });
});
