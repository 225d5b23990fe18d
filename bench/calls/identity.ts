// Section 4 of bench/calls.ts: the live identity check's wall time during a running relayed video
// call, with the face models' share, against a selfie verification submitted in the same rounds and
// one frame through the face model.
import { setTimeout as sleep } from "node:timers/promises";
import { LIVE_CHECK } from "@domain/calls.ts";
import { compareFrames } from "../../server/features/calls/live-check.ts";
import { faceEngine } from "../../server/features/verification/index.ts";
import type { Database } from "../../server/platform/db/client.ts";
import type { Capture } from "../../server/test/face-samples.ts";
import { heading, table } from "../harness/report.ts";
import { median, ms, n, pct, ratio } from "../harness/stats.ts";
import type { MemberPage } from "./browser.ts";
import {
  type CallMember,
  type Challenge,
  captureWait,
  liveCheck,
  resetLiveCheck,
  submitVerification,
} from "./members.ts";

export interface IdentityResult {
  liveCheckMs: number[];
  results: Map<string, number>;
  compareMs: number[];
  compareResults: Map<string, number>;
  oneFrameMs: number[];
  frameBytes: number[];
  verificationMs: number[];
  verificationStatus: Map<string, number>;
  /** The verified caller's own verification, before section 1 (a cold engine). */
  firstVerification: { ms: number; status: string };
}

const count = (m: Map<string, number>, key: string) => m.set(key, (m.get(key) ?? 0) + 1);

/**
 * `runs` rounds, while `page`'s video call `callId` runs: fresh frames from the page's preview, the
 * member reset to « not yet seen on a call » (and their attempts of the day given back), POST
 * …/live-check; compareFrames on the same frames in this process; one frame through the face model;
 * and, in as many rounds as there are `verifiers`, one selfie verification submitted.
 */
export async function identityChecks(opts: {
  base: string;
  database: Database;
  member: CallMember;
  page: MemberPage;
  callId: string;
  descriptor: number[];
  runs: number;
  verifiers: readonly { member: CallMember; challenge: Challenge }[];
  capture: Capture;
  firstVerification: { ms: number; status: string };
}): Promise<IdentityResult> {
  const engine = await faceEngine();
  const r: IdentityResult = {
    liveCheckMs: [],
    results: new Map(),
    compareMs: [],
    compareResults: new Map(),
    oneFrameMs: [],
    frameBytes: [],
    verificationMs: [],
    verificationStatus: new Map(),
    firstVerification: opts.firstVerification,
  };
  for (let i = 0; i < opts.runs; i++) {
    await resetLiveCheck(opts.database, opts.member);
    const frames = await opts.page.frames();
    r.frameBytes.push(...frames.map((f) => f.length));
    const check = await liveCheck(opts.base, opts.member, opts.callId, frames);
    r.liveCheckMs.push(check.ms);
    count(r.results, check.result);
    let t = performance.now();
    const verdict = await compareFrames(opts.descriptor, frames);
    r.compareMs.push(performance.now() - t);
    count(r.compareResults, verdict.result);
    t = performance.now();
    await engine.analyse(frames[0]!);
    r.oneFrameMs.push(performance.now() - t);
    const verifier = opts.verifiers[i];
    if (verifier) {
      await sleep(captureWait(verifier.challenge, opts.capture));
      const v = await submitVerification(opts.base, verifier.member, verifier.challenge, opts.capture);
      r.verificationMs.push(v.ms);
      count(r.verificationStatus, v.status);
    }
  }
  return r;
}

/** compareFrames' time over the live check's, run by run (same frames), the median: percent. */
export const compareShare = (r: IdentityResult): number =>
  100 * median(r.compareMs.map((c, i) => c / r.liveCheckMs[i]!));

const counts = (m: Map<string, number>) => [...m].map(([k, v]) => `${k} × ${v}`).join(", ");

export function printIdentity(r: IdentityResult): void {
  const lc = pct(r.liveCheckMs, 50);
  heading("4. Live identity check during a relayed video call");
  table(
    "measure | runs | p50 ms | p95 ms | results | vs the live check (p50)",
    [
      [
        `POST /api/calls/:id/live-check (${LIVE_CHECK.FRAMES} frames of the caller's preview, wall time)`,
        r.liveCheckMs,
        counts(r.results),
      ] as const,
      [
        "  compareFrames alone (the face models and the likeness; in this process, same frames)",
        r.compareMs,
        counts(r.compareResults),
      ] as const,
      [
        "baseline: POST /api/verification (29 frames of a live capture + the profile photo)",
        r.verificationMs,
        counts(r.verificationStatus),
      ] as const,
      ["baseline: one 320×240 frame through the face model (analyse)", r.oneFrameMs, ""] as const,
    ].map(([label, xs, results]) => [
      label,
      xs.length,
      ms(pct(xs, 50)),
      ms(pct(xs, 95)),
      results,
      ratio(pct(xs, 50) / lc, 2),
    ]),
    "lrrrlr",
  );
  console.log(
    `\ncompareFrames' share of the live check's wall time: **${compareShare(r).toFixed(0)} %** (median of the runs' ratios; p50 / p50 ${((100 * pct(r.compareMs, 50)) / lc).toFixed(0)} %): ${compareShare(r) >= 90 ? "the face models are practically all of it, and the rest (the multipart body, the frames' header checks, the rate limit, the member's state read twice, the image gate, recording the verdict) is within the runs' spread" : "the rest is the multipart body, the frames' header checks, the rate limit, the member's state read twice, the image gate and recording the verdict"}. Frames: ${n(pct(r.frameBytes, 50))} B each (p50), JPEG 0.9 of the local preview as LiveCheck.tsx takes them, ${LIVE_CHECK.FRAME_INTERVAL_MS} ms apart, taken fresh in every run; between runs the member's « seen on a call » mark and the day's attempts are reset in the database. The verifications are other members' (each verified once, with the same composed capture against a different photo of the same man), submitted in the same rounds; the caller's own verification, the run's first (before section 1, the models warmed by the photo uploads only), took ${ms(r.firstVerification.ms)} ms (${r.firstVerification.status}). The live check takes ${ratio(lc / pct(r.verificationMs, 50), 2)} a verification's time and ${ratio(lc / pct(r.oneFrameMs, 50))} one frame's.`,
  );
}
