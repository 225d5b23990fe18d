// Voice messages, light on data (issue 37), measured: `npm run bench:voice`
// (node --import tsx bench/voice.ts; about 2½ minutes, one of them spent recording in real time).
//
// The app runs in this process on the embedded database (bench/harness/server.ts); Debian's
// Chromium (playwright-core) records with its fake microphone and plays as the recipient.
//
// 1. Bytes per 30 s of speech as delivered (goal ≤ 64 KiB = 65,536 B). Chromium's fake microphone
//    plays a speech-like WAV made here (bench/voice/speech-wav.ts: voiced syllables at 3–5 a second,
//    pitch 100–250 Hz with harmonics and formants, consonant noise, pauses); the page records 30 s
//    exactly as the app's recorder does (getUserMedia with echo cancellation, noise suppression and
//    gain control; MediaRecorder Opus in WebM at VOICE_BITS_PER_SECOND; start(1000)); the bytes go up
//    through POST /api/matches/:id/voice-messages and the figure is what GET …/voice serves back.
//    Ratios against the same 30 s as 16-bit mono 48 kHz WAV (30 × 48,000 × 2 + 44 B, computed) and
//    as 128 kbit/s AAC (30 × 16,000 B, computed). The fake microphone's default beep (400 Hz, 20 ms
//    every 0.5 s) is recorded the same way to show the spread with the signal.
// 2. Tap to recording: a real click on a button of a page to the MediaRecorder's `start` event,
//    getUserMedia and the app's AnalyserNode set-up included (a fresh page each time; the first tap
//    after the browser starts is shown apart). p50 / p95 of 10 (with 10 samples p95 is the slowest);
//    of which getUserMedia.
// 3. Tap to sound (goal ≤ 1 s on 3G): the recipient's tab (her session cookie) on the app's origin;
//    `<audio preload="none" src="/api/matches/:id/messages/:mid/voice">` as the app's player renders
//    it, play() on a real click; the click's event time to `playing`, and to the playback clock moving
//    (read every frame): the sound. Each run a fresh page, HTTP cache disabled (a cold fetch), CDP
//    Network.emulateNetworkConditions with DevTools' presets: "Fast 3G" (Lighthouse's mobile
//    throttling: 150 ms RTT × 3.75 = 562.5 ms latency, 1.6 Mbit/s × 0.9 down, 750 kbit/s × 0.9 up) and
//    "Slow 3G" (400 ms × 5 = 2 s latency, 500 kbit/s × 0.8 both ways); baseline: no throttling, same
//    run, rounds interleaved. The 30 s speech message. p50 / p95 of 10. DevTools throttling adds its
//    latency to each request and models no DNS / TCP / TLS handshake: as a tap in an open
//    conversation whose connection is already up (HTTP/2); a fresh connection on a real 3G network
//    would add one or two round trips.
// 4. Server validation per file: checkVoice (server/platform/media/voice-check.ts) over the fixtures,
//    the 30 s recording, a 2-minute file (repeatedWebm(40); 41 repeats make 122.9 s, refused) and
//    refused ones (WAV, truncated, 10 minutes at a low rate, a video track); p50 of 50 after 5
//    warm-ups, against the sha256 of the same bytes (interleaved, same run).
// 5. Storage per 1,000 voice messages: the 30 s recording's bytes and half of them for a typical
//    15 s message; the database's share from pg_column_size of message rows (a voice row whole and
//    without its five voice columns, and a text row) after sending 20 voice and 20 text messages,
//    plus the voice key's unique index entry (computed from the key's size).
//
// Sections 4 and 5 are in bench/voice/validation.ts and bench/voice/storage.ts.
// Prints markdown on stdout (progress on stderr) and a summary table with the goals; asserts nothing.
// VOICE_SECONDS=5 makes the recordings (and the per-30-s figures) 5 s long, for a quick try only.
import { randomBytes, randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { MessageDto } from "@domain/messaging.ts";
import { encodePeaks, VOICE_BITS_PER_SECOND } from "@domain/voice.ts";
import type { Page } from "playwright-core";
import { withCleanup } from "./harness/cleanup.ts";
import { watchMachine } from "./harness/machine.ts";
import { heading, printHeading, progress, table } from "./harness/report.ts";
import { startApp, tempDir } from "./harness/server.ts";
import { ms, n, pct, ratio } from "./harness/stats.ts";
import {
  launchWithMicrophone,
  memberContext,
  microphoneAllowed,
  type NetworkProfile,
  type Recording,
  record,
  type TapToSound,
  tapToRecording,
  tapToSound,
} from "./voice/browser.ts";
import { type VoiceMember, voicePair } from "./voice/members.ts";
import { speechLevel, speechSamples, wavFile } from "./voice/speech-wav.ts";
import { mb, storageFigures } from "./voice/storage.ts";
import { validationFigures } from "./voice/validation.ts";

const log = progress("voice");
const SECONDS = Number(process.env.VOICE_SECONDS ?? 30);
const TAP_RUNS = 10;
const SOUND_RUNS = 10;
const GOAL_BYTES = 65_536;
const GOAL_SOUND_MS = 1_000;
const WAV_BYTES = SECONDS * 48_000 * 2 + 44;
const AAC_BYTES = SECONDS * (128_000 / 8);

const FAST_3G: NetworkProfile = {
  name: "Fast 3G (Lighthouse mobile: 562.5 ms, 1.44 Mbit/s down, 675 kbit/s up)",
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};
const SLOW_3G: NetworkProfile = {
  name: "Slow 3G (2,000 ms, 400 kbit/s down and up)",
  latency: 400 * 5,
  downloadThroughput: ((500 * 1000) / 8) * 0.8,
  uploadThroughput: ((500 * 1000) / 8) * 0.8,
};

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const kbits = (bytes: number, seconds: number) => `${((bytes * 8) / seconds / 1000).toFixed(1)} kbit/s`;
const met = (ok: boolean) => (ok ? "yes" : "**no**");

await withCleanup(async () => {
  const machine = watchMachine();
  printHeading(
    "Voice messages, light on data (issue 37): bench/voice.ts",
    machine,
    `Recorder: Opus in WebM at ${n(VOICE_BITS_PER_SECOND)} bit/s, ${SECONDS} s recordings, Debian Chromium with its fake microphone.`,
  );

  const dir = tempDir("voice");
  const speech = speechSamples(SECONDS + 2);
  const wavPath = path.join(dir.path, "speech.wav");
  writeFileSync(wavPath, wavFile(speech));
  const level = speechLevel(speech);
  log(
    `speech-like WAV: ${SECONDS + 2} s, ${level.dbfs.toFixed(1)} dBFS RMS while voiced, ${(level.silent * 100).toFixed(0)} % silent`,
  );

  const authSecret = randomBytes(32).toString("hex");
  const app = await startApp({
    env: { AUTH_SECRET: authSecret, MESSAGES_PER_MINUTE: "100000", NEW_CONVERSATIONS_PER_DAY: "100000" },
  });
  const { him, her, matchId } = await voicePair(app.deps.database, authSecret);
  const appPage = `${app.base}/api/health`;

  async function upload(from: VoiceMember, bytes: Uint8Array, durationMs: number, peaks: number[]) {
    const res = await fetch(
      `${app.base}/api/matches/${matchId}/voice-messages?durationMs=${durationMs}&peaks=${encodePeaks(peaks)}`,
      {
        method: "POST",
        headers: {
          cookie: from.cookie,
          origin: app.base,
          "content-type": "audio/webm",
          "idempotency-key": randomUUID(),
        },
        body: bytes as Uint8Array<ArrayBuffer>,
      },
    );
    if (res.status !== 201) throw new Error(`voice upload: ${res.status} ${await res.text()}`);
    return (await res.json()) as MessageDto;
  }
  const audioPath = (id: string) => `/api/matches/${matchId}/messages/${id}/voice`;
  async function delivered(to: VoiceMember, id: string) {
    const res = await fetch(`${app.base}${audioPath(id)}`, { headers: { cookie: to.cookie } });
    if (res.status !== 200) throw new Error(`voice download: ${res.status}`);
    const part = await fetch(`${app.base}${audioPath(id)}`, {
      headers: { cookie: to.cookie, range: "bytes=0-" },
    });
    await part.arrayBuffer();
    return {
      bytes: new Uint8Array(await res.arrayBuffer()),
      cacheControl: res.headers.get("cache-control"),
      range: part.status,
    };
  }

  // The app's pages allow the microphone (Permissions-Policy: microphone=(self)): the bench records
  // there, as a member does, and stops if that ever changes.
  async function openRecordingPage(page: Page) {
    await page.goto(appPage);
  }
  {
    const browser = await launchWithMicrophone();
    const page = await (await memberContext(browser)).newPage();
    await page.goto(appPage);
    if (!(await microphoneAllowed(page)))
      throw new Error(
        `the app's pages refuse the microphone: Permissions-Policy ${(await fetch(appPage)).headers.get("permissions-policy")}`,
      );
    await browser.close();
  }

  // 1. The recordings: speech (the WAV, played once), then the default beep.
  log(`recording ${SECONDS} s of speech-like sound…`);
  let speechRec: Recording;
  {
    const browser = await launchWithMicrophone(wavPath);
    const page = await (await memberContext(browser)).newPage();
    await openRecordingPage(page);
    speechRec = await record(page, SECONDS);
    await browser.close();
  }
  log(`recording ${SECONDS} s of the fake microphone's beep…`);
  const beepBrowser = await launchWithMicrophone();
  const recPage = await (await memberContext(beepBrowser)).newPage();
  await openRecordingPage(recPage);
  const beepRec = await record(recPage, SECONDS);
  await recPage.close();

  const speechSent = await upload(him, speechRec.bytes, speechRec.durationMs, speechRec.peaks);
  const beepSent = await upload(him, beepRec.bytes, beepRec.durationMs, beepRec.peaks);
  const speechOut = await delivered(her, speechSent.id);
  const beepOut = await delivered(her, beepSent.id);
  const same = (a: Uint8Array, b: Uint8Array) => Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;

  heading(`1. Bytes per ${SECONDS} s as delivered (GET …/voice)`);
  table(
    "recording | bytes | KiB | kbit/s (file) | duration read by the server | vs WAV 16-bit 48 kHz mono | vs AAC 128 kbit/s | ≤ 64 KiB",
    [
      [speechRec, speechSent, speechOut, "speech-like WAV"] as const,
      [beepRec, beepSent, beepOut, "default beep"] as const,
    ].map(([rec, sent, out, name]) => [
      `${name} (${rec.levelDb.toFixed(1)} dBFS recorded)`,
      n(out.bytes.length),
      kib(out.bytes.length),
      kbits(out.bytes.length, sent.voice!.durationMs / 1000),
      `${n(sent.voice!.durationMs)} ms (recorder: ${n(rec.durationMs)})`,
      `${ratio(out.bytes.length / WAV_BYTES, 3)} (${(WAV_BYTES / out.bytes.length).toFixed(0)}× smaller)`,
      `${ratio(out.bytes.length / AAC_BYTES, 3)} (${(AAC_BYTES / out.bytes.length).toFixed(1)}× smaller)`,
      met(out.bytes.length <= GOAL_BYTES),
    ]),
  );
  table("baseline (computed) | bytes | kbit/s", [
    [`WAV/PCM 16-bit mono 48 kHz, ${SECONDS} s`, n(WAV_BYTES), "768.0 kbit/s"],
    [`AAC 128 kbit/s, ${SECONDS} s (as competitors store it)`, n(AAC_BYTES), "128.0 kbit/s"],
  ]);
  const bars = (p: number[]) => p.map((x) => " ▁▂▃▄▅▆▇█"[Math.round((x / 31) * 8)]).join("");
  console.log(
    `\nWaveforms (48 bars of the decoded recordings): speech \`${bars(speechRec.peaks)}\`, beep \`${bars(beepRec.peaks)}\`.`,
  );
  console.log(
    `\nRecorded on the app's origin; recorder MIME type ${speechRec.mimeType}. Served bytes identical to the recorder's: ${same(speechOut.bytes, speechRec.bytes) && same(beepOut.bytes, beepRec.bytes) ? "yes" : "**no**"}; Cache-Control ${speechOut.cacheControl}; \`Range: bytes=0-\` → ${speechOut.range}.`,
  );

  // 2. Tap to recording.
  log(`tap to recording × ${TAP_RUNS + 1}…`);
  const taps: { totalMs: number; getUserMediaMs: number }[] = [];
  for (let i = 0; i <= TAP_RUNS; i++) {
    const page = await beepBrowser.contexts()[0]!.newPage();
    await openRecordingPage(page);
    taps.push(await tapToRecording(page));
    await page.close();
  }
  const [firstTap, ...laterTaps] = taps;
  const tapTotal = laterTaps.map((t) => t.totalMs);
  const tapGum = laterTaps.map((t) => t.getUserMediaMs);
  heading("2. Tap to recording (click → MediaRecorder `start`, getUserMedia included)");
  table(
    "taps | p50 ms | p95 ms | getUserMedia p50 ms | getUserMedia → `start` p50 ms | total / getUserMedia",
    [
      [
        `${TAP_RUNS} taps, each on a fresh page`,
        ms(pct(tapTotal, 50)),
        ms(pct(tapTotal, 95)),
        ms(pct(tapGum, 50)),
        ms(
          pct(
            laterTaps.map((t) => t.totalMs - t.getUserMediaMs),
            50,
          ),
        ),
        ratio(pct(tapTotal, 50) / pct(tapGum, 50), 2),
      ],
      [
        "the first tap after the browser started",
        ms(firstTap!.totalMs),
        "",
        ms(firstTap!.getUserMediaMs),
        ms(firstTap!.totalMs - firstTap!.getUserMediaMs),
        ratio(firstTap!.totalMs / firstTap!.getUserMediaMs, 2),
      ],
    ],
  );

  // 3. Tap to sound, cold, throttled or not.
  log(`tap to sound × ${SOUND_RUNS} per network profile (+ 1 warm-up round)…`);
  const listener = await memberContext(beepBrowser, her.cookie);
  const profiles = [null, FAST_3G, SLOW_3G] as const;
  const sounds: TapToSound[][] = profiles.map(() => []);
  for (let round = -1; round < SOUND_RUNS; round++)
    for (const [i, profile] of profiles.entries()) {
      const heard = await tapToSound(listener, appPage, audioPath(speechSent.id), profile);
      if (round >= 0) sounds[i]!.push(heard);
    }
  await beepBrowser.close();
  const soundP50 = (i: number) =>
    pct(
      sounds[i]!.map((s) => s.soundMs),
      50,
    );
  heading(
    `3. Tap to sound: the ${SECONDS} s speech message (${n(speechOut.bytes.length)} B), cold, \`preload="none"\``,
  );
  table(
    "network | playing p50 ms | playing p95 ms | sound p50 ms | sound p95 ms | vs no throttling (sound p50) | requests | KiB fetched before the sound (p50) | ≤ 1 s",
    profiles.map((profile, i) => {
      const s = sounds[i]!;
      const sound = s.map((x) => x.soundMs);
      return [
        profile ? profile.name : "no throttling (baseline, loopback)",
        ms(
          pct(
            s.map((x) => x.playingMs),
            50,
          ),
        ),
        ms(
          pct(
            s.map((x) => x.playingMs),
            95,
          ),
        ),
        ms(pct(sound, 50)),
        ms(pct(sound, 95)),
        ratio(soundP50(i) / soundP50(0)),
        pct(
          s.map((x) => x.requests),
          50,
        ),
        kib(
          pct(
            s.map((x) => x.bytes),
            50,
          ),
        ),
        profile === FAST_3G ? met(pct(sound, 95) <= GOAL_SOUND_MS) : "",
      ];
    }),
  );
  console.log(
    `\n${SOUND_RUNS} cold taps per network after one warm-up round, rounds interleaved; each a fresh page with the HTTP cache disabled (CDP Network.setCacheDisabled), the throttling applied after the page loaded. "Playing": the \`playing\` event; "sound": the playback clock past 0 s. DevTools throttling adds its latency per request and models no connection set-up (a tap in an open conversation reuses the page's connection on HTTP/2; a fresh connection on real 3G would add a round trip or two).`,
  );

  // 4. Server validation.
  const { thirtyCheck, twoMinCheck } = await validationFigures(speechOut.bytes, SECONDS);

  // 5. Storage per 1,000 messages.
  const { voiceDb } = await storageFigures({
    db: app.deps.database.db,
    matchId,
    sendVoice: (bytes, durationMs, peaks) => upload(her, bytes, durationMs, peaks),
    sendText: async (content) => {
      const res = await fetch(`${app.base}/api/matches/${matchId}/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: app.base, cookie: her.cookie },
        body: JSON.stringify({ content }),
      });
      if (res.status !== 201) throw new Error(`text send: ${res.status} ${await res.text()}`);
    },
    file30: speechOut.bytes.length,
    seconds: SECONDS,
  });
  const file30 = speechOut.bytes.length;
  const file15 = Math.round(file30 / 2);

  // Summary.
  const fast = sounds[1]!.map((x) => x.soundMs);
  heading("Summary");
  table(
    "figure | value | goal | met",
    [
      [
        `bytes per ${SECONDS} s of speech as delivered`,
        `${n(file30)} B (${kib(file30)}, ${kbits(file30, speechSent.voice!.durationMs / 1000)}); ${ratio(file30 / WAV_BYTES, 3)} of WAV, ${ratio(file30 / AAC_BYTES, 3)} of AAC 128k`,
        "≤ 65,536 B",
        met(file30 <= GOAL_BYTES),
      ],
      [
        `bytes per ${SECONDS} s of the beep (spread)`,
        `${n(beepOut.bytes.length)} B (${kib(beepOut.bytes.length)})`,
        "≤ 65,536 B",
        met(beepOut.bytes.length <= GOAL_BYTES),
      ],
      [
        "tap to recording p50 / p95",
        `${ms(pct(tapTotal, 50))} / ${ms(pct(tapTotal, 95))} ms (first tap ${ms(firstTap!.totalMs)} ms)`,
        "",
        "",
      ],
      [
        "tap to sound, Fast 3G, cold, p50 / p95",
        `${ms(pct(fast, 50))} / ${ms(pct(fast, 95))} ms (${ratio(soundP50(1) / soundP50(0))} no throttling's ${ms(soundP50(0))} ms)`,
        "≤ 1,000 ms",
        met(pct(fast, 95) <= GOAL_SOUND_MS),
      ],
      [
        "tap to sound, Slow 3G, cold, p50 / p95",
        `${ms(soundP50(2))} / ${ms(
          pct(
            sounds[2]!.map((x) => x.soundMs),
            95,
          ),
        )} ms`,
        "",
        "",
      ],
      [
        "checkVoice p50: 30 s recording / 2-minute file (mediabunny-written)",
        `${thirtyCheck} / ${twoMinCheck} ms`,
        "",
        "",
      ],
      [
        "storage per 1,000 messages, 15 s / 30 s",
        `${mb((file15 + voiceDb) * 1000)} / ${mb((file30 + voiceDb) * 1000)} (database ${mb(voiceDb * 1000)} of it)`,
        "",
        "",
      ],
    ],
    "llll",
  );
  await app.stop();
  await dir.remove();
  console.log(`\n${machine.line()}`);
});
