// The capture's times, checked by the server before any analysis (pure; here, beside CAPTURE, so that
// the page's burst — web/features/verification/capture-schedule.ts — is tested against the very rule
// it must meet). The page takes its frames in one burst on the schedule of CAPTURE
// (domain/verification.ts) and sends when each was taken, in milliseconds from the start of its
// schedule (just after the challenge reached it). Those times are the
// member's browser's word: what the server can hold them to is being consistent with the schedule
// and with its own clock — the capture cannot claim to have lasted longer than the time between the
// challenge's draw and the answer's arrival, nor to have been taken faster than the schedule, nor
// in another order. Frames composed beforehand and sent at once fail here; the pictures themselves
// are judged by decide.ts.
import { CAPTURE, captureFrameCount } from "./verification.ts";

export const TIMING = {
  /** Two frames at least this far apart (the page never takes them closer, even when catching up). */
  MIN_GAP_MS: 100,
  /**
   * And at most this far: eight times the cadence. A busy phone (or a busy test machine: the browser
   * journey failed at four times) stalls its timers for a second now and then. The times are the
   * browser's word, so this bound only ever refuses genuine captures: the pictures' continuity
   * (decide.ts) and the server's clock are what hold a forger.
   */
  MAX_GAP_MS: 8 * CAPTURE.FRAME_INTERVAL_MS,
  /** The first frame, after the look countdown, at most this late. */
  FIRST_LATE_MS: 3000,
  /** The capture lasts at least this share of its schedule. */
  MIN_SPAN: 0.9,
  /**
   * The capture's last frame at most this much later than the server's time since the challenge's
   * draw allows (rounding, and a browser's clock running slightly fast).
   */
  CLOCK_SLACK_MS: 500,
} as const;

/**
 * Whether `times` (one per frame, in order) fit a capture of `gestures` gestures answered
 * `elapsedMs` after its challenge was drawn, by the server's clock.
 */
export function captureTimesFit(times: readonly number[], gestures: number, elapsedMs: number): boolean {
  const count = captureFrameCount(gestures);
  if (times.length !== count || times.some((t) => !Number.isSafeInteger(t))) return false;
  const first = CAPTURE.LOOK_SECONDS * 1000;
  const start = times[0]!;
  const end = times[count - 1]!;
  if (start < first || start > first + TIMING.FIRST_LATE_MS) return false;
  for (let i = 1; i < count; i++) {
    const gap = times[i]! - times[i - 1]!;
    if (gap < TIMING.MIN_GAP_MS || gap > TIMING.MAX_GAP_MS) return false;
  }
  const span = (count - 1) * CAPTURE.FRAME_INTERVAL_MS;
  return end - start >= TIMING.MIN_SPAN * span && end <= elapsedMs + TIMING.CLOCK_SLACK_MS;
}
