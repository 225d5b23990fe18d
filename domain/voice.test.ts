import { describe, expect, it } from "vitest";
import {
  decodePeaks,
  encodePeaks,
  PEAKS_PATTERN,
  voiceClock,
  voiceDurationWords,
  voiceMessageLabel,
} from "./voice.ts";

describe("voice durations and waveforms", () => {
  it("writes durations as a clock, in words and as a notification says them", () => {
    expect(voiceClock(0)).toBe("0:00");
    expect(voiceClock(42_400)).toBe("0:42");
    expect(voiceClock(65_000)).toBe("1:05");
    expect(voiceClock(119_600)).toBe("2:00");
    expect(voiceDurationWords(1_000)).toBe("1 seconde");
    expect(voiceDurationWords(42_000)).toBe("42 secondes");
    expect(voiceDurationWords(60_000)).toBe("1 minute");
    expect(voiceDurationWords(125_000)).toBe("2 minutes et 5 secondes");
    expect(voiceMessageLabel(42_000)).toBe("Message vocal (0:42)");
  });

  it("packs a waveform in one character per bar, bounded to 0–31 and 48 bars", () => {
    const text = encodePeaks([0, 10, 31, 40, -3, 15.6]);
    expect(text).toBe("0avv0g");
    expect(decodePeaks(text)).toEqual([0, 10, 31, 31, 0, 16]);
    expect(encodePeaks(Array(60).fill(5))).toHaveLength(48);
    expect(PEAKS_PATTERN.test("0123456789abcdefghijklmnopqrstuv")).toBe(true);
    expect(PEAKS_PATTERN.test("w")).toBe(false);
    expect(PEAKS_PATTERN.test("0".repeat(49))).toBe(false);
  });
});
