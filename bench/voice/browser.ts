// What the bench does in Chromium (Debian's, through playwright-core): record with the fake
// microphone exactly as the app's recorder does, time a tap to the recording, and time a tap on a
// voice message's play button to its sound, on a throttled network if asked.
import { VOICE_BITS_PER_SECOND, VOICE_PEAKS } from "@domain/voice.ts";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { CHROME_FLAGS, CHROMIUM_PATH } from "../harness/browser.ts";
import { deferCleanup } from "../harness/cleanup.ts";

/** Chromium with the fake microphone: the default beep, or `wav` (absolute path) played once. */
export async function launchWithMicrophone(wav?: string): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROME_FLAGS.split(" "),
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      "--autoplay-policy=no-user-gesture-required",
      ...(wav ? [`--use-file-for-fake-audio-capture=${wav}%noloop`] : []),
    ],
  });
  deferCleanup(() => browser.close());
  return browser;
}

/**
 * A context whose requests carry `cookie` (the member's session), as a signed-in tab's do. tsx
 * compiles the functions this file hands to page.evaluate with esbuild's keepNames, which wraps
 * named inner functions in `__name(…)`: the pages get a harmless one.
 */
export async function memberContext(browser: Browser, cookie?: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addInitScript("globalThis.__name = (f) => f;");
  if (cookie) await context.setExtraHTTPHeaders({ cookie });
  return context;
}

/** Whether the page's Permissions-Policy lets it use the microphone (`microphone=()` does not). */
export const microphoneAllowed = (page: Page): Promise<boolean> =>
  page.evaluate(() => {
    const doc = document as Document & {
      featurePolicy?: { allowsFeature(name: string): boolean };
      permissionsPolicy?: { allowsFeature(name: string): boolean };
    };
    const policy = doc.permissionsPolicy ?? doc.featurePolicy;
    return policy ? policy.allowsFeature("microphone") : true;
  });

export interface Recording {
  bytes: Uint8Array;
  /** From the recorder's `start` event to its `stop` event, as the app's recorder declares it. */
  durationMs: number;
  mimeType: string;
  /** 48 bars 0–31 (encodePeaks), from the decoded recording. */
  peaks: number[];
  /** RMS of the decoded recording while not silent, dBFS: the speech file or the beep really was captured. */
  levelDb: number;
}

/**
 * Records `seconds` with the app's settings (web/lib/use-voice-recorder.ts: getUserMedia constraints,
 * Opus in WebM at VOICE_BITS_PER_SECOND, an AnalyserNode on the stream, start(1000)).
 */
export async function record(page: Page, seconds: number): Promise<Recording> {
  const r = await page.evaluate(
    async ({ seconds, bitsPerSecond, bars }) => {
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
      });
      const recorder = new MediaRecorder(stream, {
        mimeType: "audio/webm;codecs=opus",
        audioBitsPerSecond: bitsPerSecond,
      });
      // As the app's recorder (web/lib/use-voice-recorder.ts): an AnalyserNode on the stream for the
      // level meter, the duration from the `start` event to the `stop` event.
      const context = new AudioContext();
      const analyser = context.createAnalyser();
      analyser.fftSize = 1024;
      context.createMediaStreamSource(stream).connect(analyser);
      const chunks: Blob[] = [];
      recorder.ondataavailable = (e) => {
        if (e.data.size > 0) chunks.push(e.data);
      };
      const started = new Promise<number>((resolve) =>
        recorder.addEventListener("start", () => resolve(performance.now()), { once: true }),
      );
      const stopped = new Promise<number>((resolve) =>
        recorder.addEventListener("stop", () => resolve(performance.now()), { once: true }),
      );
      recorder.start(1000);
      const startedAt = await started;
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      recorder.stop();
      const durationMs = Math.round((await stopped) - startedAt);
      for (const t of stream.getTracks()) t.stop();
      await context.close();
      const buffer = await new Blob(chunks).arrayBuffer();
      // The waveform and level, from the decoded recording.
      const decoded = await new OfflineAudioContext(1, 48_000, 48_000).decodeAudioData(buffer.slice(0));
      const pcm = decoded.getChannelData(0);
      const per = Math.floor(pcm.length / bars);
      const rms: number[] = [];
      let energy = 0;
      let voiced = 0;
      for (let b = 0; b < bars; b++) {
        let e = 0;
        for (let i = b * per; i < (b + 1) * per; i++) e += pcm[i]! ** 2;
        rms.push(Math.sqrt(e / per));
      }
      const block = 960;
      for (let i = 0; i + block <= pcm.length; i += block) {
        let e = 0;
        for (let j = i; j < i + block; j++) e += pcm[j]! ** 2;
        if (e / block > 1e-6) {
          energy += e;
          voiced += block;
        }
      }
      const top = Math.max(...rms, 1e-9);
      let binary = "";
      const bytes = new Uint8Array(buffer);
      for (let i = 0; i < bytes.length; i += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return {
        base64: btoa(binary),
        durationMs,
        mimeType: recorder.mimeType,
        peaks: rms.map((x) => Math.round((31 * x) / top)),
        levelDb: 10 * Math.log10(energy / Math.max(1, voiced)),
      };
    },
    { seconds, bitsPerSecond: VOICE_BITS_PER_SECOND, bars: VOICE_PEAKS },
  );
  return { ...r, bytes: new Uint8Array(Buffer.from(r.base64, "base64")) };
}

export interface TapToRecording {
  /** The click's event time to the MediaRecorder's `start` event. */
  totalMs: number;
  /** Of which getUserMedia (the click's event time to its promise resolving). */
  getUserMediaMs: number;
}

