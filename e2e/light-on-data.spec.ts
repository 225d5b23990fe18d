// Light on data (issue 39), in Chromium with its network switched off and on: three messages written
// offline wait on the device (« En attente de connexion »), outlive the page, and each arrives once
// when the connection returns; in « Mode économie de données » a full profile loads its main photo
// only, and another one on a tap.
import { type Browser, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import {
  appOrigin,
  joinThroughApi,
  keepScreen,
  openConversation,
  uniqueFirstName,
  userId,
  WITH_WORKER,
} from "./fixtures.ts";

/** A different picture for each `n`: two bands of colour. */
async function photo(n: number): Promise<Buffer> {
  const band = await sharp({
    create: { width: 600, height: 375, channels: 3, background: { r: 40 + n * 70, g: 90, b: 200 - n * 60 } },
  })
    .png()
    .toBuffer();
  return sharp({
    create: { width: 600, height: 750, channels: 3, background: { r: 230, g: 180 - n * 50, b: 60 } },
  })
    .composite([{ input: band, top: 0, left: 0 }])
    .jpeg()
    .toBuffer();
}

async function post(page: Page, path: string, data: unknown) {
  const res = await page.request.post(path, { data, headers: { origin: appOrigin() } });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

/**
 * Two subscribed members who liked each other, each in a browser context of their own, with the
 * service worker: it keeps the outbox going and is what economy mode switches.
 */
async function matchedPair(browser: Browser, her: string, him: string) {
  const options = { ...test.info().project.use, ...WITH_WORKER };
  const herContext = await browser.newContext(options);
  const hisContext = await browser.newContext(options);
  const herPage = await herContext.newPage();
  const hisPage = await hisContext.newPage();
  await joinThroughApi(herPage, {
    firstName: her,
    gender: "Femme",
    country: "Côte d’Ivoire",
    subscribed: true,
  });
  await joinThroughApi(hisPage, { firstName: him, gender: "Homme", country: "Belgique", subscribed: true });
  const herId = await userId(herPage);
  const hisId = await userId(hisPage);
  await post(herPage, "/api/likes", { likedId: hisId, type: "like" });
  const result = (await post(hisPage, "/api/likes", { likedId: herId, type: "like" })) as { matchId: string };
  return { herContext, hisContext, herPage, hisPage, matchId: result.matchId };
}

test("three messages written offline wait on the device and each arrives once", async ({ browser }) => {
  const herName = uniqueFirstName("Aminata");
  const hisName = uniqueFirstName("Thomas");
  const { herContext, hisContext, herPage, hisPage, matchId } = await matchedPair(browser, herName, hisName);

  const conversation = await openConversation(herPage, hisName);
  const box = conversation.getByRole("textbox", { name: `Votre message à ${hisName} E.` });
  await expect(box).toBeEnabled();

  await herContext.setOffline(true);
  const texts = ["Bonsoir Thomas !", "Je suis dans le train, le réseau va et vient.", "À tout à l’heure ?"];
  for (const text of texts) {
    await box.fill(text);
    await box.press("Enter");
    await expect(conversation.getByText(text)).toBeVisible();
  }
  await expect(conversation.getByText("En attente de connexion")).toHaveCount(3);
  await keepScreen(herPage, "39-offline-waiting");

  // The page closes while offline: the messages stay on the device (IndexedDB).
  await herPage.close();
  await herContext.setOffline(false);
  const again = await herContext.newPage();
  await again.goto("/matches");

  // He reads each of them exactly once.
  await expect
    .poll(
      async () => {
        const res = await hisPage.request.get(`/api/matches/${matchId}/messages`);
        const { data } = (await res.json()) as { data: { content: string }[] };
        return data.map((m) => m.content).sort();
      },
      { timeout: 30_000 },
    )
    .toEqual([...texts].sort());

  const reopened = await openConversation(again, hisName);
  for (const text of texts)
    await expect(reopened.getByRole("listitem").filter({ hasText: text })).toHaveCount(1);
  await expect(reopened.getByText("En attente de connexion")).toHaveCount(0);
  await herContext.close();
  await hisContext.close();
});

test("economy mode loads a profile’s main photo, and another one on a tap", async ({ browser }) => {
  const herName = uniqueFirstName("Mariam");
  const hisName = uniqueFirstName("Lucas");
  const { herContext, hisContext, herPage, hisPage } = await matchedPair(browser, herName, hisName);
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  for (let i = 0; i < 3; i++) {
    const res = await hisPage.request.post("/api/profile/photos", {
      headers: { origin },
      multipart: { file: { name: `photo-${i}.jpg`, mimeType: "image/jpeg", buffer: await photo(i) } },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const { photos } = (await (await hisPage.request.get("/api/profile")).json()) as {
    photos: { key: string }[];
  };
  // The file name without folder nor extension: the original, its thumbnail and its renditions share it.
  const stems = photos.map((p) => p.key.slice(p.key.lastIndexOf("/") + 1).replace(/\.[a-z]+$/, ""));
  expect(stems).toHaveLength(3);

  // She turns the mode on, for this device, from her profile.
  await herPage.goto("/profile?rubrique=compte");
  const section = herPage.getByRole("region", { name: "Données mobiles" });
  await section.getByRole("radio", { name: "Toujours" }).check();
  await expect(section.getByRole("status")).toHaveText(
    "Le mode économie de données est activé sur cet appareil.",
  );
  await expect(section.getByTestId("data-meter")).toHaveText(
    /^Passerelle a utilisé [\d\s,]+ (Ko|Mo) sur cet appareil ce mois-ci\.$/,
  );

  const asked = new Set<number>();
  herPage.on("request", (req) => {
    stems.forEach((stem, i) => {
      if (req.url().includes(stem)) asked.add(i);
    });
  });
  await herPage.goto("/matches");
  await herPage.getByRole("button", { name: new RegExp(`^${hisName} E\\..* : voir le profil$`) }).click();
  const dialog = herPage.getByRole("dialog");
  await expect(dialog.getByRole("img", { name: `${hisName} E. (1 sur 3)` })).toBeVisible();
  await expect.poll(() => [...asked].sort()).toEqual([0]);
  await keepScreen(herPage, "39-economy-profile");

  await dialog.getByRole("button", { name: "Afficher la photo 2" }).click();
  await expect(dialog.getByRole("img", { name: `${hisName} E. (2 sur 3)` })).toBeVisible();
  await expect.poll(() => [...asked].sort()).toEqual([0, 1]);
  // The third was never downloaded.
  expect(asked.has(2)).toBe(false);
  await herContext.close();
  await hisContext.close();
});
