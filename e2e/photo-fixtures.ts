// Photo helpers shared by the journeys: a camera-like JPEG made with sharp (nothing binary is
// committed), adding a photo through the framing dialog, and reading back what the server stored.
import { expect, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { PHOTO_MAX_BYTES, PHOTO_MAX_DIMENSION } from "../domain/constants.ts";
import { grain } from "../server/test/image-fixtures.ts";

export const CAMERA = { width: 4032, height: 3024 };
/** Stored left edge of the camera photo: shown at the top once turned a quarter clockwise. */
const RED_BAND = 600;

let camera: Promise<Buffer> | null = null;

/**
 * A camera-like JPEG: noise (so the size is real, about 4 MB), a red band on its stored left edge,
 * EXIF orientation 6 (show it turned 90° clockwise) and a GPS position. Made once per worker: the
 * journeys only read it.
 */
export function cameraJpeg(): Promise<Buffer> {
  camera ??= (async () => {
    const { width, height } = CAMERA;
    const pixels = grain(width, height, 128, 52);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < RED_BAND; x++) pixels.set([230, 20, 20], (y * width + x) * 3);
    }
    return sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 80 })
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "48/1 51/1 24/1",
          GPSLongitudeRef: "E",
          GPSLongitude: "2/1 21/1 3/1",
          GPSMapDatum: "GPS-E2E-SECRET",
        },
      })
      .toBuffer();
  })();
  return camera;
}

/** Mean red, green, blue of a region of an image. */
export async function meanColour(
  bytes: Buffer,
  region: { left: number; top: number; width: number; height: number },
) {
  // stats() reads its input, not the pipeline: extract first into a new image.
  const { channels } = await sharp(await sharp(bytes).extract(region).toBuffer()).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean)) as [number, number, number];
}

/** The stored main image and thumbnail of the photo at `index`, fetched with the member's session. */
export async function storedPhoto(page: Page, index: number) {
  const res = await page.request.get("/api/profile");
  const { photos } = (await res.json()) as { photos: { key: string; url: string; thumbUrl: string }[] };
  const photo = photos[index];
  if (!photo) throw new Error(`no photo ${index}`);
  const main = await page.request.get(photo.url);
  const thumb = await page.request.get(photo.thumbUrl);
  return {
    key: photo.key,
    keys: photos.map((p) => p.key),
    main: Buffer.from(await main.body()),
    mainType: main.headers()["content-type"],
    thumb: Buffer.from(await thumb.body()),
  };
}

/** Picks a file, waits for the framing dialog, optionally adjusts the square, sends and waits for the confirmation. */
export async function addPhoto(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
  frame?: (square: Locator) => Promise<void>,
) {
  await page.getByLabel("Ajouter une photo").setInputFiles(file);
  const dialog = page.getByRole("dialog", { name: "Cadrer votre photo" });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  const square = dialog.getByRole("application", { name: "Cadre de la vignette" });
  await expect(square).toBeVisible();
  if (frame) await frame(square);
  await dialog.getByRole("button", { name: "Envoyer la photo" }).click();
  await expect(page.getByText("Photo ajoutée.")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Fermer la notification" }).first().click();
}

/**
 * The camera photo as the server stored it: a portrait of 1200 × 1600 turned right (the red band of
 * its stored left edge now at the top), no larger than 2 MB, with no EXIF, orientation or GPS left.
 */
export async function expectCameraPhotoStoredUpright(main: Buffer) {
  const meta = await sharp(main).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, PHOTO_MAX_DIMENSION]);
  expect(main.length).toBeLessThanOrEqual(PHOTO_MAX_BYTES);
  const [r, g, b] = await meanColour(main, { left: 0, top: 0, width: 1200, height: 150 });
  expect(r).toBeGreaterThan(180);
  expect(Math.max(g, b)).toBeLessThan(80);
  const [lr, , lb] = await meanColour(main, { left: 0, top: 400, width: 100, height: 1200 });
  expect(Math.abs(lr - lb)).toBeLessThan(30); // the left edge is the grey noise
  expect(meta.exif).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
  // The EXIF block's header and the GPS datum written into the camera photo. (Not a bare « GPS »:
  // three given bytes turn up by chance in half a megabyte of compressed noise.)
  for (const marker of ["Exif\0\0", "GPS-E2E-SECRET"]) expect(main.includes(marker), marker).toBe(false);
}
