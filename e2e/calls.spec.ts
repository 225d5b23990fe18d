// Calls inside a match (issue 38) in real Chromium, on a phone, through a real coturn on loopback
// (started by playwright.config.ts; the app is configured with it, so every call is relayed:
// iceTransportPolicy « relay »). Two browser contexts, each with Chromium's fake microphone and the
// fake camera playing the verification tests' sample face (e2e/fake-camera.ts): they allow calls,
// one calls the other in video, each decodes the other's frames and plays the other's audio; the
// verified caller passes the live identity check and gets « Vu(e) en appel »; a block ends the
// running call on the other side at once. Then a declined call and a missed call leave their
// entries in the conversation.
import path from "node:path";
import { type BrowserContext, test as base, expect, type Page } from "@playwright/test";
import { face, liveCapture, SAME_PERSON, SAME_PERSON_MOUTHS } from "../server/test/face-samples.ts";
import { seriousViolations } from "./accessibility.ts";
import { writeFakeCameraVideo } from "./fake-camera.ts";
import { joinThroughApi, keepScreen, openConversation, uniqueFirstName } from "./fixtures.ts";

const test = base.extend<object, { fakeCamera: string }>({
  fakeCamera: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern
    async ({}, use, workerInfo) => {
      const file = path.join(workerInfo.project.outputDir, "fake-camera", "camera.y4m");
      await use(await writeFakeCameraVideo(file));
    },
    { scope: "worker" },
  ],
  launchOptions: [
    async ({ launchOptions, fakeCamera }, use) => {
      await use({
        ...launchOptions,
        args: [
          ...(launchOptions.args ?? []),
          "--use-fake-ui-for-media-stream",
          "--use-fake-device-for-media-stream",
          `--use-file-for-fake-video-capture=${fakeCamera}`,
          // The remote voice plays in an <audio> element: a member's tap allows it, a headless
          // test's page may not have one yet when the call connects.
          "--autoplay-policy=no-user-gesture-required",
        ],
      });
    },
    { scope: "worker" },
  ],
});

const origin = () => new URL(test.info().project.use.baseURL ?? "").origin;

/**
 * Keeps the page's peer connections where the test can read their statistics. And, while the test
 * sets `narrowLink`, the sender's bandwidth estimate reads as a 60 kbit/s path would give it (coturn's
 * --max-bps made Chromium's estimate fall to 66–84k in docs/research/issue-38-calls.md §5): the
 * app's fall back to audio is then what is tested, on a real call.
 */
async function watchPeers(page: Page) {
  await page.addInitScript(() => {
    const getStats = RTCPeerConnection.prototype.getStats;
    RTCPeerConnection.prototype.getStats = async function (this: RTCPeerConnection, ...args: []) {
      const report = await getStats.apply(this, args);
      if (!(window as unknown as { narrowLink?: boolean }).narrowLink) return report;
      const narrowed = new Map<string, unknown>();
      report.forEach((s: Record<string, unknown>, id: string) => {
        narrowed.set(
          id,
          s.type === "candidate-pair" && s.availableOutgoingBitrate
            ? { ...s, availableOutgoingBitrate: 60_000 }
            : s,
        );
      });
      return narrowed as unknown as RTCStatsReport;
    };
    const Original = window.RTCPeerConnection;
    const peers: RTCPeerConnection[] = [];
    (window as unknown as { peers: RTCPeerConnection[] }).peers = peers;
    window.RTCPeerConnection = class extends Original {
      constructor(config?: RTCConfiguration) {
        super(config);
        peers.push(this);
      }
    } as typeof RTCPeerConnection;
  });
}

