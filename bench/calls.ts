// Calls inside a match (issue 38), measured: `npm run bench:calls` (node --import tsx bench/calls.ts;
// about 5 minutes). The figures of the issue's « Figures » section.
//
// Set-up. coturn (Debian's turnserver, bench/calls/coturn.ts) on a free port of 127.0.0.1 with 400
// relay ports of its own and a random secret, ready once its port accepts TCP, stopped at the end
// whatever happens. The app runs twice in this process (bench/harness/server.ts, each on its own
// embedded database), both with NODE_ENV=development — the only mode in which the app offers calls
// without a TURN server, and in which VERIFICATION_GESTURES (the fixed challenge the composed
// captures follow) is accepted: « relayed », with TURN_URLS (UDP and TCP) and TURN_SECRET set, so
// every call is relay-only (iceTransportPolicy « relay », fresh TURN REST credentials from the API);
// « direct », without them (no ICE servers, policy « all »). Members are written into the database
// (bench/calls/members.ts), then do through the API what a member does: turn « Appels » on in the
// conversation (PUT …/calls/settings), upload a profile photo, get selfie-verified.
// Debian's Chromium (playwright-core) with the fake microphone and the fake camera playing the
// verification tests' face video (e2e/fake-camera.ts writeFakeCameraVideo, 640×480, its header set
// to 15 frames/s: bench/calls/browser.ts faceCamera). One browser context per member, its page on
// the app's origin with the member's session. No clicks and no React: an agent bundled into each
// page (bench/calls/page.ts) drives the app's own CallPeer (web/features/calls/peer.ts, bundled by
// esbuild as it ships) over the app's real signalling path, in the order of the app's call store:
// the caller reads the settings (ICE servers), opens the microphone and camera, offers (candidates
// gathered first: no trickle), POSTs the call; the callee's page learns of it from its own SSE stream
// (`call.ringing`), GETs the offer, opens its media, answers, POSTs the answer; the caller learns
// of it (`call.answered`), GETs the answer, and the two connect. Pages play the remote audio in an
// <audio> element and show the videos, and send the app's heartbeat every 15 s.
//
// 1. Time to connect, direct and relayed: video calls, modes interleaved call by call after one
//    untimed call each, the two members taking turns to call (10 starts an hour each); from the
//    caller's start (just before createOffer) to the caller's connectionState "connected"; each call
//    hung up through the API and both connections closed before the next. p50 / p95 and the steps
//    along the critical path, ICE gathering (icegatheringstatechange) and HTTP + SSE signalling
//    (POST → event received → GET, both legs) among them.
// 2. Bytes per minute, relayed: an audio-only call, then a video call (320×240@15, maxBitrate 150k),
//    getStats on both pages over 20 s after 3 s of warm-up, × 3 to a minute (bench/calls/media.ts);
//    baseline: the audio-only call.
// 4. (run during section 2's video call, which goes on) The live identity check: 10 rounds of three
//    fresh frames of the verified caller's preview → POST /api/calls/:id/live-check (wall time), the
//    member's mark reset between rounds; compareFrames alone on the same frames; baselines in the
//    same rounds: a selfie verification (POST /api/verification) of another member, and one frame
//    through the face model (bench/calls/identity.ts).
// 3. Ten relayed video calls at once, held 30 s after a 3 s warm-up: CPU of the app's process
//    (process.cpuUsage: the app runs here), of coturn and of Chromium (/proc stat), memory, and the
//    media's evidence; baseline: the same 30 s with the same pages open and no call
//    (bench/calls/load.ts). The ten callers' pages in the browser of sections 1 and 2, the ten
//    callees' in a second one, as on two sets of phones: a Chromium opens at most 16 audio inputs
//    at once (media/audio/audio_manager_base.cc, kDefaultMaxInputStreams), and 20 microphones in one
//    browser fail with NotReadableError « Could not start audio source ». Each page plays the voice
//    but draws no video here (frames are decoded all the same): 20 pages each encoding and decoding
//    a call need more than this machine's two cores, so the media's rate is printed, and coturn's
//    CPU also extrapolated to the rate one call carries alone (section 2).
// Sections print as they end (4 before 3), then a summary.
// Prints markdown on stdout (progress on stderr) and a summary; asserts nothing. Run it on an idle
// machine: the load average is printed. CALLS_QUICK=1 shrinks the sections (2 rounds, 5 s windows,
// 2 live checks; still 10 calls at once), for a quick try only.
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { CALL_VIDEO } from "@domain/calls.ts";
import { liveCheckState } from "../server/features/calls/live-check.ts";
import { face, liveCapture, SAME_PERSON, SAME_PERSON_MOUTHS } from "../server/test/face-samples.ts";
import { agentScript, faceCamera, launchForCalls, MemberPage } from "./calls/browser.ts";
import { type Mode, printTimeToConnect, timeToConnect } from "./calls/connect.ts";
import { startCoturn } from "./calls/coturn.ts";
import { compareShare, identityChecks, printIdentity } from "./calls/identity.ts";
import { coturnAtFullRate, HOLD_S, printLoad, tenCalls } from "./calls/load.ts";
import { measureCall, printMedia, WINDOW_S } from "./calls/media.ts";
import {
  allowCalls,
  type CallMember,
  type Challenge,
  callMember,
  callPair,
  captureWait,
  drawChallenge,
  submitVerification,
  uploadPhoto,
} from "./calls/members.ts";
import { withCleanup } from "./harness/cleanup.ts";
import { watchMachine } from "./harness/machine.ts";
import { descendants, processName } from "./harness/proc.ts";
import { heading, printHeading, progress, table } from "./harness/report.ts";
import { startApp, tempDir } from "./harness/server.ts";
import { ms, n, pct, ratio } from "./harness/stats.ts";

