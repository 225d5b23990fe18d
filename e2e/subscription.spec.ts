// Subscription journey: a trial member opening /search is sent to /subscription?from=/search, pays
// with the demo provider, sees the confirmation once the payment is recorded, and reaches search.
import { expect, test } from "@playwright/test";
import { joinThroughApi, uniqueFirstName } from "./fixtures.ts";

test("a trial member is sent to the plans, pays with the demo provider and comes back to search", async ({
  page,
}) => {
  await joinThroughApi(page, { firstName: uniqueFirstName("Fanta"), gender: "Femme", country: "Mali" });

  await page.goto("/search?ageMin=25");
  await expect(page).toHaveURL(/\/subscription\?from=%2Fsearch%3FageMin%3D25$/);
  await expect(page.getByText("Cette page est réservée aux membres abonnés.")).toBeVisible();
  await expect(page.getByText("Vous profitez de l'essai gratuit")).toBeVisible();
  // Three plans, with the price per month.
  await expect(page.getByRole("button", { name: /^Choisir / })).toHaveCount(3);
  await expect(page.getByText("soit 15,99 € par mois")).toBeVisible();

  await page.getByRole("button", { name: "Choisir 3 mois" }).click();
  await expect(page.getByRole("heading", { name: "Paiement de démonstration" })).toBeVisible();
  await expect(page.getByText("47,97 €")).toBeVisible();
  await page.getByRole("button", { name: "Confirmer le paiement de démonstration" }).click();

  await expect(page.getByRole("heading", { name: "Merci, votre abonnement est actif !" })).toBeVisible();
  await expect(page.getByText(/Il est valable jusqu'au \d{1,2}(er)? [a-zéû]+ \d{4}\./)).toBeVisible();
  await page.getByRole("link", { name: "Reprendre là où j'en étais" }).click();
  await expect(page).toHaveURL(/\/search\?ageMin=25$/);
  await expect(page.getByRole("heading", { level: 1, name: "Recherche" })).toBeVisible();

  // The plans page now shows the running subscription and the payment.
  await page.goto("/subscription");
  await expect(page.getByText("Votre abonnement est actif")).toBeVisible();
  await expect(page.getByRole("table").getByText("3 mois")).toBeVisible();
  await expect(page.getByRole("table").getByText("Démonstration")).toBeVisible();
});
