// Finding the square a thumbnail was cut from (issue 39): for a member's square anywhere in the
// photo, sharp's "attention" crop, a portrait and a landscape, within a pixel or two; and nothing
// for a thumbnail of another picture.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { makePhotoLikeJpeg } from "../../test/image-fixtures.ts";
import { findSquare } from "./square-match.ts";

const photo = (width: number, height: number) => makePhotoLikeJpeg(width, height, 82);

const thumbOf = (main: Buffer, left: number, top: number, size: number) =>
  sharp(main)
    .extract({ left, top, width: size, height: size })
    .resize(400, 400)
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();

describe("findSquare", () => {
  it("finds a member’s square, large or small, anywhere in a landscape or a portrait", async () => {
    for (const [width, height, squares] of [
      [
        1200,
        900,
        [
          [300, 100, 700],
          [0, 0, 900],
          [850, 560, 330],
        ],
      ],
      [
        800,
        1000,
        [
          [40, 180, 600],
          [0, 200, 800],
        ],
      ],
    ] as const) {
      const main = await photo(width, height);
      for (const [left, top, size] of squares) {
        const found = await findSquare(main, await thumbOf(main, left, top, size));
        expect(found, `${width}×${height} ${left},${top},${size}`).not.toBeNull();
        expect(Math.abs(found!.left - left)).toBeLessThanOrEqual(2);
        expect(Math.abs(found!.top - top)).toBeLessThanOrEqual(2);
        expect(Math.abs(found!.size - size)).toBeLessThanOrEqual(3);
      }
    }
  });

  it("finds sharp’s attention crop, the thumbnail of an upload without a chosen square", async () => {
    const main = await photo(1000, 700);
    const { data, info } = await sharp(main)
      .resize(400, 400, { fit: "cover", position: "attention" })
      .jpeg()
      .toBuffer({ resolveWithObject: true });
    const found = await findSquare(main, data);
    // The crop's offset, in the 400 px-high copy sharp cut it from (negative, as sharp gives it).
    const left = (-(info.cropOffsetLeft ?? 0) * 700) / 400;
    expect(found).not.toBeNull();
    expect(found!.size).toBeGreaterThanOrEqual(698);
    expect(Math.abs(found!.left - left)).toBeLessThanOrEqual(3);
    expect(found!.top).toBe(0);
  });

  it("finds nothing in another picture", async () => {
    const main = await photo(900, 900);
    const other = await photo(900, 900);
    expect(await findSquare(main, await thumbOf(other, 100, 100, 600))).toBeNull();
  });
});
