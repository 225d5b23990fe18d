// Issue 18's « done when », in Chromium: a member finds Passerelle installable, accepts notifications
// after a first match, and is notified of a new message with the app closed; a member away receives
// the daily digest in the outbox. The push travels for real from the server (a job, web-push, VAPID,
// aes128gcm) to a local push service (server/test/push-service.ts), which checks and decrypts it
// like a browser's push service and user agent; only the browser's registration with Google's push
// service, unreachable here, is replaced: PushManager.subscribe hands out a subscription of that
// local service. The decrypted push is then delivered to the member's service worker through the
// DevTools protocol, as Chromium's push client would.
import { expect, type Page, test } from "@playwright/test";
import { startPushService } from "../server/test/push-service.ts";
import { joinThroughApi, mailsTo, uniqueFirstName, WITH_WORKER } from "./fixtures.ts";
import { browserWithNotifications, controlledBy, notifications, registrationId } from "./service-worker.ts";

/** PushManager backed by the local push service (the subscription kept in localStorage). */
function fakePushRegistration() {
  const KEY = "e2e-push-subscription";
  const toBase64Url = (buffer: ArrayBuffer) =>
    btoa(String.fromCharCode(...new Uint8Array(buffer)))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
  const wrap = (json: { endpoint: string; keys: { p256dh: string; auth: string } }) => ({
    endpoint: json.endpoint,
    expirationTime: null,
    toJSON: () => json,
    unsubscribe: async () => {
      localStorage.removeItem(KEY);
      return true;
    },
  });
  PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
    const key = options?.applicationServerKey as ArrayBuffer | Uint8Array;
    const buffer = key instanceof Uint8Array ? key.slice().buffer : key;
    const json = await (window as unknown as { e2eSubscribe(k: string): Promise<never> }).e2eSubscribe(
      toBase64Url(buffer),
    );
    localStorage.setItem(KEY, JSON.stringify(json));
    return wrap(json) as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async () => {
    const stored = localStorage.getItem(KEY);
    return (stored ? wrap(JSON.parse(stored)) : null) as unknown as PushSubscription;
  };
}

const origin = (page: Page) => new URL(page.url()).origin;

