// The public pages arrive prerendered (web/prerender.tsx, scripts/build/prerender.ts): readable
// before any JavaScript runs, then taken over by React without a hydration mismatch.
import { expect, test } from "@playwright/test";

const PAGES = [
  { path: "/", heading: /d'une rive à l'autre/ },
  { path: "/login", heading: "Connexion" },
  { path: "/signup", heading: "Créer mon compte" },
  { path: "/forgot-password", heading: "Mot de passe oublié" },
  { path: "/privacy-policy", heading: /confidentialité/i },
  { path: "/terms-of-use", heading: /conditions/i },
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
