// One pixel limit for every decode of a member's bytes (issue 33): the header is read and refused
// without decoding, the pipelines carry the same limit, and no production module reaches sharp but
// through here.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { PHOTO_MAX_PIXELS } from "@domain/constants.ts";
import { describe, expect, it } from "vitest";
import { makeImage, makePngBomb } from "../../test/image-fixtures.ts";
import { ImageRefused, memberImage, perceptualHash, readImageHeader } from "./member-image.ts";

async function refusalOf(p: Promise<unknown>): Promise<ImageRefused> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ImageRefused);
  return err as ImageRefused;
}

describe("member images", () => {
  it("reads a photo’s header: format, size, and the size as shown", async () => {
    const header = await readImageHeader(await makeImage("jpeg", 64, 32));
    expect(header).toEqual({ format: "jpeg", width: 64, height: 32, shown: { width: 64, height: 32 } });
  });

  it("refuses the outside test’s interlaced bombs from their header: too many pixels", async () => {
    for (const [width, height] of [
      [16_000, 16_000],
      [10_000, 10_000],
    ] as const) {
      const bomb = makePngBomb(width, height, { interlaced: true });
      expect((await refusalOf(readImageHeader(bomb))).reason).toBe("too-many-pixels");
    }
  });

  it("accepts exactly the limit and refuses one row more", async () => {
    const side = Math.floor(Math.sqrt(PHOTO_MAX_PIXELS));
    expect((await readImageHeader(makePngBomb(side, side))).width).toBe(side);
    const over = Math.ceil(PHOTO_MAX_PIXELS / side) + 1;
    expect((await refusalOf(readImageHeader(makePngBomb(side, over)))).reason).toBe("too-many-pixels");
  });

  it("refuses what is not an image", async () => {
    const refusal = await refusalOf(readImageHeader(Buffer.from("<html>pas une image</html>")));
    expect(refusal.reason).toBe("not-image");
  });

  it("decodes under the same limit even when the header was not read first", async () => {
    const bomb = makePngBomb(16_000, 16_000, { interlaced: true });
    await expect(memberImage(bomb).resize(64, 64).raw().toBuffer()).rejects.toThrow(/pixel limit/);
    await expect(perceptualHash(bomb)).rejects.toThrow(/pixel limit/);
  });

  it("is the only way production code reaches sharp", async () => {
    const server = path.resolve(import.meta.dirname, "../..");
    const files = (await readdir(server, { recursive: true }))
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
      .filter(
        (f) => !f.startsWith(`platform${path.sep}images${path.sep}`) && !f.startsWith(`test${path.sep}`),
      );
    expect(files.length).toBeGreaterThan(100);
    const reaching: string[] = [];
    for (const file of files) {
      const text = await readFile(path.join(server, file), "utf8");
      // A type import decodes nothing; a value import of sharp or sharp-phash would.
      if (/^import (?!type )[^;]*from "sharp(-phash)?";/m.test(text)) reaching.push(file);
    }
    expect(reaching).toEqual([]);
  });
});
