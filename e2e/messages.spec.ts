// Conversation journey in two browsers: a message typed by one member appears in the other's open
// page without reload; the badge, unread count and read receipt follow in real time.
import { expect, type Page, test } from "@playwright/test";
import { joinThroughApi, uniqueFirstName } from "./fixtures.ts";

/** The Matchs / Messages link wherever it is visible (top bar on desktop, bottom bar on mobile). */
const navLink = (page: Page, name: RegExp) =>
  page.getByRole("link", { name }).filter({ visible: true }).first();

test("two members converse in real time; badges, unread counts and read receipts follow", async ({
  browser,
}, testInfo) => {
  const options = testInfo.project.use;
  const herContext = await browser.newContext(options);
  const hisContext = await browser.newContext(options);
  const her = await herContext.newPage();
  const him = await hisContext.newPage();

  const herName = uniqueFirstName("Mariama");
  const hisName = uniqueFirstName("Lucas");
  await joinThroughApi(her, {
    firstName: herName,
    gender: "Femme",
    country: "Guinée",
    subscribed: true,
    photo: true,
  });
  await joinThroughApi(him, { firstName: hisName, gender: "Homme", country: "Belgique", subscribed: true });

  // She waits on her conversation list while he likes her: the new match arrives without reload.
  await her.goto("/messages");
  await expect(her.getByRole("heading", { name: "Aucune conversation" })).toBeVisible();
  await him.goto("/search");
  await him
    .getByRole("article", { name: new RegExp(herName) })
    .getByRole("button", { name: /^J’aime/ })
    .click();
  await expect(him.getByText(new RegExp(`Vous avez aimé ${herName}`))).toBeVisible();
  const hisEntry = her.getByRole("link", { name: new RegExp(hisName) });
  await expect(hisEntry).toBeVisible();
  await expect(hisEntry.getByText("Nouveau", { exact: true })).toBeVisible();
  await expect(navLink(her, /Matchs 1 nouveau/)).toBeVisible();

  // He writes; she sees the unread count on her list and on the Messages badge, live.
  await him.goto("/messages");
  await him.getByRole("link", { name: new RegExp(herName) }).click();
  const hisComposer = him.getByRole("textbox", { name: new RegExp(`Votre message à ${herName}`) });
  await hisComposer.fill("Bonjour ! Votre profil m’a beaucoup plu.");
  await hisComposer.press("Enter");
  await expect(him.getByText("Envoyé")).toBeVisible();
  await expect(hisEntry.getByText("1 message non lu")).toBeAttached();
  await expect(navLink(her, /Messages 1 conversation non lue/)).toBeVisible();

  // She opens it: the message is there, her badges clear, and he sees « Lu à … » without reload.
  await hisEntry.click();
  const herConversation = her.getByRole("region", { name: `Conversation avec ${hisName} E.` });
  await expect(herConversation.getByText("Bonjour ! Votre profil m’a beaucoup plu.")).toBeVisible();
  await expect(navLink(her, /^Messages$/)).toBeVisible();
  await expect(navLink(her, /^Matchs$/)).toBeVisible();
  await expect(him.getByText(/^Lu à \d{2}:\d{2}$/)).toBeVisible();

  // Shift+Enter makes a new line; Enter sends; the reply appears on his open page.
  const herComposer = her.getByRole("textbox", { name: new RegExp(`Votre message à ${hisName}`) });
  await herComposer.fill("Merci !");
  await herComposer.press("Shift+Enter");
  await herComposer.pressSequentially("Vous vivez à Bruxelles ?");
  await herComposer.press("Enter");
  const hisConversation = him.getByRole("region", { name: `Conversation avec ${herName} E.` });
  await expect(hisConversation.getByText(/Merci !\s+Vous vivez à Bruxelles \?/)).toBeVisible();

  await herContext.close();
  await hisContext.close();
});
