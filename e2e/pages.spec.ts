// Every page, signed out, as a member and as an administrator: an axe-core check (WCAG 2.1 A/AA
// rules) that fails on any serious or critical violation, a full-page screenshot per project
// (desktop 1280 px, mobile 375 px) under test-results/screenshots/, and on mobile a check that
// nothing scrolls sideways at 360 px.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo, test } from "@playwright/test";

const MEMBER = { email: "demo@passerelle.example", password: "Passerelle2026!" };
const ADMIN = { email: "admin@passerelle.example", password: "AdminPasserelle2026!" };
const SCREENSHOTS = "test-results/screenshots";

interface PageCase {
  name: string;
  path: string;
  /** The page's <h1>: its presence proves the page (not its spinner) is shown. */
  title: string | RegExp;
}

const PUBLIC_PAGES: PageCase[] = [
  { name: "accueil", path: "/", title: /./ },
  { name: "inscription", path: "/signup", title: "Créer mon compte" },
  { name: "connexion", path: "/login", title: "Connexion" },
  { name: "mot-de-passe-oublie", path: "/forgot-password", title: "Mot de passe oublié" },
  { name: "nouveau-mot-de-passe", path: "/reset-password?token=x", title: "Nouveau mot de passe" },
  { name: "confidentialite", path: "/privacy-policy", title: /confidentialité/i },
  { name: "conditions", path: "/terms-of-use", title: /conditions/i },
  { name: "page-introuvable", path: "/nulle-part", title: /introuvable/i },
  { name: "admin-connexion", path: "/admin/login", title: /./ },
];

const MEMBER_PAGES: PageCase[] = [
  { name: "profil", path: "/profile", title: "Mon profil" },
  { name: "recherche", path: "/search", title: /./ },
  { name: "matchs", path: "/matches", title: /./ },
  { name: "messages", path: "/messages", title: /./ },
  { name: "abonnement", path: "/subscription", title: /./ },
];

const ADMIN_PAGES: PageCase[] = [
  { name: "admin-tableau-de-bord", path: "/admin/dashboard", title: "Tableau de bord" },
  { name: "admin-utilisateurs", path: "/admin/users", title: "Utilisateurs" },
  { name: "admin-profils", path: "/admin/profiles", title: "Profils" },
  { name: "admin-matchs", path: "/admin/matches", title: "Matchs" },
  { name: "admin-messages", path: "/admin/messages", title: "Messages" },
  { name: "admin-signalements", path: "/admin/reports", title: "Signalements" },
  { name: "admin-abonnements", path: "/admin/subscriptions", title: "Abonnements" },
  { name: "admin-import", path: "/admin/add-json", title: "Ajout de données JSON" },
  { name: "admin-securite", path: "/admin/security", title: "Sécurité" },
];

/** Waits for the page's heading, the end of every loading state, web fonts and images. */
async function settled(page: Page, title: string | RegExp) {
  await expect(page.getByRole("heading", { level: 1, name: title }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // Not "networkidle": signed-in pages hold an event stream open.
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images)
        .filter((img) => !img.complete && img.loading !== "lazy")
        .map((img) => new Promise((resolve) => img.addEventListener("load", resolve, { once: true }))),
    );
  });
}

/** Runs axe and keeps a screenshot; returns the serious or critical violations, described. */
async function audit(page: Page, testInfo: TestInfo, name: string): Promise<string[]> {
  await page.screenshot({ path: `${SCREENSHOTS}/${testInfo.project.name}/${name}.png`, fullPage: true });
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${name}: ${v.id} (${v.impact}) — ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
}

/** At 360 px the document must not be wider than the window. */
async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

async function tour(page: Page, testInfo: TestInfo, cases: PageCase[]) {
  const violations: string[] = [];
  const overflowing: string[] = [];
  for (const c of cases) {
    await page.goto(c.path);
    await settled(page, c.title);
    violations.push(...(await audit(page, testInfo, c.name)));
    if (testInfo.project.name === "mobile") {
      await page.setViewportSize({ width: 360, height: 780 });
      const overflow = await horizontalOverflow(page);
      if (overflow > 0) overflowing.push(`${c.name}: ${overflow} px`);
      await page.setViewportSize({ width: 375, height: 800 });
    }
  }
  expect(violations, violations.join("\n")).toEqual([]);
  expect(overflowing, "pages wider than a 360 px screen").toEqual([]);
}

async function signIn(page: Page, loginPath: string, account: { email: string; password: string }) {
  await page.goto(loginPath);
  await page.getByLabel("Adresse e-mail").fill(account.email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
}

test("public pages are accessible and fit a phone", async ({ page }, testInfo) => {
  await tour(page, testInfo, PUBLIC_PAGES);
});

test("member pages are accessible and fit a phone", async ({ page }, testInfo) => {
  await signIn(page, "/login", MEMBER);
  await tour(page, testInfo, MEMBER_PAGES);

  // An open conversation and a profile's detail, the two richest views.
  await page.goto("/messages");
  await page
    .getByRole("list", { name: /conversations/i })
    .getByRole("link")
    .first()
    .click();
  await expect(page.getByRole("region", { name: /^Conversation avec/ })).toBeVisible();
  const violations = await audit(page, testInfo, "conversation");
  await page.goto("/search");
  await page
    .getByRole("article")
    .first()
    .getByRole("button", { name: /voir le profil$/ })
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  violations.push(...(await audit(page, testInfo, "profil-detail")));
  expect(violations, violations.join("\n")).toEqual([]);
});

test("administration pages are accessible", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "mobile", "The administration is desktop-first.");
  await signIn(page, "/admin/login", ADMIN);
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  await tour(page, testInfo, ADMIN_PAGES);
});