test("installable, notifications accepted after a first match, a push with the app closed, a daily digest", async ({
  playwright,
}, testInfo) => {
  test.setTimeout(180_000);
  const executablePath = browserWithNotifications(testInfo.project.use.launchOptions?.executablePath);
  test.skip(!executablePath, "no Chromium with notifications here (install Debian’s chromium package)");
  const service = await startPushService({
    port: Number(process.env.E2E_PUSH_PORT),
    certificate: { key: process.env.E2E_PUSH_KEY ?? "", cert: process.env.E2E_PUSH_CERT ?? "" },
  });
  const browser = await playwright.chromium.launch({ ...testInfo.project.use.launchOptions, executablePath });
  try {
    const options = { ...testInfo.project.use, ...WITH_WORKER };
    const hisContext = await browser.newContext(options);
    const herContext = await browser.newContext(options);
    await hisContext.exposeFunction("e2eSubscribe", (key: string) =>
      service.subscribe({ applicationServerKey: key }),
    );
    await hisContext.addInitScript(fakePushRegistration);
    const him = await hisContext.newPage();
    const her = await herContext.newPage();
    const hisName = uniqueFirstName("Moussa");
    const herName = uniqueFirstName("Claire");
    await joinThroughApi(him, { firstName: hisName, gender: "Homme", country: "Sénégal", subscribed: true });
    const she = await joinThroughApi(her, {
      firstName: herName,
      gender: "Femme",
      country: "France",
      subscribed: true,
      photo: true,
    });

    // Installable: the worker controls the app and Chromium's own check finds nothing missing.
    await him.goto("/search");
    expect(await controlledBy(him)).toMatch(/\/sw\.js$/);
    const cdp = await hisContext.newCDPSession(him);
    // A browser context of the test runner is incognito, where Chromium never installs; nothing else
    // may be missing (manifest, icons, worker: e2e/pwa.spec.ts checks them one by one).
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors.filter((e) => e.errorId !== "in-incognito")).toEqual([]);

    // His first match; only then is he asked, and he accepts.
    await expect(him.getByRole("button", { name: "Activer les notifications" })).toHaveCount(0);
    await him
      .getByRole("article", { name: new RegExp(herName) })
      .getByRole("button", { name: /^J’aime/ })
      .click();
    await expect(him.getByText(new RegExp(`Vous avez aimé ${herName}`))).toBeVisible();
    const accept = him.getByRole("button", { name: "Activer les notifications" });
    await expect(accept).toBeVisible();
    await hisContext.grantPermissions(["notifications"], { origin: origin(him) });
    await accept.click();
    // The end of the enabling, not the button's disappearance: while it works the button is named
    // « Activation… », before the subscription exists (the journey once read none there).
    await expect(him.getByText("Notifications activées sur cet appareil")).toBeVisible();
    const subscription = await him.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.pushManager.getSubscription())?.toJSON();
    });
    expect(subscription?.endpoint).toContain(service.origin);

    // His app closed, she writes.
    const appOrigin = origin(him);
    const scope = `${appOrigin}/`;
    const blank = await hisContext.newPage();
    const workerSession = await hisContext.newCDPSession(blank);
    const worker = await registrationId(workerSession, scope);
    await him.close();
    const matches = (await (await her.request.get("/api/matches")).json()) as { data: { id: string }[] };
    const matchId = matches.data[0]?.id ?? "";
    const sent = await her.request.post(`/api/matches/${matchId}/messages`, {
      data: { content: "Bonsoir ! Je passe à Dakar en janvier." },
      headers: { origin: appOrigin },
    });
    expect(sent.status()).toBe(201);
    const [push] = await service.waitFor(1, { endpoint: subscription?.endpoint, timeoutMs: 15_000 });
    const payload = JSON.parse(push?.payload ?? "{}");
    expect(payload).toMatchObject({ kind: "message", title: herName, url: `/messages?match=${matchId}` });
    expect(payload.body).toBe("Bonsoir ! Je passe à Dakar en janvier.");

    // Chromium's push client hands it to his worker, which shows it.
    await workerSession.send("ServiceWorker.deliverPushMessage", {
      origin: appOrigin,
      registrationId: worker,
      data: push?.payload ?? "",
    });
    const reader = await hisContext.newPage();
    await reader.goto("/");
    await expect
      .poll(() => notifications(reader))
      .toEqual([
        { title: herName, body: payload.body, tag: `conversation-${matchId}`, data: { url: payload.url } },
      ]);

    // She confirms her address, chooses a daily digest, and goes away; he writes.
    const verification = (await mailsTo(she.email)).find((m) => m.subject.includes("Confirmez"));
    await her.goto(/https?:\/\/\S+/.exec(verification?.text ?? "")?.[0] ?? "/");
    await her.goto("/profile?rubrique=compte#section-notifications");
    await her.getByRole("radio", { name: "Un résumé par jour" }).check();
    await her.getByRole("button", { name: "Enregistrer mes préférences" }).click();
    await expect(her.getByText("Vos préférences de notification sont enregistrées.")).toBeVisible();
    await her.close();
    const reply = await blank.request.post(`/api/matches/${matchId}/messages`, {
      data: { content: "Avec plaisir, je vous fais visiter." },
      headers: { origin: appOrigin },
    });
    expect(reply.status()).toBe(201);
    await expect
      .poll(
        async () =>
          (await mailsTo(she.email)).find((m) => m.subject.startsWith("Votre résumé Passerelle"))?.text,
        {
          timeout: 120_000,
          intervals: [2_000],
        },
      )
      .toContain(`${hisName} vous a écrit`);
  } finally {
    await browser.close();
    await service.close();
  }
});
