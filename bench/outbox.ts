// Messages that survive the network (issue 39), measured: `npm run bench:outbox`
// (npm run build && node --import tsx bench/outbox.ts; about 3 minutes).
//
// The built app runs in this process on the embedded database (bench/harness/server.ts); Debian's
// Chromium (playwright-core) is a member in an open conversation who writes through the app's own
// composer while the bench switches her network off and on 100 times (Playwright's
// context.setOffline: the browser's « offline », requests fail at once). Three kinds of switch, in
// turn:
//   a. offline, one message written (it waits on the device), back online;
//   b. the answer lost: the message's request reaches the server, which makes the message, but the
//      connection is cut before the answer arrives (page.route: route.fetch() then abort) — the
//      case where a retry without an idempotency key would send it twice;
//   c. offline, two messages, online for a moment and offline again while they go, then online.
// At the end the bench waits until the page shows nothing waiting, then reads the conversation from
// the API as the other member: each message written must be there exactly once (goal: 0 lost,
// 0 duplicated). Also printed: how long the last switch's messages took to arrive once online.
import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { launchChromium } from "./harness/browser.ts";
import { watchMachine } from "./harness/machine.ts";
import { benchPair } from "./harness/pair.ts";
import { printHeading, progress, table } from "./harness/report.ts";
import { startApp } from "./harness/server.ts";
import { median } from "./harness/stats.ts";

const SWITCHES = Number(process.env.OUTBOX_SWITCHES ?? 100);
const log = progress("outbox");

async function write(page: Page, text: string): Promise<void> {
  const box = page.getByRole("textbox", { name: /^Votre message à/ });
  await box.fill(text);
  await box.press("Enter");
  await page.getByText(text, { exact: false }).first().waitFor();
}

/** Waits until the page shows no message waiting or being sent. */
async function settled(page: Page): Promise<number> {
  const start = performance.now();
  await page.waitForFunction(
    () => !/En attente de connexion|Envoi en cours/.test(document.body.innerText),
    undefined,
    { timeout: 120_000, polling: 50 },
  );
  return performance.now() - start;
}

export async function benchOutbox(): Promise<void> {
  const machine = watchMachine();
  const authSecret = randomBytes(32).toString("hex");
  const app = await startApp({
    env: { AUTH_SECRET: authSecret, MESSAGES_PER_MINUTE: "100000", NEW_CONVERSATIONS_PER_DAY: "100000" },
    spaDir: "dist",
  });
  const { him, her, matchId } = await benchPair(app.deps.database, authSecret, {
    prefix: "Outbox",
    verified: true,
  });
  const browser = await launchChromium();
  const written: string[] = [];
  const arrivals: number[] = [];
  const kinds = { a: 0, b: 0, c: 0 };
  try {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true });
    await context.setExtraHTTPHeaders({ cookie: her.cookie });
    const page = await context.newPage();
    await page.goto(`${app.base}/messages?match=${matchId}`);
    await page.getByRole("textbox", { name: /^Votre message à/ }).waitFor();
    // Every send's Idempotency-Key, as it leaves the page (a retry carries its message's key again).
    const sends: string[] = [];
    page.on("request", (req) => {
      if (req.method() === "POST" && /\/api\/matches\/[^/]+\/messages$/.test(req.url()))
        sends.push(req.headers()["idempotency-key"] ?? "");
    });
    let cut = 0;
    const started = performance.now();

    for (let i = 0; i < SWITCHES; i++) {
      const kind = (["a", "b", "c"] as const)[i % 3]!;
      kinds[kind] += 1;
      const text = (j: number) => `Message ${i}-${j} ${randomBytes(3).toString("hex")}`;
      if (kind === "a") {
        await context.setOffline(true);
        const t = text(0);
        written.push(t);
        await write(page, t);
        await page.getByText("En attente de connexion").first().waitFor();
        await context.setOffline(false);
      } else if (kind === "b") {
        // The next message's answer is lost after the server made it.
        await page.route(
          "**/api/matches/*/messages",
          async (route) => {
            if (route.request().method() !== "POST") return route.fallback();
            await route.fetch();
            cut += 1;
            await route.abort("connectionreset");
          },
          { times: 1 },
        );
        const t = text(0);
        written.push(t);
        await write(page, t);
      } else {
        await context.setOffline(true);
        for (const j of [0, 1]) {
          const t = text(j);
          written.push(t);
          await write(page, t);
        }
        await context.setOffline(false);
        await context.setOffline(true);
        await context.setOffline(false);
      }
      arrivals.push(await settled(page));
      if ((i + 1) % 10 === 0) log(`${i + 1} / ${SWITCHES} switches, ${written.length} messages written`);
    }
    const ms = performance.now() - started;

    const res = await fetch(`${app.base}/api/matches/${matchId}/messages`, {
      headers: { cookie: him.cookie },
    });
    // Read every page of the conversation, newest first.
    const contents: string[] = [];
    let body = (await res.json()) as { data: { content: string }[]; nextCursor: string | null };
    contents.push(...body.data.map((m) => m.content));
    while (body.nextCursor) {
      const next = await fetch(
        `${app.base}/api/matches/${matchId}/messages?before=${encodeURIComponent(body.nextCursor)}`,
        { headers: { cookie: him.cookie } },
      );
      body = (await next.json()) as typeof body;
      contents.push(...body.data.map((m) => m.content));
    }
    const counts = new Map<string, number>();
    for (const c of contents) counts.set(c, (counts.get(c) ?? 0) + 1);
    const lost = written.filter((t) => !counts.has(t)).length;
    const duplicated = [...counts.values()].reduce((s, n) => s + Math.max(0, n - 1), 0);

    printHeading(
      `Messages that survive the network: ${SWITCHES} offline/online switches in Chromium (bench/outbox.ts)`,
      machine,
    );
    console.log("");
    table(
      ["what", "value", "goal"],
      [
        [
          "switches (a: offline / b: answer lost / c: two, flapping)",
          `${SWITCHES} (${kinds.a} / ${kinds.b} / ${kinds.c})`,
          "",
        ],
        ["messages written offline or cut", String(written.length), ""],
        [
          "send requests the page made, offline ones included (repeats of a key)",
          `${sends.length} (${sends.length - new Set(sends).size})`,
          "",
        ],
        ["answers cut after the server made the message", String(cut), ""],
        ["messages on the server", String(contents.length), String(written.length)],
        ["lost", String(lost), lost === 0 ? "0 — met" : "0 — NOT met"],
        ["duplicated", String(duplicated), duplicated === 0 ? "0 — met" : "0 — NOT met"],
        ["back online → nothing waiting, p50 (ms)", median(arrivals).toFixed(0), ""],
        ["whole run (s)", (ms / 1000).toFixed(0), ""],
      ],
    );
  } finally {
    await browser.close();
    await app.stop();
  }
}

await benchOutbox();
