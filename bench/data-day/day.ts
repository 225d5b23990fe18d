// A member's day on one phone, step by step, with the bytes each step cost (issue 39: a data
// budget per screen). Shared by the bench (bench/data-day.ts) and the test suite's check
// (e2e/data-budget.spec.ts).
//
// One browser context is the phone: its HTTP cache, storage and service worker last the whole
// day; each session is a new page (the previous one closed, as a member closes the app). The
// steps, and when each one ends (the network quiet: see `settle`):
//   1. first visit: a new visitor opens « / », cold, and stays until the network is quiet, the
//      service worker's first download (its precache) included.
//   Session 1
//   2. sign-in: « /login », signs in, lands on her profile (« /profile »).
//   3. search: the « Recherche » tab, scrolled until 20 cards have been shown (« Voir plus » when
//      needed).
//   4. profiles: opens the first 3 profiles in full, each photo of their gallery shown in turn; likes
//      the first two (each « J’aime » opens a conversation), closes the third.
//   Session 2
//   5. conversation: « /messages », opens the conversation with the partner.
//   6. text messages: 40 messages, 20 typed by the member (Enter sends) and 20 from the partner,
//      sent through the API while the conversation is open (they arrive on the event stream).
//   Session 3
//   7. voice messages: « /messages », the conversation, 5 voice messages of about 15 s from the
//      partner, each played as it arrives.
//   8. matches: the « Matchs » tab.
//
// The member types each of her messages for at least TYPING.SEND_SECONDS (a person takes longer):
// the app tells the other member « en train d'écrire » at most that often, so a member who types
// sends one such notice per message, and the count does not depend on how fast the machine is.
import type { Locator, Page } from "playwright-core";
import { TYPING } from "../../domain/messaging.ts";
import {
  type DayOptions,
  type DayResult,
  MEMBER_LINES,
  PARTNER_LINES,
  PROFILES_LIKED,
  PROFILES_OPENED,
  QUIET_MS,
  SEARCH_CARDS,
  STEPS,
  type StepId,
  UPDATE_CHECK_TIMEOUT_MS,
  VOICE_MESSAGES,
} from "./day-plan.ts";
import { partnerSays, partnerSpeaks } from "./partner.ts";

/** Polls `condition` until it is true. */
async function until(what: string, condition: () => Promise<boolean> | boolean, timeoutMs: number) {
  const started = performance.now();
  while (!(await condition())) {
    if (performance.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A message's text within its bubble (which also holds the time, and who wrote it for screen readers);
 * the app may turn a space into a non-breaking one (« allez-vous ? »).
 */
const asShown = (text: string) =>
  new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "[\\s\u00a0\u202f]"));

/** A tab of the app's navigation (the bottom bar on a phone), badge or not: « Matchs 1 nouveau ». */
const navLink = (page: Page, name: string) =>
  page
    .getByRole("link", { name: new RegExp(`^${name}`) })
    .filter({ visible: true })
    .first();

const loaded = (img: Locator) =>
  img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0);

