// Verifying one's profile in real Chromium, on a phone: the consent screen comes before any access
// to the camera (refusing or cancelling never opens it); then Chromium's fake camera plays a video
// of a sample face (e2e/fake-camera.ts) — the man of the profile photo straight, then his head
// tilting steadily to his left, then straightening and smiling, timed on the page's schedule — the
// server's challenge being fixed to those gestures (VERIFICATION_GESTURES in playwright.config.ts);
// the page sends its whole burst with each frame's time, the server finds one live sequence in it
// (server/features/verification/decide.ts) with the real models, and the member gets the badge.
// The camera's flags are given to this file's browser only; nothing binary is committed.
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { deName } from "../domain/french.ts";
import { VERIFICATION_MSG } from "../domain/verification.ts";
import { face, SAME_PERSON } from "../server/test/face-samples.ts";
import { seriousViolations } from "./accessibility.ts";
import { writeFakeCameraVideo } from "./fake-camera.ts";
import { adminWindow, joinThroughApi, uniqueFirstName } from "./fixtures.ts";

const ALLOW_CAMERA = "--use-fake-ui-for-media-stream";

/**
 * Keeps the frames' times and byte sizes of the page's last submission in `window.sentTimes` and
 * `window.sentSizes` (Chromium does not report a body holding files to Playwright).
 */
async function recordSubmission(page: Page) {
  await page.addInitScript(() => {
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      if (init?.body instanceof FormData && init.body.has("times")) {
        const w = window as unknown as { sentTimes: string[]; sentSizes: number[] };
        w.sentTimes = init.body.getAll("times") as string[];
        w.sentSizes = init.body.getAll("frames").map((f) => (f as File).size);
      }
      return original(input, init);
    };
  });
}

const test = base.extend<object, { fakeCamera: string }>({
  // Every page records what it sends (see recordSubmission).
  page: async ({ page }, use) => {
    await recordSubmission(page);
    await use(page);
  },
  // The video, written once into the test output folder (cleared at the start of each run).
  fakeCamera: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern
    async ({}, use, workerInfo) => {
      const file = path.join(workerInfo.project.outputDir, "fake-camera", "camera.y4m");
      await use(await writeFakeCameraVideo(file));
    },
    { scope: "worker" },
  ],
  // Chromium's fake camera, playing that video, and its fake prompt, which allows it.
  launchOptions: [
    async ({ launchOptions, fakeCamera }, use) => {
      await use({
        ...launchOptions,
        args: [
          ...(launchOptions.args ?? []),
          ALLOW_CAMERA,
          "--use-fake-device-for-media-stream",
          `--use-file-for-fake-video-capture=${fakeCamera}`,
        ],
      });
    },
    { scope: "worker" },
  ],
});

// A journey that failed prints the frames' times its page last sent: a « not valid » answer then
// says which rule of domain/verification-capture.ts they broke.
test.afterEach(async ({ page }, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return;
  const sent = await page
    .evaluate(() => {
      const w = window as unknown as { sentTimes?: string[]; sentSizes?: number[] };
      return { times: w.sentTimes, sizes: w.sentSizes };
    })
    .catch(() => null);
  if (sent?.times)
    console.log(`frames sent at ${sent.times.join(", ")} ms, of ${sent.sizes?.join(", ")} bytes`);
});

/** Counts the page's calls to getUserMedia and keeps the streams, to see that they are stopped. */
async function watchCamera(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { cameraCalls: number; cameraStreams: MediaStream[] };
    w.cameraCalls = 0;
    w.cameraStreams = [];
    const devices = navigator.mediaDevices;
    if (!devices) return;
    const original = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (constraints) => {
      w.cameraCalls++;
      const stream = await original(constraints);
      w.cameraStreams.push(stream);
      return stream;
    };
  });
  const challenges: string[] = [];
  page.on("request", (req) => {
    if (req.url().endsWith("/api/verification/challenge")) challenges.push(req.method());
  });
  return {
    calls: () => page.evaluate(() => (window as unknown as { cameraCalls: number }).cameraCalls),
    /** Whether every track of every stream the page opened is stopped. */
    allStopped: () =>
      page.evaluate(() =>
        (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams
          .flatMap((s) => s.getTracks())
          .every((t) => t.readyState === "ended"),
      ),
    challenges,
  };
}

