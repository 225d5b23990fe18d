// When the camera's frames are taken during a verification (docs/decisions/0013-verified-profiles.md),
// on the server's schedule (CAPTURE in domain/verification.ts): a countdown while the member looks at
// the camera, then one uninterrupted burst — a second of the face at rest, then each gesture's
// prompt and the seconds to make and hold it — a frame every FRAME_INTERVAL_MS throughout. Shared
// with the browser journey, whose fake camera plays a video timed on it (e2e/fake-camera.ts).
import { CAPTURE, captureFrameCount } from "@domain/verification.ts";

export type CaptureStep =
  | { kind: "look"; atMs: number }
  | { kind: "gesture"; index: number; atMs: number }
  | { kind: "frame"; index: number; atMs: number };

/** When the first frame is taken, in milliseconds from the start. */
export const FIRST_FRAME_MS = CAPTURE.LOOK_SECONDS * 1000;

/** When the prompt of gesture `index` appears, in milliseconds from the start. */
export const gestureAtMs = (index: number) =>
  FIRST_FRAME_MS + (CAPTURE.REST_SECONDS + index * CAPTURE.GESTURE_SECONDS) * 1000;

/**
 * The steps of a challenge of `gestures` gestures, in milliseconds from the start: when each prompt
 * is shown and when each frame is taken (as many as the server expects), in order — a prompt comes
 * before the frame taken at the same moment.
 */
export function captureSteps(gestures: number): CaptureStep[] {
  const steps: CaptureStep[] = [{ kind: "look", atMs: 0 }];
  const frames = captureFrameCount(gestures);
  let next = 0;
  for (let index = 0; index < frames; index++) {
    const atMs = FIRST_FRAME_MS + index * CAPTURE.FRAME_INTERVAL_MS;
    while (next < gestures && gestureAtMs(next) <= atMs)
      steps.push({ kind: "gesture", index: next, atMs: gestureAtMs(next++) });
    steps.push({ kind: "frame", index, atMs });
  }
  return steps;
}

/** The least time between two frames, even when catching up (the server refuses closer ones). */
export const MIN_FRAME_GAP_MS = 150;

/** The page's clock: performance.now() and a timer, which on a busy phone fires late. */
export interface BurstClock {
  now(): number;
  /** Resolves at `time` (a `now()` value) or later. */
  sleepUntil(time: number): Promise<void>;
}

/**
 * Runs the steps of a capture from `begin` (a `now()` value): `onStep` is called at each step, with
 * when it was due (in milliseconds from `begin`), and each frame's time is returned, in milliseconds
 * from `begin`. A step is never run before its time. A late timer is caught up at once, two frames
 * never closer than MIN_FRAME_GAP_MS.
 * A late first frame (the countdown ran over, on a busy phone) starts the burst: the prompts and
 * frames after it follow it, so the capture keeps its whole length — what the server demands
 * (domain/verification-capture.ts). Caught up to the countdown's schedule instead, the burst came
 * out shorter and was refused: the member, having done everything asked, read « Les images envoyées
 * ne sont pas valides ».
 */
export async function runBurst(
  steps: readonly CaptureStep[],
  clock: BurstClock,
  begin: number,
  onStep: (step: CaptureStep, dueMs: number) => void,
): Promise<number[]> {
  const times: number[] = [];
  /** How late the first frame was taken. */
  let shift = 0;
  for (const step of steps) {
    const last = times.at(-1);
    const dueMs = step.atMs + (step.kind === "look" ? 0 : shift);
    const target =
      begin +
      (step.kind === "frame" && last !== undefined ? Math.max(dueMs, last + MIN_FRAME_GAP_MS) : dueMs);
    // A timer also fires a fraction of a millisecond early at times (its delay is whole
    // milliseconds): a frame is never taken before its time, which the server would refuse
    // (a first frame at 2999 ms of a 3000 ms countdown).
    do await clock.sleepUntil(target);
    while (clock.now() < target);
    if (step.kind === "frame") {
      const at = Math.round(clock.now() - begin);
      if (last === undefined) shift = Math.max(0, at - step.atMs);
      times.push(at);
    }
    onStep(step, dueMs);
  }
  return times;
}
