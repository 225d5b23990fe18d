// Section 2 of bench/calls.ts: bytes per minute of a relayed call, audio only and default video, from
// getStats on both pages, over a window after a warm-up, extrapolated to one minute.
import { setTimeout as sleep } from "node:timers/promises";
import { CALL_VIDEO } from "@domain/calls.ts";
import { heading, table } from "../harness/report.ts";
import { n, ratio } from "../harness/stats.ts";
import { type MemberPage, setUpCall } from "./browser.ts";
import type { MediaStats } from "./page.ts";

export const WARMUP_S = 3;
export const WINDOW_S = process.env.CALLS_QUICK === "1" ? 5 : 20;

/** What one page received over a window. */
export interface Received {
  seconds: number;
  audioBytes: number;
  videoBytes: number;
  transportBytes: number;
  framesDecoded: number;
  samplesReceived: number;
  concealedSamples: number;
  /** The last reading (path, codecs, frame size, the sender's side). */
  end: MediaStats;
}

export function between(a: MediaStats, b: MediaStats): Received {
  return {
    seconds: (b.at - a.at) / 1000,
    audioBytes: b.audioBytes - a.audioBytes,
    videoBytes: b.videoBytes - a.videoBytes,
    transportBytes: b.transportReceived - a.transportReceived,
    framesDecoded: b.framesDecoded - a.framesDecoded,
    samplesReceived: b.samplesReceived - a.samplesReceived,
    concealedSamples: b.concealedSamples - a.concealedSamples,
    end: b,
  };
}

export interface MediaCase {
  name: string;
  video: boolean;
  callId: string;
  /** Received by the callee (sent by the caller), and by the caller. */
  callee: Received;
  caller: Received;
}

/**
 * One relayed call of `video` or not from `caller` to `callee`: WARMUP_S after both are connected,
 * then WINDOW_S measured. The call is left running (the caller hangs up).
 */
export async function measureCall(
  caller: MemberPage,
  callee: MemberPage,
  matchId: string,
  video: boolean,
  name: string,
): Promise<MediaCase> {
  const setup = await setUpCall(caller, callee, matchId, video);
  await sleep(WARMUP_S * 1000);
  const [e0, c0] = await Promise.all([callee.stats(), caller.stats()]);
  await sleep(WINDOW_S * 1000);
  const [e1, c1] = await Promise.all([callee.stats(), caller.stats()]);
  return { name, video, callId: setup.caller.callId, callee: between(e0, e1), caller: between(c0, c1) };
}

const perMinute = (bytes: number, seconds: number) => (bytes / seconds) * 60;
const kb = (bytes: number) => n(Math.round(bytes / 1000));
const kbit = (bytes: number, seconds: number) => ((bytes * 8) / seconds / 1000).toFixed(0);

export function printMedia(cases: readonly MediaCase[], camera: string): void {
  const audio = cases.find((c) => !c.video)!;
  heading(
    `2. Bytes per minute of a relayed call (${WINDOW_S} s measured after ${WARMUP_S} s, × ${60 / WINDOW_S} to a minute)`,
  );
  table(
    "call | audio KB/min | video KB/min | transport KB/min | ≈ kbit/s | vs audio only | other direction: transport KB/min | frames decoded / s | frame | audio concealed | path (callee) | codecs | sender's quality limit",
    cases.map((c) => {
      const r = c.callee;
      return [
        c.name,
        kb(perMinute(r.audioBytes, r.seconds)),
        c.video ? kb(perMinute(r.videoBytes, r.seconds)) : "—",
        `**${kb(perMinute(r.transportBytes, r.seconds))}**`,
        kbit(r.transportBytes, r.seconds),
        ratio(r.transportBytes / r.seconds / (audio.callee.transportBytes / audio.callee.seconds), 2),
        kb(perMinute(c.caller.transportBytes, c.caller.seconds)),
        c.video ? (r.framesDecoded / r.seconds).toFixed(1) : "—",
        c.video ? `${r.end.frameWidth}×${r.end.frameHeight}` : "—",
        `${((100 * r.concealedSamples) / Math.max(1, r.samplesReceived)).toFixed(1)} % of ${n(r.samplesReceived)} samples`,
        r.end.path,
        [r.end.audioCodec, r.end.videoCodec].filter(Boolean).join(" + "),
        c.caller.end.qualityLimitation || "—",
      ];
    }),
    "lrrrrrrrrllll",
  );
  console.log(
    `\nWhat the callee received from the caller, from getStats: per kind, \`inbound-rtp\` bytesReceived + headerBytesReceived (RTP payload and headers); transport, \`transport.bytesReceived\` (adds SRTP/RTCP/DTLS, not the UDP/IP or TURN ChannelData headers); KB = 1,000 B. The caller's page sent its camera through the app's CallPeer: getUserMedia ideal ${CALL_VIDEO.WIDTH}×${CALL_VIDEO.HEIGHT}, at most ${CALL_VIDEO.FRAME_RATE} frames/s, encoding capped at maxBitrate ${n(CALL_VIDEO.MAX_BITRATE)} bit/s. The fake camera plays ${camera}; the microphone is Chromium's fake one (a beep). Remote audio is played by an <audio> element on both pages (otherwise Chromium decodes none), remote video shown in a <video>.`,
  );
}
