// Discovery journey: two members of opposite gender; one finds the other in search and likes
// them — which opens their conversation but is not yet a match (« Vous avez aimé … », « … vous a
// envoyé un J'aime ») —, she likes him back from the conversation and both see « C'est un match ! »;
// removing it removes it for both.
import { expect, test } from "@playwright/test";
import { deName } from "../domain/french.ts";
import { joinThroughApi, uniqueFirstName } from "./fixtures.ts";

test("a member likes another, who likes back: a match for both, and removing it removes it for both", async ({
  browser,
}, testInfo) => {
  const options = testInfo.project.use;
  const herContext = await browser.newContext(options);
  const hisContext = await browser.newContext(options);
  const her = await herContext.newPage();
  const him = await hisContext.newPage();

  const herName = uniqueFirstName("Ines");
  const hisName = uniqueFirstName("Kofi");
  await joinThroughApi(her, {
    firstName: herName,
    gender: "Femme",
    country: "France",
    subscribed: true,
    photo: true,
  });
  await joinThroughApi(him, {
    firstName: hisName,
    gender: "Homme",
    country: "Côte d’Ivoire",
    subscribed: true,
  });

  // He searches with a filter kept in the URL and finds her card.
  await him.goto("/search?ageMin=25&ageMax=45");
  // On a phone the filters are folded (and not built) until opened.
  if (options.isMobile) await him.getByRole("button", { name: /^Modifier/ }).click();
  await expect(him.getByLabel("De", { exact: true })).toHaveValue("25");
  const card = him.getByRole("article", { name: new RegExp(herName) });
  await expect(card).toBeVisible();
  await expect(card.getByText("France")).toBeVisible();
  await expect(card.getByText(/de compatibilité/)).toBeVisible();

  // Her profile opens in a dialog, without her phone number or e-mail.
  await card.getByRole("button", { name: new RegExp(`${herName}.*voir le profil`) }).click();
  const dialog = him.getByRole("dialog", { name: new RegExp(`Profil ${deName(herName)}`) });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Fermer" }).click();

  await card.getByRole("button", { name: new RegExp(`J’aime ${herName}`) }).click();
  await expect(him.getByText(new RegExp(`Vous avez aimé ${herName}`))).toBeVisible();
  await expect(card).toHaveCount(0);

  // Both see the open conversation, each as it happened.
  await him.goto("/matches");
  const herCard = him.getByRole("article", { name: new RegExp(herName) });
  await expect(herCard.getByText(`Vous avez aimé ${herName} E. : vous pouvez lui écrire`)).toBeVisible();
  await her.goto("/matches");
  const hisCard = her.getByRole("article", { name: new RegExp(hisName) });
  await expect(hisCard.getByText(`${hisName} E. vous a envoyé un J’aime`)).toBeVisible();
  await expect(hisCard.getByRole("button", { name: `Pas intéressé(e) par ${hisName} E.` })).toBeVisible();
  await expect(her.getByText(/C’est un match/)).toHaveCount(0);

  // She answers from the conversation, and likes him back: a match, for both.
  await hisCard.getByRole("link", { name: `Répondre à ${hisName} E.` }).click();
  const notice = her.getByRole("region", { name: "J’aime reçu" });
  await expect(notice).toContainText(`${hisName} E. vous a envoyé un J’aime`);
  await notice.getByRole("button", { name: "J’aime en retour" }).click();
  await expect(notice).toHaveCount(0);
  await her.goto("/matches");
  await expect(hisCard.getByText("C’est un match ! Vous vous plaisez tous les deux")).toBeVisible();
  await him.reload();
  await expect(herCard.getByText("C’est un match ! Vous vous plaisez tous les deux")).toBeVisible();
  await expect(hisCard.getByRole("link", { name: `Écrire à ${hisName} E.` })).toBeVisible();

  // She removes it, after confirming; it is gone for both.
  await hisCard.getByRole("button", { name: /Retirer/ }).click();
  await her
    .getByRole("dialog", { name: "Retirer ce match ?" })
    .getByRole("button", { name: "Retirer" })
    .click();
  await expect(her.getByText(`${hisName} E. ne fait plus partie de vos matchs.`)).toBeVisible();
  await expect(hisCard).toHaveCount(0);
  await him.reload();
  await expect(him.getByRole("heading", { name: "Pas encore de match" })).toBeVisible();

  // He does not find her in search any more.
  await him.goto("/search");
  await expect(him.getByRole("heading", { level: 2, name: /profils?$/ }).first()).toBeVisible();
  await expect(him.getByRole("article", { name: new RegExp(herName) })).toHaveCount(0);

  await herContext.close();
  await hisContext.close();
});