const log = progress("calls");
const QUICK = process.env.CALLS_QUICK === "1";
const ROUNDS = QUICK ? 2 : 16;
const LIVE_CHECKS = QUICK ? 2 : 10;
const CALLS_AT_ONCE = 10;
const GESTURES = ["tilt-left", "smile"] as const;

await withCleanup(async () => {
  const machine = watchMachine();
  const dir = tempDir("calls");
  log("writing the fake camera's video, bundling the page agent…");
  const camera = await faceCamera(dir.path);
  const script = await agentScript(dir.path);
  const turn = await startCoturn(dir.path);
  log(
    `coturn ${turn.pid} on port ${turn.port} (relay ports ${turn.relayPorts.join("–")}), ready in ${ms(turn.readyMs)} ms`,
  );

  const browser = await launchForCalls(camera.file);
  printHeading(
    "Calls inside a match (issue 38): bench/calls.ts",
    machine,
    `coturn ${turn.urls.split(",")[0]} (and TCP), relay ports ${turn.relayPorts.join("–")}; Chromium ${browser.version()} (${process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"}), fake camera ${camera.frames} frames of 640×480 played at 15 frames/s (${camera.seconds.toFixed(1)} s loop).`,
  );

  const authSecret = randomBytes(32).toString("hex");
  const env = {
    NODE_ENV: "development",
    AUTH_SECRET: authSecret,
    VERIFICATION_GESTURES: GESTURES.join(","),
  };
  const relayed = await startApp({ env: { ...env, TURN_URLS: turn.urls, TURN_SECRET: turn.secret } });
  const direct = await startApp({ env });
  const db = relayed.deps.database;

  // The verified caller of sections 2 and 4, and the members whose verification is section 4's
  // baseline: each a profile photo of the man (a different one each: the app holds a photo another
  // member already uses), the fake camera's face being another photo of him.
  log("members: photos, challenges, the composed live capture…");
  const media = await callPair(db, authSecret);
  await allowCalls(relayed.base, media);
  const verifiers: { member: CallMember; photo: number }[] = [];
  for (const photo of [2, 3, 4, 5])
    verifiers.push({ member: await callMember(db, authSecret, "male"), photo });
  await uploadPhoto(relayed.base, media.him, await face(SAME_PERSON[0]!));
  for (const v of verifiers) await uploadPhoto(relayed.base, v.member, await face(SAME_PERSON[v.photo]!));
  const hisChallenge = await drawChallenge(relayed.base, media.him);
  const capture = await liveCapture(await face(SAME_PERSON[1]!), SAME_PERSON_MOUTHS[1]!, GESTURES);

  const directPair = await callPair(direct.deps.database, authSecret);
  const relayPair = await callPair(db, authSecret);
  await allowCalls(direct.base, directPair);
  await allowCalls(relayed.base, relayPair);
  const modes: Mode[] = [
    {
      name: "direct",
      matchId: directPair.matchId,
      him: await MemberPage.open(browser, direct.base, directPair.him, script),
      her: await MemberPage.open(browser, direct.base, directPair.her, script),
      samples: [],
      paths: new Map(),
    },
    {
      name: "relayed (coturn)",
      matchId: relayPair.matchId,
      him: await MemberPage.open(browser, relayed.base, relayPair.him, script),
      her: await MemberPage.open(browser, relayed.base, relayPair.her, script),
      samples: [],
      paths: new Map(),
    },
  ];

  await sleep(captureWait(hisChallenge, capture));
  const firstVerification = await submitVerification(relayed.base, media.him, hisChallenge, capture);
  log(`the caller's verification: ${firstVerification.status} in ${ms(firstVerification.ms)} ms`);
  const { descriptor } = await liveCheckState(db.db, media.him.id);
  if (!descriptor) throw new Error(`the caller is not verified (${firstVerification.status})`);

  // 1.
  log(`1. time to connect: ${ROUNDS} + 1 video calls per mode, interleaved…`);
  await timeToConnect(modes, ROUNDS, log);
  printTimeToConnect(modes, turn.urls);
  for (const m of modes) {
    await m.him.dispose();
    await m.her.dispose();
  }
  await direct.stop();

  // 2., then 4. during the video call.
  const challenges: { member: CallMember; challenge: Challenge }[] = [];
  for (const v of verifiers)
    challenges.push({ member: v.member, challenge: await drawChallenge(relayed.base, v.member) });
  const him = await MemberPage.open(browser, relayed.base, media.him, script);
  const her = await MemberPage.open(browser, relayed.base, media.her, script);
  log(`2. bytes per minute: audio-only call (${WINDOW_S} s)…`);
  const audio = await measureCall(him, her, media.matchId, false, "audio only");
  await him.hangUp();
  await her.close();
  log(`2. bytes per minute: video call (${WINDOW_S} s)…`);
  const video = await measureCall(
    him,
    her,
    media.matchId,
    true,
    `video ${CALL_VIDEO.WIDTH}×${CALL_VIDEO.HEIGHT}@${CALL_VIDEO.FRAME_RATE}, maxBitrate ${CALL_VIDEO.MAX_BITRATE / 1000}k`,
  );
  printMedia([audio, video], "the verification tests' face video (e2e/fake-camera.ts) at 15 frames/s");
  log(`4. ${LIVE_CHECKS} live checks during the video call…`);
  const identity = await identityChecks({
    base: relayed.base,
    database: db,
    member: media.him,
    page: him,
    callId: video.callId,
    descriptor,
    runs: LIVE_CHECKS,
    verifiers: challenges,
    capture,
    firstVerification,
  });
  await him.hangUp();
  await her.close();
  await him.dispose();
  await her.dispose();
  printIdentity(identity);

  // 3.
  log(`3. ${CALLS_AT_ONCE} relayed video calls at once: opening ${CALLS_AT_ONCE * 2} pages…`);
  const callees = await launchForCalls(camera.file);
  const pairs = [];
  for (let i = 0; i < CALLS_AT_ONCE; i++) {
    const pair = await callPair(db, authSecret);
    await allowCalls(relayed.base, pair);
    const caller = await MemberPage.open(browser, relayed.base, pair.him, script);
    const callee = await MemberPage.open(callees, relayed.base, pair.her, script);
    await caller.hideVideo();
    await callee.hideVideo();
    pairs.push({ matchId: pair.matchId, caller, callee });
  }
  const load = await tenCalls(pairs, turn.pid, log);
  for (const p of pairs) {
    await p.caller.dispose();
    await p.callee.dispose();
  }
  const kbpsOf = (x: { transportBytes: number; seconds: number }) =>
    (x.transportBytes * 8) / x.seconds / 1000;
  const fullRateKbps = CALLS_AT_ONCE * (kbpsOf(video.callee) + kbpsOf(video.caller));
  printLoad(load, fullRateKbps);

  const [directMode, relayMode] = modes.map((m) => m.samples.map((s) => s.caller.connected - s.caller.start));
  const perMin = (c: typeof audio) => (c.callee.transportBytes / c.callee.seconds) * 60;
  heading("Summary");
  table(
    "figure | value | baseline (same run)",
    [
      [
        `time to connect p50 / p95 (${relayMode!.length} calls each)`,
        `relayed ${ms(pct(relayMode!, 50))} / ${ms(pct(relayMode!, 95))} ms; direct ${ms(pct(directMode!, 50))} / ${ms(pct(directMode!, 95))} ms`,
        `relayed = ${ratio(pct(relayMode!, 50) / pct(directMode!, 50))} direct`,
      ],
      [
        "bytes per minute received, relayed (transport)",
        `audio only ${n(Math.round(perMin(audio) / 1000))} KB; video ${n(Math.round(perMin(video) / 1000))} KB`,
        `video = ${ratio(perMin(video) / perMin(audio))} audio only`,
      ],
      [
        `CPU, ${load.calls} relayed video calls held ${HOLD_S} s (one core = 100 %)`,
        `app ${load.busy.server.toFixed(1)} %, coturn ${load.busy.coturn.toFixed(1)} % (${coturnAtFullRate(load, fullRateKbps).atFullRate.toFixed(1)} % at one call's full rate), Chromium ${load.busy.chromium.toFixed(0)} %`,
        `idle: app ${load.idle.server.toFixed(1)} %, coturn ${load.idle.coturn.toFixed(1)} %, Chromium ${load.idle.chromium.toFixed(0)} %; media meanwhile at ${ms(
          pct(
            load.received.map((x) => x.framesDecoded / x.seconds),
            50,
          ),
        )} frames/s per page (of 15)`,
      ],
      [
        "live identity check p50 / p95",
        `${ms(pct(identity.liveCheckMs, 50))} / ${ms(pct(identity.liveCheckMs, 95))} ms (compareFrames ${compareShare(identity).toFixed(0)} % of it)`,
        `selfie verification p50 ${ms(pct(identity.verificationMs, 50))} ms (live check = ${ratio(pct(identity.liveCheckMs, 50) / pct(identity.verificationMs, 50), 2)}); one frame ${ms(pct(identity.oneFrameMs, 50))} ms`,
      ],
    ],
    "lll",
  );
  await relayed.stop();
  await turn.stop();
  await dir.remove();
  console.log(`\n${machine.line()}`);
});

// Nothing of the bench's may outlive it: coturn and Chromium are children of this process (esbuild's
// service, which bundled the page agent, ends with it).
const left = descendants(process.pid).filter((pid) => !/esbuild/.test(processName(pid))).length;
log(left === 0 ? "no process left behind" : `**${left} child processes still running**`);
