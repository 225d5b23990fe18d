import { describe, expect, it } from "vitest";
import { toPeaks } from "./use-voice-recorder.ts";

describe("toPeaks", () => {
  it("keeps the loudest level of each slice, scaled to 0–31 against the loudest, in 48 bars at most", () => {
    expect(toPeaks([])).toEqual([]);
    expect(toPeaks([0.1, 0.2, 0.4])).toEqual([8, 16, 31]);
    const levels = Array.from({ length: 480 }, (_, i) => (i % 10 === 0 ? 0.5 : 0.05));
    const peaks = toPeaks(levels);
    expect(peaks).toHaveLength(48);
    expect(peaks.every((p) => p === 31)).toBe(true);
    expect(toPeaks([0, 0, 0])).toEqual([0, 0, 0]);
  });
});
