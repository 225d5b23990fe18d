// A recording cut anywhere is not whole: the byte walk that catches what a parser reads quietly.
import { describe, expect, it } from "vitest";
import { repeatedWebm, voiceFixture } from "../../test/voice.ts";
import type { AppError } from "../http/errors.ts";
import { byteRange } from "./audio-response.ts";
import { mp4IsWhole, webmIsWhole } from "./container-end.ts";
import { checkVoice } from "./voice-check.ts";

describe("whole containers", () => {
  it("says a recording is whole; cut anywhere, it is refused — as cut, or as shorter than recorded", async () => {
    const files: [Uint8Array, (b: Uint8Array) => boolean][] = [
      [voiceFixture("beep-3s.webm"), webmIsWhole],
      [voiceFixture("camera-1s.webm"), webmIsWhole],
      [await repeatedWebm(2), webmIsWhole],
      [voiceFixture("beep-3s.mp4"), mp4IsWhole],
    ];
    for (const [bytes, whole] of files) {
      expect(whole(bytes)).toBe(true);
      expect(whole(bytes.subarray(0, bytes.length - 1))).toBe(false);
    }
    for (const name of ["beep-3s.webm", "beep-3s.mp4"] as const) {
      const bytes = voiceFixture(name);
      const limits = { maxMs: 120_000, tooLong: "", declaredMs: 2_950 };
      expect((await checkVoice(bytes, limits)).bytes).toBe(bytes.length);
      const codes = new Map<string, number>();
      for (let end = 1; end < bytes.length; end += 37) {
        const code = await checkVoice(bytes.subarray(0, end), limits).then(
          () => "accepted",
          (e: AppError) => e.code,
        );
        codes.set(code, (codes.get(code) ?? 0) + 1);
      }
      // Never accepted. A cut in the first bytes is no container yet; one between two blocks reads as
      // a whole, shorter file, which the recorder's duration (or the minimum length) refuses.
      expect(codes.has("accepted"), name).toBe(false);
      for (const code of codes.keys())
        expect(["VOICE_FORMAT", "VOICE_TOO_SHORT", "VOICE_TRUNCATED"], name).toContain(code);
      expect(Math.max(...codes.values())).toBe(codes.get("VOICE_TRUNCATED"));
    }
  });

  it("refuses what is not the container at all", () => {
    expect(webmIsWhole(voiceFixture("beep-3s.mp4"))).toBe(false);
    expect(mp4IsWhole(voiceFixture("beep-3s.webm"))).toBe(false);
    expect(webmIsWhole(new Uint8Array(0))).toBe(false);
    expect(mp4IsWhole(new Uint8Array(0))).toBe(false);
  });
});

describe("byte ranges", () => {
  it("reads one range of the forms browsers send, and refuses what lies outside the file", () => {
    expect(byteRange(undefined, 100)).toBeNull();
    expect(byteRange("bytes=0-", 100)).toEqual([0, 99]);
    expect(byteRange("bytes=10-19", 100)).toEqual([10, 19]);
    expect(byteRange("bytes=90-500", 100)).toEqual([90, 99]);
    expect(byteRange("bytes=-10", 100)).toEqual([90, 99]);
    expect(byteRange("bytes=-500", 100)).toEqual([0, 99]);
    expect(byteRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(byteRange("bytes=20-10", 100)).toBe("unsatisfiable");
    expect(byteRange("bytes=-0", 100)).toBe("unsatisfiable");
    // Several ranges, other units, nonsense: the whole file.
    expect(byteRange("bytes=0-1,5-6", 100)).toBeNull();
    expect(byteRange("items=0-1", 100)).toBeNull();
    expect(byteRange("bytes=-", 100)).toBeNull();
  });
});
