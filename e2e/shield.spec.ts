// Bouclier (issue 36) in Chromium: a new, unverified account that asks for money by Western Union
// has its message held behind the warning on her side — she reads it only by choosing to, with
// « Signaler » and « Bloquer » one tap away; a genuine new member's first message arrives at once;
// the asking account's next first message waits unseen, and an administrator releases it from the
// « Bouclier » queue, after which it is delivered.
import { type Browser, expect, type Page, type TestInfo, test } from "@playwright/test";
import { adminWindow, joinThroughApi, keepScreen, openConversation, uniqueFirstName } from "./fixtures.ts";

async function member(browser: Browser, testInfo: TestInfo, base: string, gender: "Homme" | "Femme") {
  const context = await browser.newContext(testInfo.project.use);
  const page = await context.newPage();
  const firstName = uniqueFirstName(base);
  await joinThroughApi(page, {
    firstName,
    gender,
    country: gender === "Femme" ? "France" : "Côte d’Ivoire",
    subscribed: true,
    photo: gender === "Femme",
  });
  return { context, page, name: firstName };
}

/** He likes her from the search (a first like opens the conversation) and writes `text`. */
async function write(him: Page, herName: string, text: string) {
  await him.goto("/search?ageMin=25&ageMax=45");
  await him
    .getByRole("article", { name: new RegExp(herName) })
    .getByRole("button", { name: /^J’aime/ })
    .click();
  await expect(him.getByText(new RegExp(`Vous avez aimé ${herName}`))).toBeVisible();
  await him.goto("/messages");
  await him.getByRole("link", { name: new RegExp(herName) }).click();
  const composer = him.getByRole("textbox", { name: new RegExp(`Votre message à ${herName}`) });
  await composer.fill(text);
  await composer.press("Enter");
  await expect(him.getByText("Envoyé")).toBeVisible();
}

test("a money request from a new account is held on her side; a genuine first message arrives; an administrator releases the held account", async ({
  browser,
}, testInfo) => {
  const her = await member(browser, testInfo, "Claire", "Femme");
  const scammer = await member(browser, testInfo, "Steeve", "Homme");
  const genuine = await member(browser, testInfo, "Moussa", "Homme");
  const money = "Envoie-moi 300 € par Western Union pour mon billet d’avion";

  await write(scammer.page, her.name, money);
  const hello = `Bonjour ${her.name}, j’ai vu que vous aimez les voyages : quel pays vous a le plus marquée ?`;
  await write(genuine.page, her.name, hello);

  // The genuine first message arrives at once, as written.
  const withGenuine = await openConversation(her.page, genuine.name);
  await expect(withGenuine.getByText(hello)).toBeVisible();

  // The money request is held: the warning in its place, the text only by choice.
  const withScammer = await openConversation(her.page, scammer.name);
  const card = withScammer.getByRole("region", { name: /^Message retenu par Passerelle/ });
  await expect(card).toContainText("Cette personne vous demande de l’argent");
  await expect(card).toContainText("Passerelle ne vous demandera jamais d’argent");
  await expect(card.getByRole("button", { name: "Signaler" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Bloquer" })).toBeVisible();
  await expect(withScammer.getByText(money)).toHaveCount(0);
  await expect(her.page.getByRole("note", { name: "Rappel de sécurité" })).toBeVisible();
  await keepScreen(her.page, "bouclier-message-retenu");
  await card.getByRole("button", { name: "Lire quand même" }).click();
  await expect(withScammer.getByText(money)).toBeVisible();

  // His account is now on quiet hold: his next first message waits, and he sees nothing different.
  const other = await member(browser, testInfo, "Sophie", "Femme");
  const waiting = `Bonsoir ${other.name}, vous avez un très beau sourire`;
  await write(scammer.page, other.name, waiting);
  await other.page.goto("/messages");
  await expect(other.page.getByRole("link", { name: new RegExp(scammer.name) })).toBeVisible();
  await other.page.getByRole("link", { name: new RegExp(scammer.name) }).click();
  await expect(other.page.getByText(waiting)).toHaveCount(0);

  // The administrator finds him in « Bouclier », with why, and releases him.
  const { context: adminContext, page: admin } = await adminWindow(browser, testInfo);
  await admin
    .getByRole("navigation", { name: /administration/i })
    .getByRole("link", { name: "Bouclier" })
    .click();
  await expect(admin.getByRole("heading", { level: 1, name: "Bouclier" })).toBeVisible();
  const account = admin.getByRole("article", { name: new RegExp(scammer.name) });
  await expect(account).toContainText("A demandé de l’argent ou donné des instructions de paiement");
  await expect(account).toContainText("Western Union");
  await expect(account).toContainText(waiting);
  await keepScreen(admin, "bouclier-file");
  await account.getByRole("button", { name: "Libérer" }).click();
  const confirm = admin.getByRole("dialog", { name: new RegExp(`Libérer ${scammer.name}`) });
  await confirm.getByRole("button", { name: "Libérer" }).click();
  await expect(admin.getByText(new RegExp(`Compte de ${scammer.name} Essai libéré`))).toBeVisible();
  await expect(admin.getByRole("article", { name: new RegExp(scammer.name) })).toHaveCount(0);
  await adminContext.close();

  // Released: his message reaches her.
  await other.page.reload();
  await expect(
    other.page.getByRole("region", { name: `Conversation avec ${scammer.name} E.` }).getByText(waiting),
  ).toBeVisible();

  for (const m of [her, scammer, genuine, other]) await m.context.close();
});