/** Runs the day; returns each step's bytes. `cast` comes from prepareCast on the same app. */
export async function runDay(opts: DayOptions): Promise<DayResult> {
  const { meter, cast, base } = opts;
  const log = opts.log ?? (() => {});
  const timeout = opts.timeoutMs ?? 60_000;
  const partnerName = cast.partner.displayName;
  let page = null as Page | null;
  /** The new session's page is controlled by a service worker: its update check is still to come. */
  let updateCheck = null as { script: string; from: number } | null;

  /**
   * Until nothing is under way on the network (event streams aside) and nothing has crossed for
   * QUIET_MS, the page having had an idle moment in between (its scripts done), twice in a row.
   */
  const settle = async (p: Page) => {
    if (updateCheck) {
      // Opening a page its service worker controls makes Chromium check for a new worker (a request
      // for the worker's script), a moment after the page's requests: that check belongs to the
      // session's first step, whatever the machine's speed.
      const { script, from } = updateCheck;
      updateCheck = null;
      await until(
        `the service worker's update check (${script})`,
        () => meter.exchanges.slice(from).some((e) => e.url === script && e.done),
        UPDATE_CHECK_TIMEOUT_MS,
      ).catch(() => log(`no update check of ${script} within ${UPDATE_CHECK_TIMEOUT_MS} ms`));
    }
    for (;;) {
      await meter.quiet(QUIET_MS, timeout);
      const mark = meter.activityCount;
      await p.evaluate(
        () => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 2_000 })),
      );
      await meter.quiet(QUIET_MS, timeout);
      if (meter.activityCount === mark) return;
    }
  };

  const session = async (path: string) => {
    await page?.close();
    page = await opts.newPage();
    page.setDefaultTimeout(timeout);
    const from = meter.exchanges.length;
    await page.goto(`${base}${path}`);
    const script = await page.evaluate(() => navigator.serviceWorker?.controller?.scriptURL ?? "");
    // Its path as requested (« /sw.js », or « /sw.js?mode=lite »).
    updateCheck = script ? { script: `${new URL(script).pathname}${new URL(script).search}`, from } : null;
    return page;
  };

  const step = async (id: StepId, run: () => Promise<void>) => {
    log(`${id}…`);
    meter.setStep(id);
    try {
      await run();
    } catch (err) {
      if (opts.failureScreenshot && page && !page.isClosed())
        await page.screenshot({ path: opts.failureScreenshot, fullPage: true }).catch(() => undefined);
      throw new Error(`step ${id}: ${(err as Error).message}`, { cause: err });
    }
    meter.setStep(null);
    log(`${id}: ${Math.round(meter.total(id) / 1024)} KB`);
  };

  // 1. First visit.
  let effectiveType = "";
  await step("first-visit", async () => {
    const p = await session("/");
    await p.waitForLoadState("load");
    effectiveType = await p.evaluate(
      () =>
        (navigator as Navigator & { connection?: { effectiveType?: string } }).connection?.effectiveType ??
        "",
    );
    for (;;) {
      await settle(p);
      // A worker installing (downloading its precache) is waited for, then the network again.
      const installing = await p.evaluate(async () => {
        const registration = await navigator.serviceWorker?.getRegistration();
        return Boolean(registration?.installing);
      });
      if (!installing) break;
      await p.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        const worker = registration?.installing;
        if (!worker) return;
        await new Promise<void>((resolve) => {
          const check = () => {
            if (worker.state !== "installing") resolve();
          };
          worker.addEventListener("statechange", check);
          check();
        });
      });
    }
  });

  // 2. Session 1: sign-in.
  await step("sign-in", async () => {
    const p = await session("/login");
    await p.getByLabel("Adresse e-mail").fill(cast.member.email);
    await p.getByLabel("Mot de passe", { exact: true }).fill(cast.member.password);
    await p.getByRole("button", { name: "Se connecter" }).click();
    // Signing in leads to her profile.
    await p.waitForURL(/\/profile/);
    await p.getByRole("heading", { level: 1 }).first().waitFor();
    await settle(p);
  });

  // 3. The search, scrolled through.
  await step("search", async () => {
    const p = page!;
    await navLink(p, "Recherche").click();
    await p.waitForURL(/\/search/);
    const cards = p.locator("[data-profile-card]");
    await cards.first().waitFor();
    for (let i = 0; i < SEARCH_CARDS; i++) {
      if ((await cards.count()) <= i) {
        const more = p.getByRole("button", { name: "Voir plus" });
        await more.scrollIntoViewIfNeeded();
        await more.click();
        await until(`card ${i + 1}`, async () => (await cards.count()) > i, timeout);
      }
      await cards.nth(i).scrollIntoViewIfNeeded();
      // The card's photo, if the browser has asked for it, is there before the next swipe.
      await meter.quiet(0, timeout);
    }
    await settle(p);
  });

  // 4. Three full profiles.
  await step("profiles", async () => {
    const p = page!;
    await p.evaluate(() => window.scrollTo(0, 0));
    const cards = p.locator("[data-profile-card]");
    for (let k = 0; k < PROFILES_OPENED; k++) {
      const card = cards.first();
      await card.locator("h3 button").click();
      const dialog = p.getByRole("dialog");
      await dialog.waitFor();
      const thumbs = dialog.getByRole("button", { name: /^Afficher la photo \d+$/ });
      const shown = Math.max(1, await thumbs.count());
      for (let i = 0; i < shown; i++) {
        if (i > 0) await thumbs.nth(i).click();
        // The large photo shown (its alt says « (2 sur 3) » in a gallery): loaded before the next.
        const photo =
          shown > 1 ? dialog.locator(`img[alt$="(${i + 1} sur ${shown})"]`) : dialog.locator("img").first();
        if ((await photo.count()) > 0) await until(`photo ${i + 1}`, () => loaded(photo.first()), timeout);
      }
      await meter.quiet(0, timeout);
      if (k < PROFILES_LIKED) {
        const before = await cards.count();
        await dialog.getByRole("button", { name: "J’aime", exact: true }).click();
        await dialog.waitFor({ state: "hidden" });
        await until("the liked card to leave", async () => (await cards.count()) < before, timeout);
      } else {
        await dialog.getByRole("button", { name: "Fermer" }).click();
        await dialog.waitFor({ state: "hidden" });
      }
    }
    await settle(p);
  });

  const openConversation = async (p: Page) => {
    await p
      .getByRole("link", { name: new RegExp(cast.partner.firstName) })
      .first()
      .click();
    const region = p.getByRole("region", { name: `Conversation avec ${partnerName}` });
    const composer = region.getByRole("textbox", {
      name: new RegExp(`Votre message à ${cast.partner.firstName}`),
    });
    await composer.waitFor();
    await until("the composer", () => composer.isEnabled(), timeout);
    return { region, composer };
  };

  // 5. Session 2: the conversation.
  let conversation: Awaited<ReturnType<typeof openConversation>>;
  await step("conversation", async () => {
    const p = await session("/messages");
    conversation = await openConversation(p);
    await settle(p);
  });

  // 6. Forty text messages.
  await step("text-messages", async () => {
    const p = page!;
    const { region, composer } = conversation;
    let typedAt = -Infinity;
    for (let i = 0; i < MEMBER_LINES.length; i++) {
      const gap = TYPING.SEND_SECONDS * 1000 + 100 - (performance.now() - typedAt);
      if (gap > 0) await new Promise((resolve) => setTimeout(resolve, gap));
      await composer.fill(MEMBER_LINES[i]!);
      typedAt = performance.now();
      await composer.press("Enter");
      await region.getByText(asShown(MEMBER_LINES[i]!)).last().waitFor();
      await meter.quiet(100, timeout);
      await partnerSays(cast, PARTNER_LINES[i]!);
      await region.getByText(asShown(PARTNER_LINES[i]!)).last().waitFor();
      await meter.quiet(100, timeout);
    }
    await settle(p);
  });

  // 7. Session 3: five voice messages.
  await step("voice-messages", async () => {
    const p = await session("/messages");
    const { region } = await openConversation(p);
    await meter.quiet(QUIET_MS, timeout);
    for (let v = 0; v < VOICE_MESSAGES; v++) {
      const id = await partnerSpeaks(cast);
      // Its player: the audio element of that message, and the button beside it (« Écouter … »).
      const audio = region.locator(`audio[src*="/messages/${encodeURIComponent(id)}/voice"]`);
      await audio.waitFor({ state: "attached" });
      await audio.locator("xpath=../button").first().click();
      // Heard: its bytes have arrived whole and the browser has decoded sound from them.
      await until(
        `voice message ${v + 1} downloaded`,
        () =>
          meter.exchanges.some((e) => e.url.includes(`/messages/${id}/voice`) && e.done && e.status < 300),
        timeout,
      );
      await until(
        `voice message ${v + 1} decoded`,
        () =>
          audio.evaluate(
            (a) =>
              ((a as HTMLAudioElement & { webkitAudioDecodedByteCount?: number })
                .webkitAudioDecodedByteCount ?? 1) > 0,
          ),
        timeout,
      );
      await meter.quiet(100, timeout);
    }
    await settle(p);
  });

  // 8. The matches page.
  await step("matches", async () => {
    const p = page!;
    await navLink(p, "Matchs").click();
    await p.waitForURL(/\/matches/);
    await p.getByRole("heading", { name: "Liste de vos matchs" }).waitFor({ state: "attached" });
    await settle(p);
  });
  await page?.close();

  return {
    steps: STEPS.map(({ id, label }) => {
      const s = meter.steps.get(id) ?? { up: 0, down: 0, headers: 0, requests: 0 };
      return { id, label, ...s };
    }),
    exchanges: meter.exchanges,
    effectiveType,
  };
}