/** One tap on a record button (a real click through the browser's input) to the recorder's `start` event. */
export async function tapToRecording(page: Page): Promise<TapToRecording> {
  await page.evaluate((bitsPerSecond) => {
    const button = document.createElement("button");
    button.id = "record";
    button.textContent = "Enregistrer";
    button.style.cssText = "position:fixed;top:8px;left:8px;width:120px;height:48px;z-index:9";
    const w = window as unknown as { tap: Promise<{ totalMs: number; getUserMediaMs: number }> };
    w.tap = new Promise((resolve, reject) => {
      button.addEventListener(
        "click",
        async (event) => {
          const tap = event.timeStamp;
          try {
            if (!MediaRecorder.isTypeSupported("audio/webm;codecs=opus")) throw new Error("no Opus in WebM");
            const stream = await navigator.mediaDevices.getUserMedia({
              audio: {
                channelCount: 1,
                echoCancellation: true,
                noiseSuppression: true,
                autoGainControl: true,
              },
            });
            const granted = performance.now();
            const recorder = new MediaRecorder(stream, {
              mimeType: "audio/webm;codecs=opus",
              audioBitsPerSecond: bitsPerSecond,
            });
            // The app's level meter, set up between the two as the app does.
            const context = new AudioContext();
            const analyser = context.createAnalyser();
            analyser.fftSize = 1024;
            context.createMediaStreamSource(stream).connect(analyser);
            recorder.addEventListener(
              "start",
              () => {
                const startedAt = performance.now();
                recorder.stop();
                for (const t of stream.getTracks()) t.stop();
                void context.close();
                resolve({ totalMs: startedAt - tap, getUserMediaMs: granted - tap });
              },
              { once: true },
            );
            recorder.start(1000);
          } catch (error) {
            reject(String(error));
          }
        },
        { once: true },
      );
    });
    document.body.append(button);
  }, VOICE_BITS_PER_SECOND);
  await page.click("#record");
  return page.evaluate(() => (window as unknown as { tap: Promise<TapToRecording> }).tap);
}

/** A network profile for CDP's Network.emulateNetworkConditions (bytes a second, ms). */
export interface NetworkProfile {
  name: string;
  latency: number;
  downloadThroughput: number;
  uploadThroughput: number;
}

export interface TapToSound {
  /** The click's event time to the `playing` event. */
  playingMs: number;
  /** The click's event time to the playback clock moving past 0 s (read every frame): the sound has started. */
  soundMs: number;
  /** Requests for the recording and the bytes they brought, until the sound started. */
  requests: number;
  bytes: number;
}

/**
 * One cold tap on a voice message's play button: a fresh page on the app's origin, the HTTP cache
 * disabled, the network throttled to `profile` (none: as fast as the loopback goes), then
 * `<audio preload="none" src=…>` as the app's player renders it and play() on the click.
 */
export async function tapToSound(
  context: BrowserContext,
  pageUrl: string,
  audioPath: string,
  profile: NetworkProfile | null,
): Promise<TapToSound> {
  const page = await context.newPage();
  try {
    await page.goto(pageUrl);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    if (profile)
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: profile.latency,
        downloadThroughput: profile.downloadThroughput,
        uploadThroughput: profile.uploadThroughput,
        connectionType: "cellular3g",
      });
    const ids = new Set<string>();
    let bytes = 0;
    let counting = true;
    cdp.on("Network.requestWillBeSent", (e) => {
      if (counting && e.request.url.endsWith(audioPath)) ids.add(e.requestId);
    });
    cdp.on("Network.dataReceived", (e) => {
      if (counting && ids.has(e.requestId)) bytes += e.dataLength;
    });
    await page.evaluate((src) => {
      const audio = document.createElement("audio");
      audio.preload = "none";
      audio.src = src;
      const button = document.createElement("button");
      button.id = "play";
      button.textContent = "Écouter";
      button.style.cssText = "position:fixed;top:8px;left:8px;width:120px;height:48px;z-index:9";
      const w = window as unknown as { heard: Promise<{ playingMs: number; soundMs: number }> };
      w.heard = new Promise((resolve, reject) => {
        button.addEventListener(
          "click",
          (event) => {
            const tap = event.timeStamp;
            let playingMs = Number.NaN;
            let soundMs = Number.NaN;
            // Both known (the clock may move before the `playing` event is dispatched): stop there.
            const settle = () => {
              if (Number.isNaN(playingMs) || Number.isNaN(soundMs)) return;
              audio.pause();
              resolve({ playingMs, soundMs });
            };
            audio.addEventListener("playing", () => {
              playingMs = performance.now() - tap;
              settle();
            });
            // The sound has started when the clock moves: read each frame (timeupdate alone
            // comes up to 250 ms late) and on timeupdate.
            let done = false;
            const check = () => {
              if (done || audio.currentTime <= 0) return;
              done = true;
              soundMs = performance.now() - tap;
              settle();
            };
            const frame = () => {
              check();
              if (!done) requestAnimationFrame(frame);
            };
            requestAnimationFrame(frame);
            audio.addEventListener("timeupdate", check);
            audio.addEventListener("error", () => reject(`audio error ${audio.error?.code}`));
            audio.play().catch((error) => reject(String(error)));
          },
          { once: true },
        );
      });
      document.body.append(audio, button);
    }, audioPath);
    await page.click("#play");
    const heard = await page.evaluate(() =>
      Promise.race([
        (window as unknown as { heard: Promise<{ playingMs: number; soundMs: number }> }).heard,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no sound after 60 s")), 60_000)),
      ]),
    );
    counting = false;
    await cdp.detach();
    return { ...heard, requests: ids.size, bytes };
  } finally {
    await page.close();
  }
}
