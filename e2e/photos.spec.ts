// Phone photos in real Chromium: a 4032 × 3024 camera JPEG of about 4 MB with EXIF orientation 6
// and GPS tags is prepared in the browser (worker, then the main-thread fallback), framed, sent and
// stored upright without metadata; a PNG screenshot with transparency and a WebP too; photos are
// reordered and re-framed; messages show inside the viewport, above the phone's bottom bar.
// Images are generated here with sharp; nothing binary is committed.

import { expect, type Locator, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { PHOTO_MAX_BYTES, PHOTO_MAX_DIMENSION, PHOTO_THUMB_DIMENSION } from "../domain/constants.ts";
import { deName } from "../domain/french.ts";
import { MSG } from "../domain/messages.ts";
import { grain } from "../server/test/image-fixtures.ts";
import { seriousViolations } from "./accessibility.ts";
import { joinThroughApi, uniqueFirstName } from "./fixtures.ts";
import {
  addPhoto,
  CAMERA,
  cameraJpeg,
  expectCameraPhotoStoredUpright,
  meanColour,
  storedPhoto,
} from "./photo-fixtures.ts";

/** A phone screenshot as PNG: opaque teal on top, transparent below (flattened onto white). */
async function screenshotPng(): Promise<Buffer> {
  const top = await sharp({
    create: { width: 1170, height: 1266, channels: 4, background: { r: 10, g: 110, b: 110, alpha: 1 } },
  })
    .png()
    .toBuffer();
  return sharp({
    create: { width: 1170, height: 2532, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([{ input: top, left: 0, top: 0 }])
    .png()
    .toBuffer();
}

async function noisyWebp(): Promise<Buffer> {
  const [width, height] = [3024, 4032];
  // Effort 0: noise weighs the same whatever the effort, and is encoded in under half the time.
  return sharp(grain(width, height, 90, 43), { raw: { width, height, channels: 3 } })
    .webp({ quality: 90, effort: 0 })
    .toBuffer();
}

/** Records the label of every progress bar shown from now on (preparation can be quick). */
async function recordProgressBars(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      // The photo's progress bars (the page also shows the profile's completeness as one).
      for (const el of document.querySelectorAll(
        '[role="progressbar"]:not([aria-label="Profil complété"])',
      )) {
        const label = el.getAttribute("aria-label") ?? "";
        if (!seen.includes(label)) seen.push(label);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}
const progressSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);

interface Measure {
  duration: number;
  method: string;
  bytes: number;
  width: number;
  height: number;
  inputBytes: number;
}
async function lastPreparation(page: Page): Promise<Measure> {
  const all = await page.evaluate(() =>
    performance
      .getEntriesByName("passerelle:photo-preparation")
      .map((e) => ({ duration: e.duration, ...(e as PerformanceMeasure).detail })),
  );
  const last = all.at(-1);
  if (!last) throw new Error("no preparation measured");
  return last as Measure;
}

const squareOf = async (square: Locator) =>
  ((await square.getAttribute("data-square")) ?? "").split(",").map(Number) as [number, number, number];

/** The element is fully inside the viewport, clear of the sticky header and the bottom bar, and on top. */
async function expectUncovered(page: Page, target: Locator) {
  const box = await target.boundingBox();
  if (!box) throw new Error("not rendered");
  const viewport = page.viewportSize()!;
  const header = await page.locator("header").first().boundingBox();
  const nav = page.getByRole("navigation", { name: "Navigation rapide" });
  const navBox = (await nav.isVisible()) ? await nav.boundingBox() : null;
  const floor = navBox ? navBox.y : viewport.height;
  expect(box.y, "below the header").toBeGreaterThanOrEqual(header ? header.y + header.height - 1 : 0);
  expect(box.y + box.height, "above the bottom bar").toBeLessThanOrEqual(floor + 1);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 1);
  // Nothing drawn over its centre.
  const onTop = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && el.contains(hit);
  });
  expect(onTop, "not covered").toBe(true);
}

test("a phone photo, a screenshot and a WebP are prepared, framed, sent, reordered and re-framed", async ({
  page,
  isMobile,
}, testInfo) => {
  test.setTimeout(180_000);
  const firstName = uniqueFirstName("Mariama");
  await joinThroughApi(page, { firstName, gender: "Femme" });
  await page.goto("/profile");

  // ---- the camera photo --------------------------------------------------------------------
  const camera = await cameraJpeg();
  expect(camera.length).toBeGreaterThan(3_000_000);
  expect(camera.length).toBeLessThan(6_000_000);
  const inMeta = await sharp(camera).metadata();
  expect([inMeta.width, inMeta.height, inMeta.orientation]).toEqual([CAMERA.width, CAMERA.height, 6]);
  expect(camera.includes("GPS-E2E-SECRET")).toBe(true);

  await recordProgressBars(page);
  await addPhoto(
    page,
    { name: "IMG_20261122_143012.jpg", mimeType: "image/jpeg", buffer: camera },
    async (square) => {
      // Portrait 1200 × 1600 once prepared: the largest centred square, then dragged down a little
      // with the pointer, then brought to the very top with the keyboard (Shift + ↑: 10 % steps).
      expect(await squareOf(square)).toEqual([0, 200, 1200]);
      const box = (await square.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 40, { steps: 4 });
      await page.mouse.up();
      const [, draggedTop] = await squareOf(square);
      expect(draggedTop).toBeGreaterThan(200);
      await square.focus();
      for (let i = 0; i < 4; i++) await page.keyboard.press("Shift+ArrowUp");
      expect(await squareOf(square)).toEqual([0, 0, 1200]);
    },
  );
  const prepared = await lastPreparation(page);
  console.log(
    `[photos] ${testInfo.project.name}: ${CAMERA.width}×${CAMERA.height} JPEG of ${camera.length} bytes prepared ` +
      `in ${Math.round(prepared.duration)} ms (${prepared.method}) to ${prepared.width}×${prepared.height}, ${prepared.bytes} bytes`,
  );
  expect(prepared.method).toBe("worker");
  expect([prepared.width, prepared.height]).toEqual([1200, PHOTO_MAX_DIMENSION]);
  expect(prepared.bytes).toBeLessThanOrEqual(PHOTO_MAX_BYTES);
  expect(await progressSeen(page)).toEqual(["Préparation de la photo…", "Envoi…"]);

  const first = await storedPhoto(page, 0);
  await expectCameraPhotoStoredUpright(first.main);
  // The thumbnail is the square chosen at the top: red across its first rows.
  const thumbMeta = await sharp(first.thumb).metadata();
  expect([thumbMeta.width, thumbMeta.height]).toEqual([PHOTO_THUMB_DIMENSION, PHOTO_THUMB_DIMENSION]);
  expect((await meanColour(first.thumb, { left: 0, top: 0, width: 400, height: 60 }))[0]).toBeGreaterThan(
    180,
  );
  expect(first.thumb.includes("GPS-E2E-SECRET")).toBe(false);

  // ---- a PNG screenshot with transparency, and a WebP -----------------------------------------
  await addPhoto(page, { name: "Capture d’écran.png", mimeType: "image/png", buffer: await screenshotPng() });
  const screenshot = await storedPhoto(page, 1);
  expect(screenshot.key).toMatch(/\.jpg$/);
  expect(screenshot.mainType).toBe("image/jpeg");
  const shotMeta = await sharp(screenshot.main).metadata();
  expect([shotMeta.format, shotMeta.height]).toEqual(["jpeg", PHOTO_MAX_DIMENSION]);
  // The transparent half became white.
  const white = await meanColour(screenshot.main, { left: 0, top: 1300, width: 200, height: 200 });
  for (const c of white) expect(c).toBeGreaterThan(245);

  const webp = await noisyWebp();
  await addPhoto(page, { name: "photo.webp", mimeType: "image/webp", buffer: webp });
  const third = await storedPhoto(page, 2);
  console.log(
    `[photos] ${testInfo.project.name}: WebP 3024×4032 of ${webp.length} bytes sent as ${(await lastPreparation(page)).bytes} bytes`,
  );
  expect((await sharp(third.main).metadata()).height).toBe(PHOTO_MAX_DIMENSION);
  const keys = third.keys;
  expect(keys).toHaveLength(3);

  // ---- reorder -------------------------------------------------------------------------------
  await page.getByRole("button", { name: "Déplacer la photo 3 avant" }).click();
  await expect(page.getByText("Photo déplacée en position 2.")).toBeVisible();
  await expectUncovered(page, page.getByText("Photo déplacée en position 2."));
  await expect.poll(async () => (await storedPhoto(page, 0)).keys).toEqual([keys[0], keys[2], keys[1]]);
  // By keyboard: the focus stays on the moved photo's control.
  await page.getByRole("button", { name: "Déplacer la photo 2 avant" }).focus();
  await page.keyboard.press("Enter");
  await expect(
    page.getByText("Photo déplacée en première position : c’est votre photo principale."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Déplacer la photo 1 après" })).toBeFocused();
  await expect.poll(async () => (await storedPhoto(page, 0)).keys).toEqual([keys[2], keys[0], keys[1]]);

  // ---- re-frame the main photo (the WebP, now first) ---------------------------------------------
  const before = await storedPhoto(page, 0);
  await page.getByRole("button", { name: "Recadrer la vignette de la photo 1" }).click();
  const dialog = page.getByRole("dialog", { name: "Recadrer la vignette" });
  const square = dialog.getByRole("application", { name: "Cadre de la vignette" });
  await expect(square).toBeVisible();
  await square.focus();
  await page.keyboard.press("+");
  await page.keyboard.press("Shift+ArrowDown");
  const chosen = await squareOf(square);
  expect(chosen[2]).toBeLessThan(1200);
  expect(await seriousViolations(page, { include: "dialog[open]" })).toEqual([]);
  await dialog.getByRole("button", { name: "Enregistrer le cadrage" }).click();
  await expect(page.getByText("Vignette recadrée.")).toBeVisible();
  const after = await storedPhoto(page, 0);
  expect(after.key).not.toBe(before.key);
  expect(after.keys).toEqual([after.key, keys[0], keys[1]]);
  expect(Buffer.compare(after.main, before.main)).toBe(0);
  expect((await page.request.get(`/storage/profiles/${before.key}`)).status()).toBe(404);
  await expect(page.getByRole("img", { name: `Photo 1 ${deName(firstName)}` })).toHaveAttribute(
    "src",
    `/storage/profiles/photos/thumbs/${after.key.slice("photos/".length)}`,
  );

  // ---- a refusal, where the member is looking --------------------------------------------------
  // The « Ajouter une photo » button sits just above the bottom bar, as after scrolling to it: its
  // message appears below it, so without being brought into view it would be under the bar.
  const addButton = page.locator("label", { hasText: "Ajouter une photo" });
  await addButton.evaluate((el) => {
    const nav = document.querySelector('nav[aria-label="Navigation rapide"]');
    const floor =
      nav && nav.getBoundingClientRect().height > 0 ? nav.getBoundingClientRect().top : innerHeight;
    window.scrollBy(0, el.getBoundingClientRect().bottom - floor + 4);
  });
  await page.getByLabel("Ajouter une photo").setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("pas une image"),
  });
  const alert = page.getByRole("alert").filter({ hasText: MSG.PHOTO_NOT_IMAGE });
  await expect(alert).toBeVisible();
  await expectUncovered(page, alert);
  await page.screenshot({ path: testInfo.outputPath("refusal-in-view.png") });

  // HEIC from an iPhone: Chromium cannot read it; the message says what to do.
  const heic = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from("ftypheic\0\0\0\0mif1heic", "latin1"),
    Buffer.alloc(2000, 7),
  ]);
  await page
    .getByLabel("Ajouter une photo")
    .setInputFiles({ name: "IMG_0042.HEIC", mimeType: "image/heic", buffer: heic });
  const heicAlert = page.getByRole("alert").filter({ hasText: "HEIC" });
  await expect(heicAlert).toHaveText(MSG.PHOTO_HEIC_UNSUPPORTED);
  await expectUncovered(page, heicAlert);

  // A toast is above the bottom bar too.
  await page.getByRole("button", { name: "Déplacer la photo 2 après" }).click();
  const toast = page.getByText("Photo déplacée en position 3.");
  await expect(toast).toBeVisible();
  await expectUncovered(page, toast);
  await page.screenshot({ path: testInfo.outputPath("toast-in-view.png") });
  expect(await seriousViolations(page, { include: '[aria-labelledby="section-photos"]' })).toEqual([]);
  if (isMobile) {
    expect(page.viewportSize()).toEqual({ width: 375, height: 800 });
    // The smallest phone width: nothing wider than the window, the framing dialog included.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBe(0);
    await page.getByRole("button", { name: "Recadrer la vignette de la photo 2" }).click();
    const small = page.getByRole("dialog", { name: "Recadrer la vignette" });
    await expect(small.getByRole("application", { name: "Cadre de la vignette" })).toBeVisible();
    await expect(small.getByRole("button", { name: "Enregistrer le cadrage" })).toBeInViewport();
    const box = (await small.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await page.screenshot({ path: testInfo.outputPath("framing-360.png") });
    await small.getByRole("button", { name: "Annuler" }).click();
  }
});

test("without OffscreenCanvas, the main thread prepares the photo, upright", async ({ page }, testInfo) => {
  await page.addInitScript(() => {
    // Like a browser without OffscreenCanvas (Safari before 16.4).
    delete (window as { OffscreenCanvas?: unknown }).OffscreenCanvas;
  });
  await joinThroughApi(page, { firstName: uniqueFirstName("Fatou"), gender: "Femme" });
  await page.goto("/profile");
  await addPhoto(page, { name: "IMG_1.jpg", mimeType: "image/jpeg", buffer: await cameraJpeg() });
  const prepared = await lastPreparation(page);
  console.log(
    `[photos] ${testInfo.project.name}: main-thread preparation in ${Math.round(prepared.duration)} ms, ${prepared.bytes} bytes`,
  );
  expect(prepared.method).toBe("main-thread");
  const stored = await storedPhoto(page, 0);
  const meta = await sharp(stored.main).metadata();
  expect([meta.width, meta.height]).toEqual([1200, PHOTO_MAX_DIMENSION]);
  expect((await meanColour(stored.main, { left: 0, top: 0, width: 1200, height: 150 }))[0]).toBeGreaterThan(
    180,
  );
  expect(meta.exif).toBeUndefined();
});
