// Chromium for the calls bench: Debian's (bench/harness/browser.ts), with the fake microphone (its
// beep) and the fake camera playing a Y4M file, autoplay allowed; one browser context per member
// (their session cookie on every request, the agent of bench/calls/page.ts in every page), each page
// on the app's origin so that the session, the same-origin check and the app's headers apply.
import { readFileSync } from "node:fs";
import { open } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { type Browser, chromium, type Page } from "playwright-core";
import { writeFakeCameraVideo } from "../../e2e/fake-camera.ts";
import { CHROME_FLAGS, CHROMIUM_PATH } from "../harness/browser.ts";
import { deferCleanup } from "../harness/cleanup.ts";
import type { CallMember } from "./members.ts";
import type { CallAgent, CalleeTimes, CallerTimes, MediaStats } from "./page.ts";

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The verification tests' face video (e2e/fake-camera.ts: 640×480, 10 frames/s) with its header
 * saying 15 frames/s: the same frames, played at the rate a call asks for (320×240@15), as the
 * research memo's « face » case (docs/research/issue-38-calls.md §4). « F10:1 » and « F15:1 » have
 * the same length: the header is rewritten in place.
 */
export async function faceCamera(dir: string): Promise<{ file: string; frames: number; seconds: number }> {
  const file = await writeFakeCameraVideo(path.join(dir, "camera.y4m"));
  const handle = await open(file, "r+");
  try {
    const head = Buffer.alloc(64);
    await handle.read(head, 0, 64, 0);
    const line = head.toString("latin1").split("\n")[0]!;
    if (!line.includes(" F10:1 ")) throw new Error(`unexpected Y4M header: ${line}`);
    await handle.write(Buffer.from(line.replace(" F10:1 ", " F15:1 "), "latin1"), 0, undefined, 0);
    const { size } = await handle.stat();
    const [, w, h] = /W(\d+) H(\d+)/.exec(line)!;
    const frames = Math.round((size - line.length - 1) / ("FRAME\n".length + Number(w) * Number(h) * 1.5));
    return { file, frames, seconds: frames / 15 };
  } finally {
    await handle.close();
  }
}

/** The agent (bench/calls/page.ts) bundled with the app's CallPeer, for the pages of the app's origin. */
export async function agentScript(dir: string): Promise<string> {
  const out = path.join(dir, "agent.js");
  await build({
    entryPoints: [path.join(here, "page.ts")],
    bundle: true,
    format: "iife",
    target: "chrome120",
    outfile: out,
    tsconfig: path.join(here, "../../tsconfig.json"),
    logLevel: "silent",
  });
  // Only on the app's pages (a new context's first page is about:blank).
  return `if (location.protocol === "http:") {\n${readFileSync(out, "utf8")}\n}`;
}

/** Chromium with the fake devices, closed at the end whatever happens. */
export async function launchForCalls(camera: string): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROME_FLAGS.split(" "),
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${camera}`,
      "--autoplay-policy=no-user-gesture-required",
    ],
  });
  deferCleanup(() => browser.close());
  return browser;
}

type Agent = { callBench: CallAgent };

/** A member's page with the agent: their own context, on `base`'s origin, its event stream open. */
export class MemberPage {
  private constructor(
    readonly page: Page,
    readonly member: CallMember,
  ) {}

  static async open(browser: Browser, base: string, member: CallMember, script: string): Promise<MemberPage> {
    const context = await browser.newContext();
    // tsx compiles the functions handed to page.evaluate with esbuild's keepNames (`__name(…)`).
    await context.addInitScript("globalThis.__name = (f) => f;");
    await context.addInitScript(script);
    await context.setExtraHTTPHeaders({ cookie: member.cookie });
    const page = await context.newPage();
    await page.goto(`${base}/api/health`);
    await page.evaluate(() => (globalThis as unknown as Agent).callBench.ready());
    return new MemberPage(page, member);
  }

  call(matchId: string, video: boolean): Promise<CallerTimes> {
    return this.page.evaluate(([m, v]) => (globalThis as unknown as Agent).callBench.call(m, v), [
      matchId,
      video,
    ] as const);
  }

  hideVideo(): Promise<void> {
    return this.page.evaluate(() => (globalThis as unknown as Agent).callBench.hideVideo());
  }

  arm(): Promise<void> {
    return this.page.evaluate(() => (globalThis as unknown as Agent).callBench.arm());
  }

  incoming(): Promise<CalleeTimes> {
    return this.page.evaluate(() => (globalThis as unknown as Agent).callBench.incoming());
  }

  hangUp(): Promise<void> {
    return this.page.evaluate(() => (globalThis as unknown as Agent).callBench.hangUp());
  }

  close(): Promise<void> {
    return this.page.evaluate(() => (globalThis as unknown as Agent).callBench.close());
  }

  async stats(): Promise<MediaStats> {
    const s = await this.page.evaluate(() => (globalThis as unknown as Agent).callBench.stats());
    if (!s) throw new Error("no call on this page");
    return s;
  }

  async frames(): Promise<Buffer[]> {
    const b64 = await this.page.evaluate(() => (globalThis as unknown as Agent).callBench.frames());
    return b64.map((b) => Buffer.from(b, "base64"));
  }

  async dispose(): Promise<void> {
    await this.page.context().close();
  }
}

/** One call set up: the caller's and the callee's times (one clock). */
export interface CallSetup {
  caller: CallerTimes;
  callee: CalleeTimes;
}

/** `caller` calls `callee` (the other member of `matchId`), who answers at once; both connected. */
export async function setUpCall(
  caller: MemberPage,
  callee: MemberPage,
  matchId: string,
  video: boolean,
): Promise<CallSetup> {
  await callee.arm();
  const [c, e] = await Promise.all([caller.call(matchId, video), callee.incoming()]);
  return { caller: c, callee: e };
}

/** The caller hangs up through the API and both close their connections (the relay ports free). */
export async function hangUp(caller: MemberPage, callee: MemberPage): Promise<void> {
  await caller.hangUp();
  await callee.close();
}
