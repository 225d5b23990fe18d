// Administration journey (the e2e server has the demo data, with its administrator): a wrong
// password is refused, the right one opens the dashboard, every page lists data, and a JSON import
// of a few profiles shows in a member's search.
import { expect, test } from "@playwright/test";
import { ADMIN, joinThroughApi, uniqueFirstName } from "./fixtures.ts";

const MEMBER = { email: "demo@passerelle.example", password: "Passerelle2026!" };

test.use({ viewport: { width: 1280, height: 900 } });

test("an administrator signs in, browses every page and imports members that search then finds", async ({
  page,
  browser,
}, testInfo) => {
  await page.goto("/admin/login");
  await page.getByLabel("Adresse e-mail").fill(ADMIN.email);
  await page.getByLabel("Mot de passe", { exact: true }).fill("pas le bon mot de passe");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByText("Adresse e-mail ou mot de passe incorrect")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login/);

  await page.getByLabel("Mot de passe", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("adminUser") ?? "{}").email)).toBe(
    ADMIN.email,
  );

  const nav = page.getByRole("navigation", { name: /administration/i });
  for (const [link, heading] of [
    ["Utilisateurs", "Utilisateurs"],
    ["Profils", "Profils"],
    ["Matchs", "Matchs"],
    ["Messages", "Messages"],
    ["Abonnements", "Abonnements"],
  ]) {
    await nav.getByRole("link", { name: link }).click();
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    // Each list shows rows of the demo data.
    await expect(page.getByRole("table").getByRole("row").nth(1)).toBeVisible();
  }

  // Import two members aged 97 to 98, whom nobody else matches.
  const stamp = Date.now().toString(36);
  const members = [
    {
      email: `import-${stamp}-1@exemple.fr`,
      firstName: `Oumar${stamp}`,
      gender: "male",
      birthDate: "1928-06-01",
      country: "Mali",
    },
    {
      email: `import-${stamp}-2@exemple.fr`,
      firstName: `Yves${stamp}`,
      gender: "male",
      birthDate: "1928-07-15",
      country: "France",
    },
  ];
  await nav.getByRole("link", { name: "Ajouter JSON" }).click();
  await page.getByLabel("Contenu JSON").fill(JSON.stringify({ members }));
  await page.getByRole("button", { name: "Vérifier" }).click();
  await page.getByRole("button", { name: "Importer 2 profils valides" }).click();
  await expect(page.getByText(/Import terminé\s:\s2 créés/)).toBeVisible();

  // A subscribed member finds them at once.
  const memberContext = await browser.newContext(testInfo.project.use);
  const member = await memberContext.newPage();
  await member.goto("/login");
  await member.getByLabel("Adresse e-mail").fill(MEMBER.email);
  await member.getByLabel("Mot de passe", { exact: true }).fill(MEMBER.password);
  await member.getByRole("button", { name: "Se connecter" }).click();
  await member.waitForURL(/\/profile/);
  await member.goto("/search?ageMin=97&ageMax=99");
  for (const m of members)
    await expect(member.getByRole("article", { name: new RegExp(m.firstName) })).toBeVisible();
  await memberContext.close();
});

test("an administrator sees a mobile-money payment in FCFA and a card payment in euros", async ({
  page,
  browser,
}, testInfo) => {
  // Two members pay through the demo provider, in their own browser.
  const payers = await browser.newContext(testInfo.project.use);
  const senegal = await joinThroughApi(await payers.newPage(), {
    firstName: uniqueFirstName("Aminata"),
    gender: "Femme",
    country: "Sénégal",
    subscribed: { currency: "XOF", method: "mobile-money", operator: "orange-money" },
  });
  await payers.clearCookies();
  const france = await joinThroughApi(await payers.newPage(), {
    firstName: uniqueFirstName("Julien"),
    gender: "Homme",
    country: "France",
    subscribed: { currency: "EUR", method: "card" },
  });
  await payers.close();

  await page.goto("/admin/login");
  await page.getByLabel("Adresse e-mail").fill(ADMIN.email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  await expect(page.getByText(/FCFA/).first()).toBeVisible();

  // The payments, each with its method, amount in its currency and status.
  await page.goto("/admin/subscriptions?view=payments");
  await expect(page.getByRole("tab", { name: "Paiements", selected: true })).toBeVisible();
  for (const [who, amount, method] of [
    [senegal, "6\u202f500\u00a0FCFA", "Orange Money"],
    [france, "19,99\u00a0€", "Carte bancaire"],
  ] as const) {
    await page.getByLabel("Rechercher").fill(who.email);
    const row = page.getByRole("row").filter({ hasText: who.email });
    await expect(row).toHaveCount(1);
    await expect(row.getByText(amount)).toBeVisible();
    await expect(row.getByText(method)).toBeVisible();
    await expect(row.getByText("Payé", { exact: true })).toBeVisible();
  }

  // And the subscriptions they opened.
  await page.getByRole("tab", { name: "Abonnements" }).click();
  await page.getByLabel("Rechercher").fill(senegal.email);
  const subscription = page.getByRole("row").filter({ hasText: senegal.email });
  await expect(subscription.getByText("6\u202f500\u00a0FCFA")).toBeVisible();
  await expect(subscription.getByText(/Orange Money/)).toBeVisible();
});