/** What the page's last connection carries: the selected path, and what it decoded and played. */
function mediaOf(page: Page) {
  return page.evaluate(async () => {
    const pc = (window as unknown as { peers: RTCPeerConnection[] }).peers.at(-1);
    if (!pc) return null;
    const stats = await pc.getStats();
    const all = new Map<string, Record<string, unknown>>();
    stats.forEach((s: Record<string, unknown>) => {
      all.set(s.id as string, s);
    });
    const values = [...all.values()];
    const transport = values.find((s) => s.type === "transport");
    const pair = all.get(String(transport?.selectedCandidatePairId));
    const local = pair && all.get(String(pair.localCandidateId));
    const remote = pair && all.get(String(pair.remoteCandidateId));
    const inbound = (kind: string) => values.find((s) => s.type === "inbound-rtp" && s.kind === kind);
    return {
      state: pc.connectionState,
      policy: pc.getConfiguration().iceTransportPolicy,
      local: local?.candidateType as string | undefined,
      remote: remote?.candidateType as string | undefined,
      framesDecoded: Number(inbound("video")?.framesDecoded ?? 0),
      frameWidth: Number(inbound("video")?.frameWidth ?? 0),
      samplesReceived: Number(inbound("audio")?.totalSamplesReceived ?? 0),
      audioEnergy: Number(inbound("audio")?.totalAudioEnergy ?? 0),
    };
  });
}

/** Verifies the member's profile through the API the verification page calls, with a live capture of the camera's face. */
async function verifyThroughApi(page: Page) {
  const photo = await page.request.post("/api/profile/photos", {
    headers: { origin: origin() },
    multipart: {
      file: { name: "portrait.jpg", mimeType: "image/jpeg", buffer: await face(SAME_PERSON[0]!) },
    },
  });
  expect(photo.status(), await photo.text()).toBe(201);
  const capture = await liveCapture(await face(SAME_PERSON[1]!), SAME_PERSON_MOUTHS[1]!, [
    "tilt-left",
    "smile",
  ]);
  const challenge = await page.request.post("/api/verification/challenge", {
    headers: { origin: origin() },
    data: { consent: true },
  });
  const drawnAt = Date.now();
  const { id } = (await challenge.json()) as { id: string };
  // The server checks that the frames' times fit the time since the challenge was drawn (a capture
  // takes about ten seconds on the page): the request waits as long as the capture would have.
  await page.waitForTimeout(Math.max(0, capture.times.at(-1)! - (Date.now() - drawnAt)) + 200);
  const multipart = new FormData();
  multipart.set("challengeId", id);
  for (const [i, frame] of capture.frames.entries())
    multipart.append("frames", new Blob([new Uint8Array(frame)], { type: "image/jpeg" }), `frame-${i}.jpg`);
  for (const t of capture.times) multipart.append("times", String(t));
  const verified = await page.request.post("/api/verification", { headers: { origin: origin() }, multipart });
  expect(await verified.text()).toContain('"verified"');
}

