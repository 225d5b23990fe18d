// Voice (issue 37), in two browsers with Chromium's fake microphone (a 400 Hz beep every half
// second): she records a voice introduction that he plays from her card; he records a voice message
// with the keyboard, she hears it without reloading and answers by holding the microphone; each
// recording is decoded by the other's browser.
import { test as base, expect, type Locator } from "@playwright/test";
import { joinThroughApi, keepScreen, like, openConversation, uniqueFirstName, userId } from "./fixtures.ts";

const test = base.extend({
  launchOptions: async ({ launchOptions }, use) => {
    await use({
      ...launchOptions,
      args: [
        ...(launchOptions.args ?? []),
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
      ],
    });
  },
});

/** Waits until the recording's timer shows at least `seconds`. */
async function recordFor(scope: Locator, seconds: number): Promise<void> {
  await expect(scope.getByRole("timer", { name: "Durée enregistrée" })).toHaveText(
    new RegExp(`^0:0[${seconds}-9]`),
  );
}

/** Plays the player labelled `name` in `scope` and waits until its browser has decoded sound. */
async function hear(scope: Locator, name: string | RegExp): Promise<void> {
  const play = scope.getByRole("button", { name });
  await play.click();
  const audio = play.locator("xpath=..").locator("audio");
  // How far it played (a short recording may be over, and back at 0, by the time we look).
  const played = (a: HTMLAudioElement) => (a.played.length > 0 ? a.played.end(a.played.length - 1) : 0);
  await expect.poll(() => audio.evaluate(played)).toBeGreaterThan(0.3);
  // Chromium's count of audio bytes its decoder turned into sound.
  const decoded = (a: HTMLAudioElement) =>
    (a as HTMLAudioElement & { webkitAudioDecodedByteCount?: number }).webkitAudioDecodedByteCount ?? 0;
  await expect.poll(() => audio.evaluate(decoded)).toBeGreaterThan(0);
}

test("a voice introduction plays on a card; two members exchange voice messages live", async ({
  browser,
}, testInfo) => {
  const options = testInfo.project.use;
  const herContext = await browser.newContext(options);
  const hisContext = await browser.newContext(options);
  const her = await herContext.newPage();
  const him = await hisContext.newPage();
  const herName = uniqueFirstName("Fatou");
  const hisName = uniqueFirstName("Julien");
  await joinThroughApi(her, {
    firstName: herName,
    gender: "Femme",
    country: "Sénégal",
    subscribed: true,
    photo: true,
  });
  await joinThroughApi(him, { firstName: hisName, gender: "Homme", country: "France", subscribed: true });

  // Her introduction: a prompt, a tap to record, « Terminer », a listen, « Publier ».
  await her.goto("/profile");
  const section = her.getByRole("region", { name: "Ma présentation vocale" });
  await section.getByLabel("Vous répondez à").selectOption({ label: "Pourquoi Passerelle" });
  await section.getByRole("button", { name: "Enregistrer ma présentation vocale" }).click();
  await recordFor(section, 2);
  await section.getByRole("button", { name: "Terminer" }).click();
  await expect(section.getByRole("button", { name: "Écouter votre présentation vocale" })).toBeVisible();
  await keepScreen(her, "voice-intro-preview");
  await section.getByRole("button", { name: "Publier" }).click();
  await expect(section.getByText("Votre présentation vocale est en ligne.")).toBeVisible();
  await expect(section.getByText("« Pourquoi Passerelle »")).toBeVisible();

  // He finds her card and hears her voice from it.
  await him.goto("/search");
  const card = him.getByRole("article", { name: new RegExp(herName) });
  await expect(card.getByText("« Pourquoi Passerelle »")).toBeVisible();
  await hear(card, `Écouter la présentation vocale de ${herName}`);
  await keepScreen(him, "voice-intro-card");

  // They match; she waits in the conversation while he records with the keyboard only.
  await like(him, await userId(her));
  await like(her, await userId(him));
  const hers = await openConversation(her, hisName);
  const his = await openConversation(him, herName);
  const mic = his.getByRole("button", { name: `Enregistrer un message vocal pour ${herName} E.` });
  // Enabled once the conversation has loaded.
  await expect(mic).toBeEnabled();
  await mic.focus();
  await him.keyboard.press("Enter");
  await recordFor(his, 2);
  await keepScreen(him, "voice-recording");
  await his.getByRole("button", { name: "Terminer" }).focus();
  await him.keyboard.press("Enter");
  // Listened to before sending, then sent.
  await hear(his, "Écouter votre message vocal");
  await his.getByRole("button", { name: "Envoyer" }).click();
  // Sent: « Envoyé », or « Lu à … » already, her conversation being open (it read it at once).
  await expect(his.getByText(/^(Envoyé|Lu à \d{2}:\d{2})$/)).toBeVisible({ timeout: 20_000 });

  // She hears it without reloading; his screen says she read it.
  const received = hers.getByRole("button", { name: /^Écouter le message vocal reçu à \d{2}:\d{2}$/ });
  await expect(received).toBeVisible();
  await hear(hers, /^Écouter le message vocal reçu à/);
  await hers.getByRole("button", { name: "Vitesse de lecture : 1×" }).click();
  await expect(hers.getByRole("button", { name: "Vitesse de lecture : 1,5×" })).toBeVisible();
  await expect(him.getByText(/^Lu à \d{2}:\d{2}$/)).toBeVisible();
  await keepScreen(her, "voice-received");

  // She answers by holding the microphone, and lets go to stop.
  const herMic = hers.getByRole("button", { name: `Enregistrer un message vocal pour ${hisName} E.` });
  await expect(herMic).toBeEnabled();
  const box = (await herMic.boundingBox())!;
  await her.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await her.mouse.down();
  await recordFor(hers, 2);
  await her.mouse.up();
  await hers.getByRole("button", { name: "Envoyer" }).click();
  await hear(his, /^Écouter le message vocal reçu à/);

  // The conversation list says what it is.
  await him.goto("/messages");
  await expect(him.getByRole("link", { name: new RegExp(herName) })).toContainText("Message vocal (0:0");

  await herContext.close();
  await hisContext.close();
});
