// The first contact between two people, said as it happened (issue 34), on phones: Fatou lets only
// the people she liked back write to her first; she likes Abdoulaye, who has not liked her, and reads
// « Vous avez aimé … », not « C'est un match »; away from the site, he is e-mailed « … vous a envoyé
// un J'aime »; he likes her back from the conversation and both read « C'est un match ! ». Moussa
// likes her and writes first: his message waits in her « Demandes », where she accepts it.
// With E2E_SCREENS set to a folder, the journey keeps a picture of each screen (for the note).
import { expect, test } from "@playwright/test";
import { joinThroughApi, mailsTo, keepScreen as screen, uniqueFirstName } from "./fixtures.ts";

test("a first contact said as it happened: a J’aime, a match when both like, a request in « Demandes »", async ({
  browser,
}, testInfo) => {
  const options = testInfo.project.use;
  const [herContext, hisContext, otherContext] = await Promise.all([
    browser.newContext(options),
    browser.newContext(options),
    browser.newContext(options),
  ]);
  const her = await herContext.newPage();
  const him = await hisContext.newPage();
  const other = await otherContext.newPage();
  const herName = uniqueFirstName("Fatou");
  const hisName = uniqueFirstName("Abdoulaye");
  const otherName = uniqueFirstName("Moussa");
  await joinThroughApi(her, { firstName: herName, gender: "Femme", country: "Sénégal", subscribed: true });
  const abdoulaye = await joinThroughApi(him, {
    firstName: hisName,
    gender: "Homme",
    country: "Mali",
    subscribed: true,
    photo: true,
  });
  await joinThroughApi(other, { firstName: otherName, gender: "Homme", country: "France", subscribed: true });

  // « Qui peut m'écrire en premier », in « Vie privée »: saved as soon as it is chosen.
  await her.goto("/profile?rubrique=vie-privee");
  const whoWrites = her.getByRole("group", { name: "Qui peut m’écrire en premier" });
  // The choice shows at once, before it is saved: the reload waits for the server's answer.
  const saved = her.waitForResponse(
    (r) => r.url().endsWith("/api/profile/privacy") && r.request().method() === "PUT",
  );
  await whoWrites.getByRole("radio", { name: "Seulement les personnes que j’ai aimées en retour" }).check();
  expect((await saved).ok()).toBe(true);
  await her.reload();
  await expect(
    whoWrites.getByRole("radio", { name: "Seulement les personnes que j’ai aimées en retour" }),
  ).toBeChecked();
  await screen(her, "01-qui-peut-m-ecrire");

  // Abdoulaye had a page open, and leaves: « En ligne » ends (issue 34), so he counts as away.
  await him.goto("/matches");
  await expect(him.getByRole("heading", { name: "Pas encore de match" })).toBeVisible();
  await him.close();
  await her.goto("/search?livesIn=ML");
  const hisCard = her.getByRole("article", { name: new RegExp(hisName) });
  await expect
    .poll(
      async () => {
        await her.reload();
        await expect(hisCard.getByText(/^(En ligne|Actif aujourd’hui)$/)).toBeVisible();
        return hisCard.getByText(/^Actif aujourd’hui$/).count();
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toBe(1);

  // She likes him, who has not liked her: « Vous avez aimé … », never « C'est un match ».
  await hisCard.getByRole("button", { name: /^J’aime/ }).click();
  const liked = her.getByText(new RegExp(`^Vous avez aimé ${hisName} E\\.\\s: vous pouvez lui écrire\\.$`));
  await expect(liked).toBeVisible();
  await expect(her.getByText(/C’est un match/)).toHaveCount(0);
  await screen(her, "02-vous-avez-aime");

  // He is away: the e-mail says what she did, and no more.
  await expect
    .poll(async () => (await mailsTo(abdoulaye.email)).map((m) => m.subject), { timeout: 60_000 })
    .toContain(`${herName} vous a envoyé un J’aime sur Passerelle`);
  const mail = (await mailsTo(abdoulaye.email)).find((m) => m.subject.includes("vous a envoyé un J’aime"));
  expect(mail?.text).not.toMatch(/C’est un match|vous plaît/);

  // He comes back: « Fatou vous a envoyé un J'aime », « Répondre »; he likes her back there.
  const back = await hisContext.newPage();
  await back.goto("/matches");
  const herCard = back.getByRole("article", { name: new RegExp(herName) });
  await expect(herCard.getByText(new RegExp(`^${herName} E\\. vous a envoyé un J’aime$`))).toBeVisible();
  await screen(back, "03-il-a-recu-un-j-aime");
  await herCard.getByRole("link", { name: /^Répondre/ }).click();
  const notice = back.getByRole("region", { name: "J’aime reçu" });
  await notice.getByRole("button", { name: "J’aime en retour" }).click();
  await expect(back.getByRole("status").filter({ hasText: "C’est un match !" })).toHaveText(
    new RegExp(`^C’est un match\\s! ${herName} et vous vous plaisez tous les deux\\.$`),
  );
  await screen(back, "04-c-est-un-match-pour-lui");
  // She reads it too.
  await her.goto("/matches");
  await expect(
    her
      .getByRole("article", { name: new RegExp(hisName) })
      .getByText(/^C’est un match\s! Vous vous plaisez tous les deux$/),
  ).toBeVisible();
  await screen(her, "05-c-est-un-match-pour-elle");

  // Moussa likes her and writes first: she has not liked him, so it waits in her « Demandes ».
  const herId = ((await (await her.request.get("/api/profile")).json()) as { userId: string }).userId;
  const origin = new URL(her.url()).origin;
  const like = await other.request.post("/api/likes", {
    data: { likedId: herId, type: "like" },
    headers: { origin },
  });
  const { matchId } = (await like.json()) as { matchId: string };
  await other.goto(`/messages?match=${matchId}`);
  const composer = other.getByRole("textbox", { name: new RegExp(`Votre message à ${herName}`) });
  await composer.fill("Bonjour Fatou, votre profil m’a beaucoup plu.");
  await composer.press("Enter");
  await expect(other.getByText("Envoyé")).toBeVisible();
  await expect(
    other.getByText(new RegExp(`^Votre message attend dans les «\\sDemandes\\s» de ${herName}\\s: elle lit`)),
  ).toBeVisible();
  await screen(other, "06-sa-demande-attend");

  await her.goto("/messages");
  const conversations = her.getByRole("list", { name: "Vos conversations" });
  await expect(conversations.getByRole("link", { name: new RegExp(hisName) })).toBeVisible();
  await expect(conversations.getByRole("link", { name: new RegExp(otherName) })).toHaveCount(0);
  await her.getByRole("tab", { name: "Demandes (1)" }).click();
  await screen(her, "07-demandes");
  await her
    .getByRole("list", { name: "Vos demandes" })
    .getByRole("link", { name: new RegExp(otherName) })
    .click();
  const request = her.getByRole("region", { name: "Demande de message" });
  await expect(request).toContainText(`${otherName} E. vous a envoyé un J’aime et vous a écrit`);
  await expect(
    her
      .getByRole("region", { name: new RegExp(`^Conversation avec ${otherName}`) })
      .getByText("Bonjour Fatou, votre profil m’a beaucoup plu."),
  ).toBeVisible();
  await expect(her.getByRole("textbox")).toHaveCount(0);
  await screen(her, "08-une-demande");
  await request.getByRole("button", { name: "Accepter" }).click();
  await expect(her.getByRole("status").filter({ hasText: "C’est un match !" })).toBeVisible();
  await expect(her.getByRole("textbox", { name: new RegExp(`Votre message à ${otherName}`) })).toBeVisible();
  await screen(her, "09-demande-acceptee");

  await Promise.all([herContext.close(), hisContext.close(), otherContext.close()]);
});
