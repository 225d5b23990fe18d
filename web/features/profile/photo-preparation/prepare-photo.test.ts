// The parts of photo preparation that need no image decoder; decoding, resizing and encoding run
// in Chromium (e2e/photos.spec.ts).
import { MSG } from "@domain/messages.ts";
import { describe, expect, it } from "vitest";
import { encodeWithinTarget, QUALITIES, TARGET_BYTES, targetSize } from "./encode.ts";
import {
  checkBeforePreparing,
  isHeic,
  PhotoPreparationError,
  preparedName,
  preparePhoto,
} from "./prepare-photo.ts";

const file = (name: string, type: string) => new File(["x"], name, { type });

describe("photo preparation", () => {
  it("brings the longest side to 1600 px and never enlarges", () => {
    expect(targetSize(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(targetSize(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(targetSize(1170, 2532)).toEqual({ width: 739, height: 1600 });
    expect(targetSize(800, 600)).toEqual({ width: 800, height: 600 });
    expect(targetSize(20000, 10)).toEqual({ width: 1600, height: 1 });
  });

  it("lowers the quality until the photo is small enough, and stops there", async () => {
    const tried: number[] = [];
    const sizes = [3_000_000, 1_800_000, 1_200_000];
    const blob = await encodeWithinTarget(
      async (q) => {
        tried.push(q);
        return new Blob([new Uint8Array(sizes[tried.length - 1] ?? 0)]);
      },
      () => {},
    );
    expect(tried).toEqual([0.9, 0.8, 0.7]);
    expect(blob.size).toBeLessThanOrEqual(TARGET_BYTES);
  });

  it("gives back the last try when no quality is small enough", async () => {
    let calls = 0;
    const blob = await encodeWithinTarget(
      async () => {
        calls++;
        return new Blob([new Uint8Array(TARGET_BYTES + 1)]);
      },
      () => {},
    );
    expect(calls).toBe(QUALITIES.length);
    expect(blob.size).toBe(TARGET_BYTES + 1);
  });

  it.each([
    ["photo.jpg", "image/jpeg", null],
    ["capture.png", "image/png", null],
    ["photo.webp", "image/webp", null],
    ["IMG_1.HEIC", "image/heic", null],
    ["IMG_1.heic", "", null],
    ["IMG_1.HEIF", "application/octet-stream", null],
    ["anim.gif", "image/gif", "PHOTO_FORMAT_UNSUPPORTED"],
    ["logo.svg", "image/svg+xml", "PHOTO_FORMAT_UNSUPPORTED"],
    ["notes.txt", "text/plain", "PHOTO_NOT_IMAGE"],
    ["photo", "", "PHOTO_NOT_IMAGE"],
  ])("checks %s (%s) before decoding: %s", (name, type, expected) => {
    expect(checkBeforePreparing(file(name, type))).toBe(expected);
  });

  it("recognises HEIC by type, or by name when the browser gives no type", () => {
    expect(isHeic(file("a.heic", "image/heic"))).toBe(true);
    expect(isHeic(file("a.HEIC", ""))).toBe(true);
    expect(isHeic(file("a.heic.jpg", "image/jpeg"))).toBe(false);
    expect(isHeic(file("a.jpg", ""))).toBe(false);
  });

  it("names the prepared file as a JPEG", () => {
    expect(preparedName("IMG_1234.HEIC")).toBe("IMG_1234.jpg");
    expect(preparedName("Capture d’écran 2026-11-22.png")).toBe("Capture d’écran 2026-11-22.jpg");
    expect(preparedName("photo")).toBe("photo.jpg");
    expect(preparedName(".png")).toBe("photo.jpg");
  });

  it("refuses a non-image with the SPEC’s message before any decoding", async () => {
    const refusal = preparePhoto(file("notes.txt", "text/plain"));
    await expect(refusal).rejects.toBeInstanceOf(PhotoPreparationError);
    await expect(refusal).rejects.toThrow(MSG.PHOTO_NOT_IMAGE);
  });
});
