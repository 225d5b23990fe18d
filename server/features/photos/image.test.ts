import { PHOTO_MAX_DIMENSION, PHOTO_THUMB_DIMENSION } from "@domain/constants.ts";
import { MSG } from "@domain/messages.ts";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { AppError } from "../../platform/http/errors.ts";
import {
  EXIF_MARKERS,
  makeImage,
  makeJpegWithGps,
  makePngBomb,
  makeTruncatedJpeg,
  SVG_FIXTURE,
} from "../../test/image-fixtures.ts";
import { extensionFor, processPhoto } from "./image.ts";

async function refusal(input: Uint8Array): Promise<AppError> {
  try {
    await processPhoto(input);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
  throw new Error("processPhoto accepted the input");
}

describe("extensionFor", () => {
  it.each([
    ["photo.jpg", "jpeg", ".jpg"],
    ["photo.jpeg", "jpeg", ".jpeg"],
    ["PHOTO.JPG", "jpeg", ".jpg"],
    ["Photo.Jpeg", "jpeg", ".jpeg"],
    ["photo.png", "png", ".png"],
    ["photo.webp", "webp", ".webp"],
    // Extension that does not name the detected format: the format's own extension.
    ["photo.png", "jpeg", ".jpg"],
    ["photo.jpg", "png", ".png"],
    ["photo.jpeg", "webp", ".webp"],
    ["photo.gif", "jpeg", ".jpg"],
    ["photo.svg", "png", ".png"],
    ["photo.jpg.exe", "jpeg", ".jpg"],
    // Only the last extension counts.
    ["archive.png.jpg", "jpeg", ".jpg"],
    ["archive.jpg.png", "jpeg", ".jpg"],
    // No extension, empty name, trailing dot, dot files, paths in the name.
    ["photo", "png", ".png"],
    ["", "webp", ".webp"],
    ["photo.", "jpeg", ".jpg"],
    [".jpg", "jpeg", ".jpg"],
    ["../../etc/passwd.jpg", "jpeg", ".jpg"],
    ["dir.jpg/photo", "jpeg", ".jpg"],
    ["photo.jp/g", "jpeg", ".jpg"],
  ] as const)("%j as %s → %s", (name, format, ext) => {
    expect(extensionFor(name, format)).toBe(ext);
  });

  it("only ever returns one of the accepted extensions", () => {
    for (const name of ["x.JPG", "x.php", "x.html", "x.svg", "x.%00.jpg", "x.jpg%00.php", "x .jpg"]) {
      for (const format of ["jpeg", "png", "webp"] as const) {
        expect([".jpg", ".jpeg", ".png", ".webp"]).toContain(extensionFor(name, format));
      }
    }
  });
});

describe("processPhoto", () => {
  it.each(["jpeg", "png", "webp"] as const)(
    "re-encodes a %s in its own format with a square thumbnail",
    async (format) => {
      const out = await processPhoto(await makeImage(format, 300, 200));
      expect(out.format).toBe(format);
      const main = await sharp(out.main).metadata();
      expect(main.format).toBe(format);
      expect([main.width, main.height]).toEqual([300, 200]);
      const thumb = await sharp(out.thumb).metadata();
      expect(thumb.format).toBe(format);
      expect([thumb.width, thumb.height]).toEqual([PHOTO_THUMB_DIMENSION, PHOTO_THUMB_DIMENSION]);
    },
  );

  it("does not enlarge small photos", async () => {
    const out = await processPhoto(await makeImage("png", 40, 30));
    const meta = await sharp(out.main).metadata();
    expect([meta.width, meta.height]).toEqual([40, 30]);
  });

  it("bounds the longest side to PHOTO_MAX_DIMENSION, keeping the ratio", async () => {
    const out = await processPhoto(await makeImage("jpeg", 1000, 4000));
    const meta = await sharp(out.main).metadata();
    expect([meta.width, meta.height]).toEqual([PHOTO_MAX_DIMENSION / 4, PHOTO_MAX_DIMENSION]);
  });

  it("drops EXIF (with GPS), XMP and the orientation tag, rotating the pixels instead", async () => {
    const input = await makeJpegWithGps(6, 64, 32);
    const before = await sharp(input).metadata();
    // The fixture really carries what must be removed.
    expect(before.exif).toBeDefined();
    expect(before.xmp).toBeDefined();
    expect(before.orientation).toBe(6);
    expect(input.includes(EXIF_MARKERS.gpsDatum)).toBe(true);

    const out = await processPhoto(input);
    for (const buf of [out.main, out.thumb]) {
      const meta = await sharp(buf).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      for (const marker of ["Exif", "GPS", "XMP", "xmpmeta", EXIF_MARKERS.copyright]) {
        expect(buf.includes(marker)).toBe(false);
      }
    }
    const main = await sharp(out.main).metadata();
    expect([main.width, main.height]).toEqual([32, 64]);
  });

  it("drops PNG text chunks and EXIF", async () => {
    const input = await sharp(await makeImage("png", 32, 32))
      .png()
      .withExif({ IFD0: { Copyright: EXIF_MARKERS.copyright } })
      .toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const out = await processPhoto(input);
    const meta = await sharp(out.main).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.comments ?? []).toEqual([]);
    expect(out.main.includes(EXIF_MARKERS.copyright)).toBe(false);
  });

  it.each([
    ["plain text", Buffer.from("Bonjour, ceci n’est pas une image.")],
    ["an empty buffer", Buffer.alloc(0)],
    ["an HTML page", Buffer.from("<!doctype html><html><script>alert(1)</script></html>")],
    ["a JPEG signature alone", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10])],
    ["a PNG signature alone", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  ])("refuses %s as PHOTO_NOT_IMAGE", async (_label, input) => {
    const err = await refusal(input);
    expect(err.code).toBe("PHOTO_NOT_IMAGE");
    expect(err.status).toBe(400);
    expect(err.message).toBe(MSG.PHOTO_NOT_IMAGE);
  });

  it("refuses a truncated JPEG as PHOTO_NOT_IMAGE", async () => {
    const err = await refusal(await makeTruncatedJpeg());
    expect([err.status, err.code]).toEqual([400, "PHOTO_NOT_IMAGE"]);
  });

  it("refuses a truncated PNG as PHOTO_NOT_IMAGE", async () => {
    const full = await makeImage("png", 256, 256, true);
    const err = await refusal(full.subarray(0, Math.floor(full.length / 2)));
    expect([err.status, err.code]).toEqual([400, "PHOTO_NOT_IMAGE"]);
  });

  it("refuses GIF, SVG, TIFF and AVIF as PHOTO_FORMAT_UNSUPPORTED", async () => {
    const base = sharp({ create: { width: 16, height: 16, channels: 3, background: "#123456" } });
    const inputs = [
      await makeImage("gif"),
      SVG_FIXTURE,
      await base.clone().tiff().toBuffer(),
      await base.clone().avif().toBuffer(),
    ];
    for (const input of inputs) {
      const err = await refusal(input);
      expect([err.status, err.code, err.message]).toEqual([
        400,
        "PHOTO_FORMAT_UNSUPPORTED",
        MSG.PHOTO_FORMAT_UNSUPPORTED,
      ]);
    }
  });

  it("refuses a 20000×20000 PNG decompression bomb from its header, without decoding it", async () => {
    const bomb = makePngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200_000);
    const meta = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 20_000, 20_000]);

    const rssBefore = process.memoryUsage().rss;
    const err = await refusal(bomb);
    expect([err.status, err.code, err.message]).toEqual([
      400,
      "PHOTO_TOO_MANY_PIXELS",
      MSG.PHOTO_TOO_MANY_PIXELS,
    ]);
    // Decoding would need 400 megapixels (≥ 400 MB even as 8-bit greyscale). How fast the refusal is
    // is measured in bench/, not asserted here: server/platform/images/member-image.test.ts shows the header
    // alone decides.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(150 * 1024 * 1024);
  });

  it("refuses a PNG just above 40 megapixels", async () => {
    const err = await refusal(makePngBomb(6_325, 6_325));
    expect(err.code).toBe("PHOTO_TOO_MANY_PIXELS");
  });
});
