// Subscription journeys with the demo provider, which shows the flows production has: a member in
// Sénégal sees prices in FCFA and pays by mobile money (operator, phone number, confirmation on the
// phone); a member in France pays by card in euros; a refusal on the phone grants nothing. Each is
// sent to /subscription from the page they wanted, and comes back to it once the payment is recorded.
import { expect, test } from "@playwright/test";
import { joinThroughApi, mailsTo, uniqueFirstName } from "./fixtures.ts";

test("a member in Sénégal pays in FCFA with Wave and comes back to search", async ({ page }) => {
  const member = await joinThroughApi(page, {
    firstName: uniqueFirstName("Awa"),
    gender: "Femme",
    country: "Sénégal",
  });

  await page.goto("/search?ageMin=25");
  await expect(page).toHaveURL(/\/subscription\?from=%2Fsearch%3FageMin%3D25$/);
  await expect(page.getByText("Cette page est réservée aux membres abonnés.")).toBeVisible();
  await expect(page.getByText("Vous profitez de l’essai gratuit")).toBeVisible();
  // Prices in FCFA, mobile money first, with the operators of Sénégal by name.
  await expect(page.getByText("6\u202f500\u00a0FCFA", { exact: true })).toBeVisible();
  await expect(page.getByText("soit 5\u202f000\u00a0FCFA par mois")).toBeVisible();
  // Sénégal declared just now: FCFA by mobile money at once (issue 33), the card in euros only until
  // the country has stayed the same for 30 days, as the page says.
  await expect(page.getByRole("radio", { name: /Carte bancaire/ })).toHaveCount(0);
  await expect(
    page.getByText(/Vous avez indiqué votre pays de résidence \(Sénégal\) il y a moins de 30 jours/),
  ).toBeVisible();
  for (const operator of ["Orange Money", "Wave", "Free Money"])
    await expect(page.getByRole("radio", { name: operator, exact: true })).toBeVisible();
  await expect(page.getByText("Mode démonstration")).toBeVisible();

  // Choosing a plan before an operator says what is missing.
  await page.getByRole("button", { name: "Choisir 3 mois" }).click();
  await expect(page.getByText("Veuillez choisir votre opérateur de mobile money")).toBeVisible();
  await page.getByRole("radio", { name: "Wave", exact: true }).check();
  await page.getByRole("button", { name: "Choisir 3 mois" }).click();

  await expect(page.getByRole("heading", { name: "Paiement de démonstration" })).toBeVisible();
  await expect(page.getByText("15\u202f000\u00a0FCFA").first()).toBeVisible();
  const phone = page.getByLabel("Numéro de téléphone Wave");
  await phone.fill("12");
  await page.getByRole("button", { name: "Recevoir la demande de paiement" }).click();
  await expect(page.getByText(/Veuillez saisir un numéro de téléphone valide/)).toBeVisible();
  await phone.fill("+221 77 123 45 67");
  await page.getByRole("button", { name: "Recevoir la demande de paiement" }).click();
  await expect(
    page.getByRole("heading", { name: "Validez le paiement de 15\u202f000\u00a0FCFA sur votre téléphone" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "J’ai validé sur mon téléphone" }).click();

  await expect(page.getByRole("heading", { name: "Merci, votre abonnement est actif !" })).toBeVisible();
  await page.getByRole("link", { name: "Reprendre là où j’en étais" }).click();
  await expect(page).toHaveURL(/\/search\?ageMin=25$/);
  await expect(page.getByRole("heading", { level: 1, name: "Recherche" })).toBeVisible();

  // The payment in the history, and the receipt in French.
  await page.goto("/subscription");
  await expect(page.getByText("Votre abonnement est actif")).toBeVisible();
  const history = page.getByRole("table");
  await expect(history.getByText("3 mois")).toBeVisible();
  await expect(history.getByText("15\u202f000\u00a0FCFA")).toBeVisible();
  await expect(history.getByText("Wave (démonstration)")).toBeVisible();
  await expect
    .poll(async () => (await mailsTo(member.email)).map((m) => m.subject.replace(/\s/g, " ")))
    .toContain("Votre reçu Passerelle : 15 000 FCFA");
});

test("a member in France pays by card in euros", async ({ page }) => {
  await joinThroughApi(page, { firstName: uniqueFirstName("Claire"), gender: "Femme", country: "France" });

  await page.goto("/matches");
  await expect(page).toHaveURL(/\/subscription\?from=%2Fmatches$/);
  await expect(page.getByText("soit 15,99\u00a0€ par mois")).toBeVisible();
  // Nothing to choose: a card, in euros.
  await expect(page.getByRole("radio", { name: /Mobile money/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Choisir 3 mois" }).click();

  await expect(page.getByRole("heading", { name: "Paiement de démonstration" })).toBeVisible();
  await expect(page.getByText("47,97\u00a0€")).toBeVisible();
  await page.getByRole("button", { name: "Confirmer le paiement de démonstration" }).click();
  await expect(page.getByRole("heading", { name: "Merci, votre abonnement est actif !" })).toBeVisible();
  await expect(page.getByText(/Il est valable jusqu’au \d{1,2}(er)? [a-zéû]+ \d{4}\./)).toBeVisible();
  await page.getByRole("link", { name: "Reprendre là où j’en étais" }).click();
  await expect(page).toHaveURL(/\/matches$/);

  await page.goto("/subscription");
  await expect(page.getByRole("table").getByText("47,97\u00a0€")).toBeVisible();
  await expect(page.getByRole("table").getByText("Carte bancaire (démonstration)")).toBeVisible();
});

test("a payment refused on the phone grants nothing and says so", async ({ page }) => {
  await joinThroughApi(page, { firstName: uniqueFirstName("Moussa"), gender: "Homme", country: "Sénégal" });

  await page.goto("/subscription");
  await page.getByRole("radio", { name: "Orange Money", exact: true }).check();
  await page.getByRole("button", { name: "Choisir 1 mois" }).click();
  await page.getByLabel("Numéro de téléphone Orange Money").fill("77 123 45 67");
  await page.getByRole("button", { name: "Recevoir la demande de paiement" }).click();
  await page.getByRole("button", { name: "Refuser sur le téléphone (simulation)" }).click();

  await expect(page.getByRole("heading", { name: "Le paiement n’a pas abouti" })).toBeVisible();
  await expect(page.getByText(/Paiement refusé sur le téléphone \(simulation\)/)).toBeVisible();
  await page.goto("/search");
  await expect(page).toHaveURL(/\/subscription\?from=%2Fsearch$/);
});
