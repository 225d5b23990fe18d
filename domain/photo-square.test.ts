import { describe, expect, it } from "vitest";
import { PHOTO_CROP_MIN_SIZE } from "./constants.ts";
import { centredSquare, minSquareSize, photoSquareSchema, scaleSquare, squareFits } from "./photo-square.ts";

describe("photo squares", () => {
  it("takes the largest centred square by default", () => {
    expect(centredSquare(1200, 1600)).toEqual({ left: 0, top: 200, size: 1200 });
    expect(centredSquare(1600, 1200)).toEqual({ left: 200, top: 0, size: 1200 });
    expect(centredSquare(801, 600)).toEqual({ left: 100, top: 0, size: 600 });
    expect(centredSquare(64, 64)).toEqual({ left: 0, top: 0, size: 64 });
  });

  it("allows squares down to 100 px, or the short side of a smaller image", () => {
    expect(minSquareSize(1600, 1200)).toBe(PHOTO_CROP_MIN_SIZE);
    expect(minSquareSize(64, 48)).toBe(48);
    expect(squareFits({ left: 0, top: 0, size: 100 }, 1600, 1200)).toBe(true);
    expect(squareFits({ left: 0, top: 0, size: 99 }, 1600, 1200)).toBe(false);
    expect(squareFits({ left: 16, top: 0, size: 48 }, 64, 48)).toBe(true);
  });

  it.each([
    [{ left: 400, top: 0, size: 1200 }, true],
    [{ left: 401, top: 0, size: 1200 }, false],
    [{ left: 0, top: 1, size: 1200 }, false],
    [{ left: -1, top: 0, size: 200 }, false],
    [{ left: 0.5, top: 0, size: 200 }, false],
    [{ left: Number.NaN, top: 0, size: 200 }, false],
    [{ left: 0, top: 0, size: Number.POSITIVE_INFINITY }, false],
    [{ left: 2 ** 53, top: 0, size: 200 }, false],
  ])("checks %o against a 1600 × 1200 image: %s", (square, fits) => {
    expect(squareFits(square, 1600, 1200)).toBe(fits);
  });

  it("scales a square onto a resized image, staying inside it", () => {
    expect(scaleSquare({ left: 1600, top: 0, size: 1600 }, 0.5, 1600, 800)).toEqual({
      left: 800,
      top: 0,
      size: 800,
    });
    // Rounding never pushes it past an edge.
    const scaled = scaleSquare({ left: 2419, top: 1, size: 1613 }, 1600 / 4032, 1600, 1200);
    expect(scaled.left + scaled.size).toBeLessThanOrEqual(1600);
    expect(squareFits(scaled, 1600, 1200)).toBe(true);
  });

  it("parses only whole, bounded coordinates with no extra field", () => {
    expect(photoSquareSchema.safeParse({ left: 0, top: 0, size: 1 }).success).toBe(true);
    for (const bad of [
      { left: 0, top: 0, size: 0 },
      { left: 0, top: 0, size: 100_001 },
      { left: 0, top: 0, size: 1.5 },
      { left: "0", top: 0, size: 10 },
      { left: 0, top: 0, size: 10, extra: 1 },
      { left: 0, top: 0, size: Number.POSITIVE_INFINITY },
      [0, 0, 10],
    ]) {
      expect(photoSquareSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
