// Issue 17's journey, in real Chromium on a desktop: a woman living in Paris looks for men living in
// Côte d'Ivoire or Sénégal who speak Wolof, sorted by recent activity, and sees who is online; in a
// conversation she sees « … est en train d'écrire »; and she sees who visited her profile.
import { type Browser, expect, type Page, type TestInfo, test } from "@playwright/test";
import { joinThroughApi, type NewMember, uniqueFirstName } from "./fixtures.ts";

// Everyone here is about 83, an age nobody else of the e2e data has: her search finds only them.
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

test("a woman in Paris finds Wolof speakers living in Côte d'Ivoire or Sénégal, the most recently active first", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const man = (firstName: string, country: string, languages: string[]) =>
    member(browser, testInfo, {
      firstName: uniqueFirstName(firstName),
      gender: "Homme",
      country,
      languages,
      subscribed: true,
    });
  // Joined in this order: the last to join is the most recently active.
  const abidjan = await man("Yao", "Côte d'Ivoire", ["Français", "Wolof"]);
  const bamako = await man("Modibo", "Mali", ["Français", "Wolof", "Bambara"]);
  const thies = await man("Ousmane", "Sénégal", ["Français", "Peul"]);
  const dakar = await man("Moussa", "Sénégal", ["Français", "Wolof"]);
  const her = await member(browser, testInfo, {
    firstName: uniqueFirstName("Claire"),
    gender: "Femme",
    country: "France",
    city: "Paris",
    subscribed: true,
  });

  const page = her.page;
  await page.goto("/search?ageMin=80&ageMax=90");
  await page.getByRole("combobox", { name: "Trier par" }).selectOption({ label: "Activité récente" });
  await addPlace(page, "Vit en", "Côte d'Ivoire");
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

  for (const m of [abidjan, bamako, thies, dakar, her]) await m.context.close();
});