/** Two subscribed members who liked each other, each signed in in their own context. */
async function matchedPair(newContext: () => Promise<BrowserContext>) {
  const herPage = await (await newContext()).newPage();
  const hisPage = await (await newContext()).newPage();
  await watchPeers(herPage);
  await watchPeers(hisPage);
  const her = await joinThroughApi(herPage, {
    firstName: uniqueFirstName("Awa"),
    gender: "Femme",
    subscribed: true,
  });
  const him = await joinThroughApi(hisPage, {
    firstName: uniqueFirstName("Moussa"),
    gender: "Homme",
    country: "France",
    subscribed: true,
  });
  const idOf = async (page: Page) =>
    ((await (await page.request.get("/api/profile")).json()) as { userId: string }).userId;
  const [herId, hisId] = [await idOf(herPage), await idOf(hisPage)];
  for (const [page, likedId] of [
    [hisPage, herId],
    [herPage, hisId],
  ] as const) {
    const res = await page.request.post("/api/likes", {
      headers: { origin: origin() },
      data: { likedId, type: "like" },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
  }
  return { herPage, hisPage, her, him, herId, hisId };
}

/** Turns « J’accepte les appels » on in the conversation's call dialog, then returns the dialog. */
async function allowCalls(page: Page, otherName: string) {
  const conversation = await openConversation(page, otherName);
  await conversation.getByRole("button", { name: `Appeler ${otherName} E.` }).click();
  const dialog = page.getByRole("dialog", { name: `Appeler ${otherName} E.` });
  const allow = dialog.getByLabel(`J’accepte les appels avec ${otherName} E. dans cette conversation`);
  // The box is checked at once, before the choice is saved; the other member's page reads it saved.
  const saved = page.waitForResponse(
    (r) => /\/calls\/settings$/.test(r.url()) && r.request().method() === "PUT",
  );
  await allow.click();
  await expect(allow).toBeChecked();
  expect((await saved).ok()).toBe(true);
  return dialog;
}

test("a video call relayed through coturn: both see and hear each other, video pauses on a narrow link, the live check gives « Vu(e) en appel », a block ends it", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const newContext = () => browser.newContext(test.info().project.use);
  const { herPage, hisPage, her, him, hisId } = await matchedPair(newContext);
  await verifyThroughApi(hisPage);

  const herDialog = await allowCalls(herPage, him.firstName);
  await expect(
    herDialog.getByText(`${him.firstName} E. n’a pas encore accepté les appels`, { exact: false }),
  ).toBeVisible();
  await herDialog.getByRole("button", { name: "Fermer" }).last().click();
  const hisDialog = await allowCalls(hisPage, her.firstName);
  // The reminder before a first call, then the call.
  await expect(hisDialog.getByRole("region", { name: "Avant votre premier appel" })).toBeVisible();
  await hisDialog.getByRole("button", { name: "Appel vidéo" }).click();

  const ringing = herPage.getByRole("alertdialog", { name: `${him.firstName} E. vous appelle` });
  await expect(ringing).toBeVisible();
  await expect(ringing.getByText("Appel vidéo")).toBeVisible();
  await keepScreen(herPage, "appel-entrant");
  expect(await seriousViolations(herPage)).toEqual([]);
  await ringing.getByRole("button", { name: "Répondre" }).click();

  const herScreen = herPage.getByRole("dialog", { name: `Appel avec ${him.firstName} E.` });
  const hisScreen = hisPage.getByRole("dialog", { name: `Appel avec ${her.firstName} E.` });
  await expect(herScreen.getByText(/^\d\d:\d\d/)).toBeVisible({ timeout: 20_000 });
  await expect(hisScreen.getByText(/^\d\d:\d\d/)).toBeVisible({ timeout: 20_000 });

  // Relayed on both sides, and each decodes the other's frames and plays the other's voice.
  const before = { her: await mediaOf(herPage), him: await mediaOf(hisPage) };
  for (const m of [before.her, before.him])
    expect(m).toMatchObject({ state: "connected", policy: "relay", local: "relay", remote: "relay" });
  // Within 20 s, each side decodes ten more frames and plays a second more of audio (48 kHz).
  await expect
    .poll(
      async () => {
        const [a, b] = [await mediaOf(herPage), await mediaOf(hisPage)];
        return {
          herFrames: a!.framesDecoded > before.her!.framesDecoded + 10 ? "decoded" : a,
          hisFrames: b!.framesDecoded > before.him!.framesDecoded + 10 ? "decoded" : b,
          herAudio: a!.samplesReceived > before.her!.samplesReceived + 48_000 ? "played" : a,
          hisAudio: b!.samplesReceived > before.him!.samplesReceived + 48_000 ? "played" : b,
        };
      },
      { timeout: 20_000 },
    )
    .toEqual({ herFrames: "decoded", hisFrames: "decoded", herAudio: "played", hisAudio: "played" });
  const after = await mediaOf(herPage);
  expect(after?.frameWidth).toBe(320);
  expect(after?.audioEnergy).toBeGreaterThan(0);
  await keepScreen(hisPage, "appel-video");
  expect(await seriousViolations(hisPage)).toEqual([]);
  // The call screen fits the phone: nothing scrolls sideways.
  expect(
    await hisPage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);

  // His first video call: the live identity check, with his consent.
  const check = hisScreen.getByRole("region", { name: "Contrôle en appel" });
  await check.getByRole("button", { name: "J’accepte, commencer" }).click();
  await expect(check.getByText("C’est bien vous", { exact: false })).toBeVisible({ timeout: 30_000 });
  const profile = await herPage.request.get(`/api/members/${hisId}`);
  expect(((await profile.json()) as { seenOnCall: boolean }).seenOnCall).toBe(true);

  // His link narrows: after five seconds under the floor, his video pauses by itself (audio goes on),
  // both screens say so; once it is wide again, he asks for video and it comes back.
  await hisPage.evaluate(() => {
    (window as unknown as { narrowLink: boolean }).narrowLink = true;
  });
  await expect(hisScreen.getByText("Votre vidéo est en pause : la connexion est trop faible.")).toBeVisible({
    timeout: 20_000,
  });
  await expect(herScreen.getByText("La vidéo est en pause : la connexion est trop faible.")).toBeVisible();
  const paused = (await mediaOf(herPage))!;
  await expect
    .poll(async () => (await mediaOf(herPage))!.samplesReceived - paused.samplesReceived)
    .toBeGreaterThan(48_000);
  expect((await mediaOf(herPage))!.framesDecoded - paused.framesDecoded).toBeLessThan(5);
  await hisPage.evaluate(() => {
    (window as unknown as { narrowLink: boolean }).narrowLink = false;
  });
  await hisScreen.getByRole("button", { name: "Réessayer la vidéo" }).click();
  await expect(herScreen.getByText("La vidéo est en pause", { exact: false })).toBeHidden();
  await expect
    .poll(async () => (await mediaOf(herPage))!.framesDecoded - paused.framesDecoded)
    .toBeGreaterThan(10);

  // She blocks him from the call screen: his call ends at once.
  await herScreen.getByRole("button", { name: "Bloquer" }).click();
  await herPage
    .getByRole("dialog", { name: new RegExp(`Bloquer ${him.firstName}`) })
    .getByRole("button", { name: "Bloquer" })
    .click();
  await expect(hisPage.getByText("Cet appel a été interrompu : la conversation est fermée.")).toBeVisible();
  await expect.poll(async () => (await mediaOf(hisPage))?.state).toBe("closed");
  await expect.poll(async () => (await mediaOf(herPage))?.state).toBe("closed");
});

test("a declined call and a missed call leave their entries in the conversation", async ({ browser }) => {
  const newContext = () => browser.newContext(test.info().project.use);
  const { herPage, hisPage, her, him } = await matchedPair(newContext);
  await (await allowCalls(herPage, him.firstName)).getByRole("button", { name: "Fermer" }).last().click();
  const dialog = await allowCalls(hisPage, her.firstName);
  await dialog.getByRole("button", { name: "Appel vocal" }).click();

  // Declined: she reads « refusé », he reads only that nobody answered.
  const ringing = herPage.getByRole("alertdialog", { name: `${him.firstName} E. vous appelle` });
  await ringing.getByRole("button", { name: "Refuser" }).click();
  await expect(hisPage.getByText("Pas de réponse pour le moment.")).toBeVisible();
  await hisPage.getByRole("button", { name: "Fermer" }).click();
  const herConversation = herPage.getByRole("region", { name: `Conversation avec ${him.firstName} E.` });
  const hisConversation = hisPage.getByRole("region", { name: `Conversation avec ${her.firstName} E.` });
  await expect(herConversation.getByText("Appel vocal refusé")).toBeVisible();
  await expect(hisConversation.getByText("Appel vocal sans réponse")).toBeVisible();

  // Missed: nobody answers; after the ring's time his page gives up.
  await hisConversation.getByRole("button", { name: `Appeler ${her.firstName} E.` }).click();
  await hisPage
    .getByRole("dialog", { name: `Appeler ${her.firstName} E.` })
    .getByRole("button", { name: "Appel vocal" })
    .click();
  await expect(ringing).toBeVisible();
  await expect(herConversation.getByText("Appel vocal manqué")).toBeVisible({
    timeout: (Number(process.env.E2E_CALL_RING_SECONDS) + 15) * 1000,
  });
  await expect(ringing).toBeHidden();
  await expect(hisPage.getByText("Pas de réponse pour le moment.")).toBeVisible();
  await expect(hisConversation.getByText("Appel vocal sans réponse")).toHaveCount(2);
  await keepScreen(herPage, "appel-manque");
});
