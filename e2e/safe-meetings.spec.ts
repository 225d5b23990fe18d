// Meeting safely and discretion (issue 40), in Chromium: she shares her date with him from their
// conversation; a second browser without an account opens the link and sees his card, within the
// page's weight; he is told; once she revokes the link it no longer opens. And a member hidden from
// her country: not found by a man who lives there, found by one who lives elsewhere.

import { randomBytes } from "node:crypto";
import { SHARE } from "@domain/sharing.ts";
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import {
  joinThroughApi,
  keepScreen,
  like,
  mailsTo,
  openConversation,
  uniqueEmail,
  uniqueFirstName,
  userId,
  WITH_WORKER,
} from "./fixtures.ts";
import { controlledBy } from "./service-worker.ts";

/**
 * A photo no other member has: blocks of random colours. The journeys' usual plain photo is the
 * same for everyone, and the screening holds a photo seen on another account for an administrator
 * (issue 34): held, it is shown to nobody, on a shared card neither.
 */
async function addOwnPhoto(page: Page): Promise<void> {
  const blocks = await sharp(randomBytes(8 * 10 * 3), { raw: { width: 8, height: 10, channels: 3 } })
    .resize(600, 750, { kernel: "nearest" })
    .jpeg({ quality: 85 })
    .toBuffer();
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  const res = await page.request.post("/api/profile/photos", {
    headers: { origin },
    multipart: { file: { name: "portrait.jpg", mimeType: "image/jpeg", buffer: blocks } },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** A birth date of someone `age` years old today (10 days past the birthday). */
function bornAgo(age: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - age);
  d.setUTCDate(d.getUTCDate() - 10);
  return d.toISOString().slice(0, 10);
}

test("she shares her date; a browser without an account sees his card until she revokes the link", async ({
  browser,
}, testInfo) => {
  const options = testInfo.project.use;
  const herContext = await browser.newContext(options);
  const hisContext = await browser.newContext(options);
  const her = await herContext.newPage();
  const him = await hisContext.newPage();
  const herName = uniqueFirstName("Mariama");
  const hisName = uniqueFirstName("Thomas");
  await joinThroughApi(her, { firstName: herName, gender: "Femme", country: "Sénégal", subscribed: true });
  await joinThroughApi(him, {
    firstName: hisName,
    gender: "Homme",
    country: "France",
    city: "Lyon",
    subscribed: true,
  });
  await addOwnPhoto(him);
  await like(him, await userId(her));
  await like(her, await userId(him));

  // From their conversation: « Partager mon rendez-vous », a place and a time, the link.
  const conversation = await openConversation(her, hisName);
  // The header's extra button keeps the composer on a 375-pixel screen (the page clips what overflows).
  const mic = conversation.getByRole("button", { name: `Enregistrer un message vocal pour ${hisName} E.` });
  const micBox = (await mic.boundingBox())!;
  expect(micBox.x + micBox.width).toBeLessThanOrEqual(her.viewportSize()!.width);
  await conversation.getByRole("button", { name: `Partager mon rendez-vous avec ${hisName} E.` }).click();
  const dialog = her.getByRole("dialog", { name: "Partager mon rendez-vous" });
  await dialog.getByLabel("Lieu").fill("Café des Arts, place des Terreaux");
  await dialog.getByLabel("Date et heure").fill("2026-12-05T19:30");
  await dialog.getByLabel("Vol, train ou hôtel").fill("TGV 6611, arrivée 17 h 04");
  await dialog.getByRole("button", { name: "Créer le lien" }).click();
  await expect(dialog.getByText("Votre lien est prêt.")).toBeVisible();
  const url = await dialog.getByLabel("Lien à envoyer").inputValue();
  expect(url).toMatch(/\/partage\/[A-Za-z0-9_-]{43}$/);
  await keepScreen(her, "share-date-link");
  await dialog.getByRole("button", { name: "Terminé" }).click();

  // Her friend, with no account: the card, what she added, nothing to run, within the budget.
  const friendContext = await browser.newContext(options);
  const friend = await friendContext.newPage();
  const responses: Promise<number>[] = [];
  friend.on("response", (res) =>
    responses.push(
      res
        .request()
        .sizes()
        .then((s) => s.responseBodySize + s.responseHeadersSize),
    ),
  );
  const opened = await friend.goto(url);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  await expect(
    friend.getByRole("heading", { name: `${herName} vous confie son rendez-vous avec ${hisName}` }),
  ).toBeVisible();
  const card = friend.getByRole("region", { name: `Carte de ${hisName}` });
  await expect(card.getByText(/ans$/)).toBeVisible();
  await expect(card.getByText("Vit à Lyon, France")).toBeVisible();
  await expect(friend.getByText("Café des Arts, place des Terreaux")).toBeVisible();
  await expect(friend.getByText(/samedi 5 décembre 2026 à 19 h 30/)).toBeVisible();
  const photo = card.getByRole("img", { name: `Photo de ${hisName}` });
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await friend.waitForLoadState("networkidle");
  const weight = (await Promise.all(responses)).reduce((a, b) => a + b, 0);
  console.log(
    `[share] the shared page weighs ${weight} bytes with its photo (budget ${SHARE.PAGE_BUDGET_BYTES})`,
  );
  expect(weight).toBeLessThanOrEqual(SHARE.PAGE_BUDGET_BYTES);
  await keepScreen(friend, "share-date-page");

  // He is told in their conversation.
  const his = await openConversation(him, herName);
  await expect(
    his.getByText(`${herName} a partagé votre profil avec un proche`, { exact: false }),
  ).toBeVisible();

  // She revokes it from « Mes liens partagés »: the link no longer opens.
  await her.goto("/profile");
  await her.getByRole("tab", { name: "Vie privée" }).click();
  const links = her.getByRole("list", { name: "Mes liens partagés" });
  await expect(links.getByText(`Rendez-vous avec ${hisName}`)).toBeVisible();
  await expect(links.getByText(/Ouvert pour la dernière fois/)).toBeVisible();
  await links.getByRole("button", { name: `Retirer le lien : Rendez-vous avec ${hisName}` }).click();
  await expect(links.getByText(/^Retiré le /)).toBeVisible();
  const gone = await friend.goto(url);
  expect(gone?.status()).toBe(404);
  await expect(
    friend.getByRole("heading", { name: "Ce lien n’existe pas ou n’est plus valide." }),
  ).toBeVisible();
  await expect(friend.getByText(hisName)).toHaveCount(0);

  await friendContext.close();
  await herContext.close();
  await hisContext.close();
});

test("hidden from her country: a man who lives there does not find her, one who lives elsewhere does", async ({
  browser,
}, testInfo) => {
  const options = testInfo.project.use;
  const contexts = await Promise.all([0, 1, 2].map(() => browser.newContext(options)));
  const [her, inSenegal, inBelgium] = await Promise.all(contexts.map((c) => c.newPage()));
  const herName = uniqueFirstName("Khady");
  // An age nobody else in the journeys has: the search below shows only this test's members.
  const age = 94;
  await joinThroughApi(her!, {
    firstName: herName,
    gender: "Femme",
    country: "Sénégal",
    birthDate: bornAgo(age),
    photo: true,
  });
  for (const [page, country] of [
    [inSenegal!, "Sénégal"],
    [inBelgium!, "Belgique"],
  ] as const)
    await joinThroughApi(page, {
      firstName: uniqueFirstName("Ousmane"),
      gender: "Homme",
      country,
      subscribed: true,
    });

  // She turns it on in « Vie privée » › « Discrétion ».
  await her!.goto("/profile");
  await her!.getByRole("tab", { name: "Vie privée" }).click();
  await her!.getByLabel("Masquer mon profil aux membres qui vivent dans mon pays").check();
  await expect(her!.getByText("Réglage enregistré : ces membres ne vous voient plus.")).toBeVisible();
  await keepScreen(her!, "discretion");

  const search = `/search?ageMin=${age}&ageMax=${age}`;
  await inBelgium!.goto(search);
  await expect(inBelgium!.getByRole("article", { name: new RegExp(herName) })).toBeVisible();
  await inSenegal!.goto(search);
  // The results have come (none, or others of that age), and she is not among them.
  await expect(
    inSenegal!
      .getByRole("heading", { name: "Aucun profil avec ces critères" })
      .or(inSenegal!.getByRole("article").first()),
  ).toBeVisible();
  await expect(inSenegal!.getByRole("article", { name: new RegExp(herName) })).toHaveCount(0);

  for (const c of contexts) await c.close();
});

/** « YYYY-MM-DDTHH:mm » in the journeys' time zone (Europe/Paris), as a datetime-local field takes it. */
function localInput(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("fr-FR", {
      timeZone: "Europe/Paris",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

test("a missed check-in e-mails her chosen contact; « Fausse alerte » tells him all is well", async ({
  page,
}) => {
  // The server's sweep runs when the grace ends: one to two minutes here.
  test.setTimeout(240_000);
  const herName = uniqueFirstName("Rokhaya");
  await joinThroughApi(page, { firstName: herName, gender: "Femme", country: "Sénégal" });
  const brother = uniqueEmail("frere");

  await page.goto("/profile");
  await page.getByRole("tab", { name: "Vie privée" }).click();
  const form = page.getByRole("form", { name: "Nouveau point sécurité" });
  await expect(
    page.getByText("Passerelle n’est pas un service d’urgence.", { exact: false }).first(),
  ).toBeVisible();
  // Set a few minutes late (the server accepts up to five), with the shortest wait: due in one to two
  // minutes. Three, not four: the field keeps whole minutes, so the time sent is up to 59 s earlier
  // still, and four minutes late then passed the five a busy machine later (CI, 30 novembre 2026).
  await form
    .getByLabel("Je confirme que tout va bien avant")
    .fill(localInput(new Date(Date.now() - 3 * 60_000)));
  await form.getByLabel("Sans réponse, prévenir mes contacts après").selectOption({ label: "5 minutes" });
  await form.getByLabel("Prénom (personne 1)").fill("Moussa");
  await form.getByLabel("E-mail (personne 1)").fill(brother);
  await form.getByLabel("Où serez-vous ? (facultatif)").fill("Terrou-Bi, Dakar");
  await form.getByRole("button", { name: "Programmer le point sécurité" }).click();
  await expect(form.getByText("Point sécurité programmé.")).toBeVisible();
  const list = page.getByRole("list", { name: "Mes points sécurité" });
  await expect(list.getByText("À prévenir : Moussa")).toBeVisible();
  await keepScreen(page, "check-in");

  // She does not answer: her brother gets the alert.
  await expect
    .poll(async () => (await mailsTo(brother)).map((m) => m.subject.replace(/[\u00a0\u202f]/g, " ")), {
      timeout: 200_000,
      intervals: [2_000],
    })
    .toContain(`${herName} n’a pas confirmé que tout va bien`);
  const [alert] = await mailsTo(brother);
  expect(alert?.text).toContain("Terrou-Bi, Dakar");

  // The app asks her on any page; one tap: a false alarm, and her brother is told.
  await page.goto("/search");
  const banner = page.getByRole("region", { name: "Point sécurité" });
  await expect(banner.getByText("Vos contacts ont été prévenus.", { exact: false })).toBeVisible({
    timeout: 70_000,
  });
  await banner.getByRole("button", { name: "Fausse alerte : tout va bien" }).click();
  await expect(banner).toHaveCount(0);
  await expect
    .poll(async () => (await mailsTo(brother)).map((m) => m.subject.replace(/[\u00a0\u202f]/g, " ")), {
      timeout: 30_000,
    })
    .toContain(`Fausse alerte : ${herName} va bien`);
});

test("her blurred photo: a man she has not liked back sees a small blurred picture and cannot fetch the original", async ({
  browser,
}, testInfo) => {
  const options = testInfo.project.use;
  const contexts = await Promise.all([0, 1].map(() => browser.newContext(options)));
  const [her, him] = await Promise.all(contexts.map((c) => c.newPage()));
  const herName = uniqueFirstName("Ndeye");
  // An age of this test alone: his search below shows its members only.
  const age = 93;
  await joinThroughApi(her!, {
    firstName: herName,
    gender: "Femme",
    country: "Sénégal",
    birthDate: bornAgo(age),
  });
  await addOwnPhoto(her!);
  await joinThroughApi(him!, {
    firstName: uniqueFirstName("Pierre"),
    gender: "Homme",
    country: "France",
    subscribed: true,
  });

  await her!.goto("/profile");
  await her!.getByRole("tab", { name: "Vie privée" }).click();
  await her!.getByLabel("Flouter mes photos jusqu’à un J’aime réciproque").check();
  await expect(her!.getByText("Réglage enregistré : vos photos sont floutées.")).toBeVisible();
  const own = (await (await her!.request.get("/api/profile")).json()) as {
    photos: { url: string; thumbUrl: string }[];
  };
  const original = own.photos[0]!;

  await him!.goto(`/search?ageMin=${age}&ageMax=${age}`);
  const card = him!.getByRole("article", { name: new RegExp(herName) });
  const picture = card.locator("img").first();
  await expect(picture).toHaveAttribute("src", /\/photos\/b\//);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await keepScreen(him!, "blurred-card");

  // The original and its thumbnail: refused to him, served to her.
  for (const url of [original.url, original.thumbUrl]) {
    expect((await him!.request.get(url)).status()).toBe(404);
    expect((await her!.request.get(url)).status()).toBe(200);
  }

  for (const c of contexts) await c.close();
});

test.describe("the trip kit offline", () => {
  test.use(WITH_WORKER);
  test("the trip kit, once opened, opens again without a network", async ({ page, context }) => {
    await joinThroughApi(page, { firstName: uniqueFirstName("Binta"), gender: "Femme", country: "Sénégal" });
    // A member's pages register the worker; it controls the next ones.
    await page.goto("/profile");
    expect(await controlledBy(page)).toMatch(/\/sw\.js$/);
    await page.getByRole("tab", { name: "Vie privée" }).click();
    await page.getByRole("link", { name: "Kit de voyage" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Kit de voyage" })).toBeVisible();
    await expect(
      page.getByText("l’ambassade ou du consulat du Sénégal", { exact: false }).first(),
    ).toBeAttached();

    // The worker hands the page over before it has stored its copy (NetworkFirst writes the cache
    // after answering): offline only once the copy is there.
    await expect
      .poll(() =>
        page.evaluate(async () =>
          Boolean(await (await caches.open("passerelle-trip-kit")).match("/kit-voyage")),
        ),
      )
      .toBe(true);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Kit de voyage" })).toBeVisible();
    await page.getByRole("heading", { name: "Côte d’Ivoire" }).click();
    await expect(page.getByRole("link", { name: "185" })).toBeVisible();
    await expect(page.getByRole("link", { name: "185" })).toHaveAttribute("href", "tel:185");
    await keepScreen(page, "trip-kit-offline");
    await context.setOffline(false);
  });
});
