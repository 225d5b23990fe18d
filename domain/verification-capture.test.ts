// The capture's times (verification-capture.ts): the page's burst on the schedule fits; frames composed
// beforehand and sent with made-up times do not, whichever way the times are forged.
import { describe, expect, it } from "vitest";
import { CAPTURE, captureFrameCount } from "./verification.ts";
import { captureTimesFit, TIMING } from "./verification-capture.ts";

/** When the page takes each frame of a capture of `gestures` gestures, a few milliseconds late as timers are. */
const captureTimes = (gestures: number) =>
  Array.from(
    { length: captureFrameCount(gestures) },
    (_, i) => CAPTURE.LOOK_SECONDS * 1000 + i * CAPTURE.FRAME_INTERVAL_MS + ((i * 7) % 13),
  );

describe("captureTimesFit", () => {
  const times = captureTimes(2);
  const last = times.at(-1)!;
  /** Answered a second after the last frame, as on a slow network. */
  const elapsed = last + 1000;

  it("accepts the page’s burst, on time or caught up after a late timer", () => {
    expect(times).toHaveLength(captureFrameCount(2));
    expect(captureTimesFit(times, 2, elapsed)).toBe(true);
    // A timer 700 ms late: the page takes the frames due meanwhile 150 ms apart until it is back on
    // schedule (use-verification-flow.ts).
    const late: number[] = [];
    for (const [i, due] of times.entries())
      late.push(Math.max(due + (i === 10 ? 700 : 0), (late[i - 1] ?? -Infinity) + 150));
    expect(late[12]! - times[12]!).toBeGreaterThan(300);
    expect(captureTimesFit(late, 2, elapsed)).toBe(true);
    // A phone that stalls for a second and a half once (a busy machine did in the browser journey).
    const stalled = times.map((t, i) => (i >= 20 ? t + 1500 : t));
    expect(captureTimesFit(stalled, 2, elapsed + 1500)).toBe(true);
    // The answer arriving just as the last frame is taken (the clocks' slack).
    expect(captureTimesFit(times, 2, last)).toBe(true);
  });

  it("refuses times claiming a longer capture than the time since the challenge was drawn", () => {
    // Composed stills sent at once: the challenge is a few hundred milliseconds old.
    expect(captureTimesFit(times, 2, 300)).toBe(false);
    expect(captureTimesFit(times, 2, last - TIMING.CLOCK_SLACK_MS - 1)).toBe(false);
  });

  it("refuses another number of frames, frames out of order, too close or too far apart", () => {
    expect(captureTimesFit(times.slice(0, -1), 2, elapsed)).toBe(false);
    expect(captureTimesFit([...times, last + 250], 2, elapsed + 250)).toBe(false);
    expect(captureTimesFit(times, 1, elapsed)).toBe(false);
    const swapped = [...times];
    [swapped[5], swapped[6]] = [swapped[6]!, swapped[5]!];
    expect(captureTimesFit(swapped, 2, elapsed)).toBe(false);
    // Frames taken together (10 ms apart), and a pause of more than MAX_GAP.
    const together = times.map((t, i) => (i < 5 ? times[0]! + i * 10 : t));
    expect(captureTimesFit(together, 2, elapsed)).toBe(false);
    const gap = times.map((t, i) => (i >= 12 ? t + TIMING.MAX_GAP_MS : t));
    expect(captureTimesFit(gap, 2, elapsed + TIMING.MAX_GAP_MS)).toBe(false);
  });

  it("refuses a burst faster than the schedule, or starting before the countdown ends or long after", () => {
    const fast = times.map((_, i) => times[0]! + i * 150);
    expect(captureTimesFit(fast, 2, elapsed)).toBe(false);
    const early = times.map((t) => t - 500);
    expect(captureTimesFit(early, 2, elapsed)).toBe(false);
    const late = times.map((t) => t + TIMING.FIRST_LATE_MS + 1);
    expect(captureTimesFit(late, 2, elapsed + TIMING.FIRST_LATE_MS + 1)).toBe(false);
    expect(times[0]).toBeGreaterThanOrEqual(CAPTURE.LOOK_SECONDS * 1000);
  });

  it("refuses times that are not whole milliseconds", () => {
    expect(
      captureTimesFit(
        times.map((t, i) => (i === 3 ? t + 0.5 : t)),
        2,
        elapsed,
      ),
    ).toBe(false);
    expect(
      captureTimesFit(
        times.map((t, i) => (i === 3 ? Number.NaN : t)),
        2,
        elapsed,
      ),
    ).toBe(false);
  });
});
