// Issue 17's journey, in real Chromium on a desktop: a woman living in Paris looks for men living in
// Côte d'Ivoire or Sénégal who speak Wolof, sorted by recent activity, and sees who is online; in a
// conversation she sees « … est en train d'écrire »; and she sees who visited her profile.
import { type Browser, expect, type Page, type TestInfo, test } from "@playwright/test";
import { deName } from "../domain/french.ts";
import { joinThroughApi, type NewMember, uniqueFirstName } from "./fixtures.ts";

// Everyone here is about 83 and shares an interest of this test's own: her search finds only them.
const BIRTH_DATE = `${new Date().getFullYear() - 83}-06-15`;

async function member(browser: Browser, testInfo: TestInfo, fields: Parameters<typeof joinThroughApi>[1]) {
  const context = await browser.newContext(testInfo.project.use);
  const page = await context.newPage();
  const joined = await joinThroughApi(page, { birthDate: BIRTH_DATE, ...fields });
  return { context, page, ...joined };
}

/** Adds a place to « Vit en » the way a member does: chosen in the list, then « Ajouter ». */
async function addPlace(page: Page, picker: string, place: string) {
  await page.getByRole("combobox", { name: picker }).selectOption({ label: place });
  await page.getByRole("button", { name: `Ajouter à « ${picker} »` }).click();
}

test("a woman in Paris finds Wolof speakers in Côte d’Ivoire or Sénégal by recent activity, sees him typing and his visit", async ({
  browser,
}, testInfo) => {
  const interest = uniqueFirstName("Baobab");
  const man = (firstName: string, country: string, languages: string[]) =>
    member(browser, testInfo, {
      firstName: uniqueFirstName(firstName),
      gender: "Homme",
      country,
      languages,
      interests: [interest],
      subscribed: true,
    });
  // Joined in this order: the last to join is the most recently active.
  const abidjan = await man("Yao", "Côte d’Ivoire", ["Français", "Wolof"]);
  const bamako = await man("Modibo", "Mali", ["Français", "Wolof", "Bambara"]);
  const thies = await man("Ousmane", "Sénégal", ["Français", "Peul"]);
  const dakar = await man("Moussa", "Sénégal", ["Français", "Wolof"]);
  const her = await member(browser, testInfo, {
    firstName: uniqueFirstName("Claire"),
    gender: "Femme",
    country: "France",
    city: "Paris",
    interests: [interest],
    subscribed: true,
  });

  const page = her.page;
  await page.goto(`/search?ageMin=80&ageMax=90&interests=${interest}`);
  await page.getByRole("combobox", { name: "Trier par" }).selectOption({ label: "Activité récente" });
  await addPlace(page, "Vit en", "Côte d’Ivoire");
  await addPlace(page, "Vit en", "Sénégal");
  await expect(page.getByRole("list", { name: /Vit en.*lieux choisis/ }).getByRole("listitem")).toHaveCount(
    2,
  );
  await page.getByRole("group", { name: "Langues parlées" }).getByRole("button", { name: "Wolof" }).click();
  await page.getByRole("button", { name: "Rechercher" }).click();

  // The address keeps the search (bookmarkable): places as codes, the language and the order.
  await expect(page).toHaveURL(/livesIn=CI/);
  await expect(page).toHaveURL(/livesIn=SN/);
  await expect(page).toHaveURL(/languages=Wolof/);
  await expect(page).toHaveURL(/sort=activity/);

  const cards = page.getByRole("article");
  const names = (m: NewMember) => new RegExp(`^${m.firstName} E\\.`);
  await expect(page.getByRole("article", { name: names(dakar) })).toBeVisible();
  // Only the two Wolof speakers living there, the most recently active first, both online.
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toHaveAccessibleName(names(dakar));
  await expect(cards.nth(1)).toHaveAccessibleName(names(abidjan));
  for (const m of [dakar, abidjan])
    await expect(page.getByRole("article", { name: names(m) }).getByText("En ligne")).toBeVisible();
  for (const m of [bamako, thies]) await expect(page.getByRole("article", { name: names(m) })).toHaveCount(0);

  // Remembered for the next visit: a bare /search brings the same search back.
  await page.goto("/search");
  await expect(page).toHaveURL(/sort=activity/);
  await expect(cards).toHaveCount(2);

  // She likes Moussa: a match (the SPEC's like). He opens her profile from his matches: a visit.
  await page
    .getByRole("article", { name: names(dakar) })
    .getByRole("button", { name: new RegExp(`J’aime ${dakar.firstName}`) })
    .click();
  await expect(page.getByText(new RegExp(`Vous avez aimé ${dakar.firstName}`))).toBeVisible();
  await dakar.page.goto("/matches");
  // Opening her profile tells the server of the visit, in the background: her list below needs it.
  const visited = dakar.page.waitForResponse(
    (r) => /\/api\/members\/[^/]+\/visit$/.test(r.url()) && r.request().method() === "POST",
  );
  await dakar.page
    .getByRole("article", { name: new RegExp(her.firstName) })
    .getByRole("button", { name: /voir le profil/ })
    .click();
  expect((await visited).ok()).toBe(true);
  const herProfile = dakar.page.getByRole("dialog", { name: new RegExp(`Profil ${deName(her.firstName)}`) });
  await expect(herProfile.getByText("Paris, France")).toBeVisible();
  await herProfile.getByRole("button", { name: "Fermer" }).click();

  // « Qui a vu mon profil »: Moussa, just now.
  await page.goto("/matches");
  await page.getByRole("link", { name: "Qui a vu mon profil" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Qui a vu mon profil" })).toBeVisible();
  await expect(page.getByRole("article", { name: new RegExp(dakar.firstName) })).toBeVisible();
  await expect(page.getByRole("article", { name: new RegExp(abidjan.firstName) })).toHaveCount(0);

  // In their conversation, she sees him writing before his message arrives.
  await page.goto("/messages");
  await page
    .getByRole("link", { name: new RegExp(dakar.firstName) })
    .first()
    .click();
  const conversation = page.getByRole("region", { name: `Conversation avec ${dakar.firstName} E.` });
  await expect(conversation).toBeVisible();
  await dakar.page.goto("/messages");
  await dakar.page
    .getByRole("link", { name: new RegExp(her.firstName) })
    .first()
    .click();
  const composer = dakar.page.getByRole("textbox", { name: new RegExp(`Votre message à ${her.firstName}`) });
  // Once his conversation has loaded (the box is disabled until then).
  await expect(
    dakar.page
      .getByRole("region", { name: `Conversation avec ${her.firstName} E.` })
      .getByText(/Vous êtes en contact/),
  ).toBeVisible();
  await expect(composer).toBeEnabled();
  await composer.pressSequentially("Bonjour Claire, je suis à Dakar", { delay: 30 });
  await expect(page.getByText(`${dakar.firstName} est en train d’écrire…`)).toBeVisible();
  await composer.press("Enter");
  await expect(conversation.getByText("Bonjour Claire, je suis à Dakar")).toBeVisible();
  await expect(page.getByText(`${dakar.firstName} est en train d’écrire…`)).toBeHidden();

  for (const m of [abidjan, bamako, thies, dakar, her]) await m.context.close();
});
