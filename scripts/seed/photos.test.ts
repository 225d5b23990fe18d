import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PHOTO_THUMB_DIMENSION } from "@domain/constants.ts";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage } from "../../server/platform/storage/local.ts";
import { thumbKey } from "../../server/platform/storage/photo-keys.ts";
import type { Storage } from "../../server/platform/storage/storage.ts";
import {
  ensurePhotoPool,
  MAIN_HEIGHT,
  MAIN_WIDTH,
  type PhotoJob,
  POOL_SIZE,
  pickPooledPhotos,
  planPhotos,
  poolKey,
  renderPhoto,
  storePhotos,
} from "./photos.ts";
import { type PortraitLook, portraitLook } from "./portrait-look.ts";
import { Random } from "./random.ts";

const job = (over: Partial<PhotoJob> = {}): PhotoJob => ({
  userId: "u".repeat(32),
  person: { region: "subsaharan", gender: "female", age: 34 },
  hue: 30,
  count: 3,
  uploadedAt: 1_800_000_000_000,
  seed: 42,
  ...over,
});

/** Decodes a picture completely (not only its header) and returns its format and size. */
async function decode(body: Uint8Array) {
  const meta = await sharp(body).metadata();
  const { info } = await sharp(body).raw().toBuffer({ resolveWithObject: true });
  return { format: meta.format, width: info.width, height: info.height };
}

describe("renderPhoto", () => {
  it("gives a 4:5 WebP portrait and its 400×400 WebP thumbnail", async () => {
    const [task] = planPhotos(job());
    const photo = await renderPhoto(task!.look, task!.pose);
    expect(await decode(photo.main)).toEqual({ format: "webp", width: MAIN_WIDTH, height: MAIN_HEIGHT });
    expect(await decode(photo.thumb)).toEqual({
      format: "webp",
      width: PHOTO_THUMB_DIMENSION,
      height: PHOTO_THUMB_DIMENSION,
    });
  });

  it("draws the same pictures from the same seed", async () => {
    const a = planPhotos(job());
    expect(planPhotos(job())).toEqual(a);
    const [x, y] = await Promise.all([
      renderPhoto(a[1]!.look, a[1]!.pose),
      renderPhoto(a[1]!.look, a[1]!.pose),
    ]);
    expect(Buffer.compare(x.main, y.main)).toBe(0);
    expect(planPhotos(job({ seed: 43 }))[0]!.look).not.toEqual(a[0]!.look);
  });

  it("shows one person in all of a member’s photos, posed differently", () => {
    const tasks = planPhotos(job());
    expect(tasks.map((t) => t.key.replace(/-[0-9a-f]{32}\./, "."))).toEqual([
      `photos/${"u".repeat(32)}1800000000000.webp`,
      `photos/${"u".repeat(32)}1800000060000.webp`,
      `photos/${"u".repeat(32)}1800000120000.webp`,
    ]);
    // Each with a random part of its own (drawn from the seed).
    expect(new Set(tasks.map((t) => /-([0-9a-f]{32})\./.exec(t.key)?.[1])).size).toBe(3);
    for (const t of tasks) expect(t.look).toEqual(tasks[0]!.look);
    expect(new Set(tasks.map((t) => JSON.stringify(t.pose))).size).toBe(3);
  });

  it("paints the skin tone: a deep tone gives a darker picture than a fair one", async () => {
    const rng = new Random(9);
    const look: PortraitLook = {
      ...portraitLook({ region: "europe", gender: "male", age: 30 }, rng),
      glasses: null,
    };
    const [task] = planPhotos(job({ person: { region: "europe", gender: "male", age: 30 } }));
    const brightness = async (skin: PortraitLook["skin"]) => {
      const { thumb } = await renderPhoto({ ...look, skin }, task!.pose);
      const { channels } = await sharp(thumb).stats();
      return channels.slice(0, 3).reduce((sum, c) => sum + c.mean, 0) / 3;
    };
    const [deep, fair] = await Promise.all([brightness("deep"), brightness("fair")]);
    expect(fair - deep).toBeGreaterThan(10);
  });
});

describe("stored photos and the shared pool", () => {
  let root: string;
  let storage: Storage;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "passerelle-seed-photos-"));
    storage = createLocalStorage(root, "profiles");
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("stores each photo and its thumbnail as image/webp", async () => {
    const tasks = planPhotos(job({ count: 2 }));
    await storePhotos(storage, tasks);
    for (const t of tasks) {
      const main = await storage.get(t.key);
      const thumb = await storage.get(thumbKey(t.key));
      expect(main?.contentType).toBe("image/webp");
      expect(thumb?.contentType).toBe("image/webp");
      expect(await decode(main!.body)).toMatchObject({ width: MAIN_WIDTH, height: MAIN_HEIGHT });
      expect(await decode(thumb!.body)).toMatchObject({ width: PHOTO_THUMB_DIMENSION });
    }
  });

  it("draws 24 pooled portraits once, two people per gender and tone group", async () => {
    const pool = await ensurePhotoPool(storage);
    expect([...pool.keys()].sort()).toEqual([
      "female/dark",
      "female/light",
      "female/medium",
      "male/dark",
      "male/light",
      "male/medium",
    ]);
    const keys = [...pool.values()].flat(2);
    expect(keys.sort()).toEqual(Array.from({ length: POOL_SIZE }, (_, i) => poolKey(i + 1)).sort());
    for (const key of keys) {
      expect(key).toMatch(/^photos\/seedpool-\d+\.webp$/);
      expect(await decode((await storage.get(key))!.body)).toMatchObject({
        format: "webp",
        width: MAIN_WIDTH,
      });
      expect(await decode((await storage.get(thumbKey(key)))!.body)).toMatchObject({
        width: PHOTO_THUMB_DIMENSION,
      });
    }
    // A second run finds the pictures there and keeps them.
    const before = (await storage.get(poolKey(1)))!.body;
    expect(await ensurePhotoPool(storage)).toEqual(pool);
    expect(Buffer.compare((await storage.get(poolKey(1)))!.body, before)).toBe(0);
  });

  it("gives a pooled member photos of one person of their gender and tone group", async () => {
    const pool = await ensurePhotoPool(storage);
    const rng = new Random(3);
    for (const [person, group] of [
      [{ region: "subsaharan", gender: "female" }, "female/dark"],
      [{ region: "madagascar", gender: "male" }, "male/medium"],
      [{ region: "europe", gender: "male" }, "male/light"],
    ] as const) {
      const people = pool.get(group)!;
      for (let count = 0; count <= 3; count++) {
        const photos = pickPooledPhotos(pool, person, count, rng);
        expect(photos).toHaveLength(Math.min(count, 2));
        if (count > 0) expect(people.some((own) => photos.every((k) => own.includes(k)))).toBe(true);
      }
    }
  });
});
