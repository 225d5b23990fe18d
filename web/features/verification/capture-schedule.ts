// When the camera's frames are taken during a verification (docs/decisions/0013-verified-profiles.md):
// the first one straight and neutral after a short countdown, then for each gesture asked a countdown
// while the member makes it, and a few frames while they hold it. Shared with the browser journey,
// whose fake camera plays a video timed on it (e2e/fake-camera.ts).
import { VERIFICATION } from "@domain/verification.ts";

export const CAPTURE_SCHEDULE = {
  /** « Regardez la caméra »: seconds counted down before the first frame. */
  lookSeconds: 3,
  /** Each gesture: seconds counted down while the member makes it, before its frames. */
  gestureSeconds: 3,
  /** Frames taken while a gesture is held, and the time between them. */
  framesPerGesture: 3,
  frameIntervalMs: 500,
} as const;

export type CaptureStep =
  | { kind: "look"; atMs: number }
  | { kind: "gesture"; index: number; atMs: number }
  | { kind: "frame"; gestureIndex: number | null; atMs: number };

/**
 * The steps of a challenge of `gestures` gestures, in milliseconds from the start: when a prompt is
 * shown and when each frame is taken. The number of frames stays within the server's limits.
 */
export function captureSteps(gestures: number, schedule = CAPTURE_SCHEDULE): CaptureStep[] {
  const perGesture = Math.max(
    1,
    Math.min(schedule.framesPerGesture, Math.floor((VERIFICATION.MAX_FRAMES - 1) / Math.max(1, gestures))),
  );
  const steps: CaptureStep[] = [{ kind: "look", atMs: 0 }];
  let t = schedule.lookSeconds * 1000;
  steps.push({ kind: "frame", gestureIndex: null, atMs: t });
  for (let index = 0; index < gestures; index++) {
    steps.push({ kind: "gesture", index, atMs: t });
    t += schedule.gestureSeconds * 1000;
    for (let f = 0; f < perGesture; f++) {
      if (f > 0) t += schedule.frameIntervalMs;
      steps.push({ kind: "frame", gestureIndex: index, atMs: t });
    }
  }
  return steps;
}