/** Nothing scrolls sideways on the phone. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * What the page says once the frames are taken and analysed, whatever the outcome: the journey then
 * fails with what the member read (a refusal's reason, an error) rather than with a missing text
 * (and, printed by the afterEach above, with the frames' times its page sent).
 */
async function answerAfterAnalysis(page: Page): Promise<string> {
  const step = page.getByRole("region", { name: "Vérification en cours" });
  await expect(step.locator('[aria-live="assertive"]')).toHaveText("Regardez la caméra");
  await expect(page.getByLabel("Aperçu de votre caméra")).toBeHidden({ timeout: 60_000 });
  await expect(page.getByRole("heading", { name: "Analyse en cours…" })).toBeHidden({ timeout: 90_000 });
  return page.getByRole("main").innerText();
}

/** The profile photo: the man of the video, in another photo of him. */
async function addProfilePhoto(page: Page, buffer?: Buffer) {
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  const res = await page.request.post("/api/profile/photos", {
    headers: { origin },
    multipart: {
      file: { name: "portrait.jpg", mimeType: "image/jpeg", buffer: buffer ?? (await face(SAME_PERSON[0]!)) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test("the consent screen comes first: refusing or cancelling never opens the camera", async ({ page }) => {
  const camera = await watchCamera(page);
  await joinThroughApi(page, { firstName: uniqueFirstName("Awa"), gender: "Femme" });
  await page.goto("/profile");
  const card = page.getByRole("region", { name: "Vérification du profil" });
  await card.getByRole("link", { name: "Vérifier mon profil" }).click();
  await expect(page).toHaveURL(/\/profile\/verification$/);
  await expect(page.getByRole("heading", { name: "Avant d’activer la caméra" })).toBeVisible();
  await expect(page.getByText(/article 9, paragraphe 2, a, du RGPD/)).toBeVisible();
  await expect(page.getByLabel("Aperçu de votre caméra")).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);
  await expectNoSidewaysScroll(page);

  // Without ticking the box: an error, and still no camera.
  await page.getByRole("button", { name: "J’accepte et j’active la caméra" }).click();
  await expect(page.getByText("Cochez la case pour donner votre accord, ou annulez.")).toBeVisible();
  await expect(page.getByRole("checkbox")).toBeFocused();
  expect(await camera.calls()).toBe(0);

  // Cancelling goes back to the profile.
  await page.getByRole("link", { name: "Annuler" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { level: 1, name: "Mon profil" })).toBeVisible();
  expect(await camera.calls()).toBe(0);
  expect(camera.challenges).toEqual([]);
});

test("a member proves with live selfies to be the person of their photo and gets the badge", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const camera = await watchCamera(page);
  const { firstName } = await joinThroughApi(page, { firstName: uniqueFirstName("Moussa"), gender: "Homme" });
  await addProfilePhoto(page);

  await page.goto("/profile");
  await page
    .getByRole("region", { name: "Vérification du profil" })
    .getByRole("link", { name: "Vérifier mon profil" })
    .click();
  await expect(page.getByRole("heading", { name: "Avant d’activer la caméra" })).toBeVisible();
  expect(await camera.calls()).toBe(0);
  await page
    .getByLabel("J’accepte que mon visage soit filmé et comparé à mes photos de profil", { exact: false })
    .check();
  await page.getByRole("button", { name: "J’accepte et j’active la caméra" }).click();

  // The mirrored preview, and the prompts in order, in the live region.
  await expect(page.getByLabel("Aperçu de votre caméra")).toBeVisible();
  const prompt = page
    .getByRole("region", { name: "Vérification en cours" })
    .locator('[aria-live="assertive"]');
  await expect(prompt).toHaveText("Regardez la caméra");
  await expect(prompt).toHaveText("Penchez la tête vers la gauche");
  await expect(prompt).toHaveText("Souriez");
  expect(await camera.calls()).toBe(1);
  expect(camera.challenges).toEqual(["POST"]);

  // Sent, analysed on the server (the burst's 29 frames, one after the other), verified.
  await expect(page.getByRole("heading", { name: "Analyse en cours…" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("C’est fait : votre profil est vérifié !")).toBeVisible({ timeout: 90_000 });
  expect(await camera.allStopped()).toBe(true);
  await expect(page.getByLabel("Aperçu de votre caméra")).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);
  await expectNoSidewaysScroll(page);

  // The badge on the profile, with its date.
  await page.getByRole("link", { name: "Retour à mon profil" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const card = page.getByRole("region", { name: "Vérification du profil" });
  await expect(card.getByText("Profil vérifié", { exact: true })).toBeVisible();
  await expect(card.getByText(/^depuis le \d{1,2}(er)? \S+ \d{4}$/)).toBeVisible();
  await expect(card.getByRole("link", { name: "Vérifier mon profil" })).toHaveCount(0);

  // Others find him under « Profils vérifiés uniquement », with the badge on his card.
  const viewerContext = await browser.newContext(test.info().project.use);
  const viewer = await viewerContext.newPage();
  await joinThroughApi(viewer, { firstName: uniqueFirstName("Awa"), gender: "Femme", subscribed: true });
  await viewer.goto("/search?verified=1");
  const found = viewer.getByRole("article", { name: new RegExp(firstName) });
  await expect(found).toBeVisible();
  await expect(found.getByText("Profil vérifié", { exact: true })).toBeVisible();
  await viewerContext.close();
});

test("an uncertain likeness goes to an administrator, who approves it: the member gets the badge", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { firstName } = await joinThroughApi(page, { firstName: uniqueFirstName("Sékou"), gender: "Homme" });
  // Another photo of the man of the video, in black and white: his likeness to the video's frames is
  // between decide.ts's REVIEW and MATCH thresholds (0.63–0.64 measured on the video's pictures sent
  // as the page sends them, whenever the page starts).
  await addProfilePhoto(
    page,
    await sharp(await face(SAME_PERSON[4]!))
      .greyscale()
      .jpeg()
      .toBuffer(),
  );
  await page.goto("/profile/verification");
  await page
    .getByLabel("J’accepte que mon visage soit filmé et comparé à mes photos de profil", { exact: false })
    .check();
  await page.getByRole("button", { name: "J’accepte et j’active la caméra" }).click();
  expect(await answerAfterAnalysis(page)).toContain("Vérification en cours d’examen");
  await page.goto("/profile");
  const card = page.getByRole("region", { name: "Vérification du profil" });
  await expect(card.getByText("Vérification en cours d’examen")).toBeVisible();
  await expect(card.getByRole("link", { name: "Vérifier mon profil" })).toHaveCount(0);

  // The administrator, on a desktop, sees the selfie beside the photo and approves.
  const { context: adminContext, page: admin } = await adminWindow(browser, test.info());
  await admin.goto("/admin/verifications");
  const name = `${firstName} Essai`;
  const pending = admin.getByRole("article", { name: `Vérification ${deName(name)}` });
  await expect(pending).toBeVisible();
  await expect(pending.getByRole("img", { name: `Selfie de vérification ${deName(name)}` })).toBeVisible();
  await expect(pending.getByRole("img", { name: new RegExp(`^${name}, 1 sur 1`) })).toBeVisible();
  await pending.getByRole("button", { name: `Approuver la vérification ${deName(name)}` }).click();
  const confirm = admin.getByRole("dialog", { name: `Approuver la vérification ${deName(name)}` });
  await confirm.getByRole("button", { name: "Approuver" }).click();
  await expect(confirm).toBeHidden();
  await expect(pending).toHaveCount(0);
  await adminContext.close();

  // The member now has the badge.
  await page.reload();
  await expect(card.getByText("Profil vérifié", { exact: true })).toBeVisible();
  await expect(card.getByText(/^depuis le \d{1,2}(er)? \S+ \d{4}$/)).toBeVisible();
});

test("a challenge answered too late starts again; cancelling turns the camera off", async ({ page }) => {
  const camera = await watchCamera(page);
  await joinThroughApi(page, { firstName: uniqueFirstName("Kofi"), gender: "Homme" });
  // The server's answer to frames sent after the challenge's three minutes.
  await page.route("**/api/verification", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({
          status: 410,
          json: { error: { code: "CHALLENGE_EXPIRED", message: VERIFICATION_MSG.CHALLENGE_EXPIRED } },
        })
      : route.fallback(),
  );
  await page.goto("/profile/verification");
  await page
    .getByLabel("J’accepte que mon visage soit filmé et comparé à mes photos de profil", { exact: false })
    .check();
  await page.getByRole("button", { name: "J’accepte et j’active la caméra" }).click();
  await expect(page.getByRole("heading", { name: "Le temps est écoulé" })).toBeFocused({ timeout: 30_000 });
  await expect(page.getByRole("alert")).toHaveText(VERIFICATION_MSG.CHALLENGE_EXPIRED);
  expect(await camera.allStopped()).toBe(true);

  // Again, with a new challenge; then cancelled while the prompts run.
  await page.getByRole("button", { name: "Recommencer" }).click();
  const prompt = page
    .getByRole("region", { name: "Vérification en cours" })
    .locator('[aria-live="assertive"]');
  await expect(prompt).toHaveText("Regardez la caméra");
  expect(await camera.calls()).toBe(2);
  expect(camera.challenges).toEqual(["POST", "POST"]);
  await page.getByRole("button", { name: "Annuler et éteindre la caméra" }).click();
  await expect(page.getByRole("heading", { name: "Avant d’activer la caméra" })).toBeFocused();
  expect(await camera.allStopped()).toBe(true);
  await expect(page.getByLabel("Aperçu de votre caméra")).toBeHidden();
});

test("a member who refuses the camera is told so in French and may start again", async ({
  playwright,
  launchOptions,
}) => {
  // A browser of its own, whose fake prompt refuses the camera.
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    args: launchOptions.args?.map((a) => (a === ALLOW_CAMERA ? `${ALLOW_CAMERA}=deny` : a)),
  });
  try {
    const { baseURL, locale, timezoneId, viewport, isMobile, hasTouch, userAgent } = test.info().project.use;
    const context = await browser.newContext({
      baseURL,
      locale,
      timezoneId,
      viewport,
      isMobile,
      hasTouch,
      userAgent,
    });
    const page = await context.newPage();
    const camera = await watchCamera(page);
    await joinThroughApi(page, { firstName: uniqueFirstName("Fatou"), gender: "Femme" });
    await page.goto("/profile/verification");
    await page
      .getByLabel("J’accepte que mon visage soit filmé et comparé à mes photos de profil", { exact: false })
      .check();
    await page.getByRole("button", { name: "J’accepte et j’active la caméra" }).click();
    await expect(page.getByRole("heading", { name: "La caméra n’est pas disponible" })).toBeFocused();
    await expect(page.getByRole("alert")).toHaveText(/Vous avez refusé l’accès à la caméra/);
    await expect(page.getByRole("button", { name: "Recommencer" })).toBeVisible();
    expect(await camera.calls()).toBe(1);
    // No challenge is drawn without a camera.
    expect(camera.challenges).toEqual([]);
  } finally {
    await browser.close();
  }
});
