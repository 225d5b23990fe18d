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
