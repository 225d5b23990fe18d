// Reordering photos (PUT /api/profile/photos/order) and framing their thumbnail (POST
// /api/profile/photos/crop, and the `square` field of an upload), through the real HTTP API on a
// real database (PGlite, plus PostgreSQL when TEST_DATABASE_URL is set). Fixtures are made in code.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { PHOTO_MAX_DIMENSION, PHOTO_THUMB_DIMENSION } from "@domain/constants.ts";
import { MSG } from "@domain/messages.ts";
import type { ProfileDto } from "@domain/profile.ts";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../platform/db/client.ts";
import { createAdmin } from "../../test/admin.ts";
import { createTestApp, describeEachEngine, ruleIt, type TestApp } from "../../test/harness.ts";
import { makeImage } from "../../test/image-fixtures.ts";
import { cropPhoto } from "./photos.service.ts";

interface Member {
  cookie: string;
  userId: string;
}
interface ErrorBody {
  error: { code: string; message: string };
}

const PHOTOS = "/api/profile/photos";
const RED = { r: 220, g: 20, b: 20 };
const BLUE = { r: 20, g: 40, b: 220 };

/** A width × height JPEG, red on the left half and blue on the right; `orientation` adds the EXIF tag. */
async function halves(width: number, height: number, orientation?: number): Promise<Buffer> {
  const right = await sharp({
    create: { width: width / 2, height, channels: 3, background: BLUE },
  })
    .png()
    .toBuffer();
  let img = sharp({ create: { width, height, channels: 3, background: RED } })
    .composite([{ input: right, left: width / 2, top: 0 }])
    .jpeg({ quality: 95 });
  if (orientation) img = img.withMetadata({ orientation });
  return img.toBuffer();
}

/** "red" or "blue": the dominant colour of an image. */
async function colourOf(bytes: Uint8Array): Promise<"red" | "blue" | "mixed"> {
  const { channels } = await sharp(bytes).stats();
  const [r, , b] = channels.map((c) => c.mean) as [number, number, number];
  if (r > 180 && b < 60) return "red";
  if (b > 180 && r < 60) return "blue";
  return "mixed";
}

describeEachEngine("photo order and framing", (engine) => {
  // Races and stored files depend on the engine; the other tests are rules, run on one engine.
  const rule = ruleIt(engine);
  let t: TestApp;
  let photoDir: string;

  /** An administrator's session: photos are fetched as one (see bytesAt). */
  let viewer: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    photoDir = path.join(t.dataDir, "storage", "profiles", "photos");
    viewer = (await createAdmin(t)).cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function filesOf(userId: string): Promise<string[]> {
    const entries = await readdir(photoDir, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((e) => e.isFile() && e.name.startsWith(userId))
      .map((e) => path.relative(photoDir, path.join(e.parentPath, e.name)))
      .sort();
  }
  /** The files a list of keys should have on disk: each main image and its thumbnail. */
  const filesFor = (keys: string[]) =>
    keys.flatMap((k) => [k.slice("photos/".length), `thumbs/${k.slice("photos/".length)}`]).sort();

  function upload(member: Member, bytes: Uint8Array, square?: string, name = "photo.jpg") {
    const form = new FormData();
    form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "image/jpeg" }));
    if (square !== undefined) form.append("square", square);
    return t.request(PHOTOS, { method: "POST", body: form, cookie: member.cookie });
  }
  async function uploadOk(member: Member, bytes: Uint8Array, square?: string): Promise<ProfileDto> {
    const res = await upload(member, bytes, square);
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as ProfileDto;
  }
  async function keysOf(member: Member): Promise<string[]> {
    const res = await t.request("/api/profile", { cookie: member.cookie });
    return ((await res.json()) as ProfileDto).photos.map((p) => p.key);
  }
  async function expectError(res: Response, status: number, code: string, message?: string) {
    const body = (await res.json()) as ErrorBody;
    expect({ status: res.status, code: body.error.code }).toEqual({ status, code });
    if (message !== undefined) expect(body.error.message).toBe(message);
  }
  /**
   * A stored file's bytes, fetched as an administrator: these tests' two-colour photos look alike
   * across members, so screening holds them as « the same photo » (issue 16), and a held photo is
   * served to its owner and administrators only (issue 33).
   */
  async function bytesAt(url: string): Promise<Buffer> {
    const res = await t.request(url, { cookie: viewer });
    expect(res.status, url).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  }
  /** A member with `count` small photos. */
  async function memberWith(count: number): Promise<{ member: Member; keys: string[] }> {
    const member = await t.createMember();
    for (let i = 0; i < count; i++) await uploadOk(member, await makeImage("jpeg", 120 + i, 90));
    const keys = await keysOf(member);
    expect(keys).toHaveLength(count);
    return { member, keys };
  }

  // ---- order -----------------------------------------------------------------------------------

  describe("order", () => {
    const reorder = (member: Member | null, body: unknown) =>
      t.request(`${PHOTOS}/order`, { method: "PUT", cookie: member?.cookie, json: body });

    rule("puts the photos in the given order; the first becomes the main photo", async () => {
      const { member, keys } = await memberWith(4);
      const [a, b, c, d] = keys as [string, string, string, string];
      const res = await reorder(member, { keys: [c, a, d, b] });
      expect(res.status).toBe(200);
      const dto = (await res.json()) as ProfileDto;
      expect(dto.photos.map((p) => p.key)).toEqual([c, a, d, b]);
      expect(dto.photos[0]!.thumbUrl).toBe(`/storage/profiles/photos/thumbs/${c.slice("photos/".length)}`);
      expect(await keysOf(member)).toEqual([c, a, d, b]);
      // The same order again is accepted and changes nothing; files are untouched.
      expect((await reorder(member, { keys: [c, a, d, b] })).status).toBe(200);
      expect(await filesOf(member.userId)).toEqual(filesFor(keys));
    });

    describe("refusals change nothing", () => {
      let member: Member;
      let keys: string[];
      let foreign: string;

      beforeAll(async () => {
        ({ member, keys } = await memberWith(3));
        foreign = (await memberWith(1)).keys[0]!;
      });

      rule.each([
        ["a duplicated photo", 400, "PHOTO_ORDER_INVALID", (k: string[]) => ({ keys: [k[0], k[0], k[1]] })],
        [
          "a duplicate hiding a missing photo",
          400,
          "PHOTO_ORDER_INVALID",
          (k: string[]) => ({ keys: [k[0], k[1], k[1]] }),
        ],
        ["a missing photo", 409, "PHOTO_ORDER_MISMATCH", (k: string[]) => ({ keys: [k[1], k[0]] })],
        [
          "an extra unknown key",
          409,
          "PHOTO_ORDER_MISMATCH",
          (k: string[]) => ({ keys: [...k, "photos/x.jpg"] }),
        ],
        [
          "another member’s photo in place of one of theirs",
          409,
          "PHOTO_ORDER_MISMATCH",
          (k: string[], f: string) => ({ keys: [k[0], k[1], f] }),
        ],
        [
          "another member’s photo added",
          409,
          "PHOTO_ORDER_MISMATCH",
          (k: string[], f: string) => ({ keys: [...k, f] }),
        ],
        ["an empty list", 400, "VALIDATION_ERROR", () => ({ keys: [] })],
        ["more than 6 keys", 400, "VALIDATION_ERROR", (k: string[]) => ({ keys: [...k, ...k, "a"] })],
        ["a key that is not a string", 400, "VALIDATION_ERROR", (k: string[]) => ({ keys: [k[0], 7, k[2]] })],
        ["an empty key", 400, "VALIDATION_ERROR", (k: string[]) => ({ keys: [k[0], "", k[2]] })],
        ["a key over 300 characters", 400, "VALIDATION_ERROR", () => ({ keys: ["p".repeat(301)] })],
        ["keys as a string", 400, "VALIDATION_ERROR", (k: string[]) => ({ keys: k.join(",") })],
        ["an extra field", 400, "VALIDATION_ERROR", (k: string[]) => ({ keys: k, main: k[0] })],
        ["a bare array", 400, "VALIDATION_ERROR", (k: string[]) => k],
        ["null", 400, "VALIDATION_ERROR", () => null],
      ] as const)("refuses %s with %i %s", async (_label, status, code, makeBody) => {
        const filesBefore = await filesOf(member.userId);
        await expectError(await reorder(member, makeBody(keys, foreign)), status, code);
        expect(await keysOf(member)).toEqual(keys);
        expect(await filesOf(member.userId)).toEqual(filesBefore);
      });

      rule("names the problem in French", async () => {
        await expectError(
          await reorder(member, { keys: [keys[0], keys[0], keys[1]] }),
          400,
          "PHOTO_ORDER_INVALID",
          MSG.PHOTO_ORDER_INVALID,
        );
        await expectError(
          await reorder(member, { keys: [keys[1], keys[0]] }),
          409,
          "PHOTO_ORDER_MISMATCH",
          MSG.PHOTO_ORDER_MISMATCH,
        );
      });

      rule("refuses a body that is not JSON, and anonymous requests", async () => {
        const res = await t.request(`${PHOTOS}/order`, {
          method: "PUT",
          cookie: member.cookie,
          headers: { "content-type": "application/json" },
          body: '{"keys": [',
        });
        await expectError(res, 400, "INVALID_JSON", MSG.INVALID_JSON);
        await expectError(await reorder(null, { keys }), 401, "UNAUTHENTICATED");
        expect(await keysOf(member)).toEqual(keys);
      });

      rule("leaves another member’s photos alone when given their exact list", async () => {
        const other = await memberWith(2);
        await expectError(
          await reorder(member, { keys: [...other.keys].reverse() }),
          409,
          "PHOTO_ORDER_MISMATCH",
        );
        expect(await keysOf(other.member)).toEqual(other.keys);
        expect(await keysOf(member)).toEqual(keys);
      });
    });

    it("never loses nor doubles a photo when reorders race with each other and with a deletion", async () => {
      const { member, keys } = await memberWith(4);
      const [a, b, c, d] = keys as [string, string, string, string];
      const orders = [
        [d, c, b, a],
        [b, a, d, c],
        [c, d, a, b],
      ];
      const responses = await Promise.all([
        ...orders.map((order) => reorder(member, { keys: order })),
        t.request(`${PHOTOS}?path=${encodeURIComponent(b)}`, { method: "DELETE", cookie: member.cookie }),
      ]);
      const statuses = responses.map((r) => r.status);
      expect(statuses[3]).toBe(200); // the deletion
      for (const s of statuses.slice(0, 3)) expect([200, 409]).toContain(s);
      const final = await keysOf(member);
      expect([...final].sort()).toEqual([a, c, d].sort());
      expect(await filesOf(member.userId)).toEqual(filesFor([a, c, d]));
      // The final order is one that some successful request produced (minus the deleted photo), or
      // the upload order when the deletion came first.
      const possible = [keys, ...orders.filter((_, i) => statuses[i] === 200)].map((o) =>
        o.filter((k) => k !== b).join(),
      );
      expect(possible).toContain(final.join());
    });
  });

  // ---- framing ---------------------------------------------------------------------------------

  describe("crop", () => {
    const crop = (member: Member | null, body: unknown) =>
      t.request(`${PHOTOS}/crop`, { method: "POST", cookie: member?.cookie, json: body });

    rule(
      "makes the thumbnail from the chosen square, under a new key, and removes the old files",
      async () => {
        const member = await t.createMember();
        await uploadOk(member, await makeImage("jpeg"));
        const before = await uploadOk(member, await halves(800, 400));
        await uploadOk(member, await makeImage("jpeg", 70, 70));
        const [first, old, last] = before.photos.map((p) => p.key).concat((await keysOf(member))[2]!) as [
          string,
          string,
          string,
        ];
        const oldMain = await bytesAt(before.photos[1]!.url);

        const res = await crop(member, { key: old, square: { left: 400, top: 0, size: 400 } });
        expect(res.status, await res.clone().text()).toBe(200);
        const dto = (await res.json()) as ProfileDto;
        const moved = dto.photos[1]!;
        // Same place in the list, new key of the same form; the others are untouched.
        expect(dto.photos.map((p) => p.key)).toEqual([first, moved.key, last]);
        expect(moved.key).not.toBe(old);
        expect(moved.key).toMatch(new RegExp(`^photos/${member.userId}\\d{13}-[0-9a-f]{32}\\.jpg$`));
        expect(await keysOf(member)).toEqual([first, moved.key, last]);

        // The main image is the same bytes; the thumbnail is the blue right half.
        expect(Buffer.compare(await bytesAt(moved.url), oldMain)).toBe(0);
        const thumb = await bytesAt(moved.thumbUrl);
        const meta = await sharp(thumb).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual([
          "jpeg",
          PHOTO_THUMB_DIMENSION,
          PHOTO_THUMB_DIMENSION,
        ]);
        expect(await colourOf(thumb)).toBe("blue");

        // The old URLs are gone, and only the current files remain.
        expect((await t.request(before.photos[1]!.url)).status).toBe(404);
        expect((await t.request(before.photos[1]!.thumbUrl)).status).toBe(404);
        expect(await filesOf(member.userId)).toEqual(filesFor([first, moved.key, last]));

        // Framed again, on the red half.
        const again = await crop(member, { key: moved.key, square: { left: 0, top: 0, size: 400 } });
        expect(again.status).toBe(200);
        const redKey = ((await again.json()) as ProfileDto).photos[1]!;
        expect(await colourOf(await bytesAt(redKey.thumbUrl))).toBe("red");
        expect(await filesOf(member.userId)).toEqual(filesFor([first, redKey.key, last]));
      },
    );

    describe("refusals change nothing", () => {
      let member: Member;
      let keys: string[];

      beforeAll(async () => {
        member = await t.createMember();
        keys = (await uploadOk(member, await halves(800, 400))).photos.map((p) => p.key);
      });

      async function expectRefused(body: unknown, status: number, code: string, who: Member | null = member) {
        const filesBefore = await filesOf(member.userId);
        await expectError(await crop(who, body), status, code);
        expect(await keysOf(member)).toEqual(keys);
        expect(await filesOf(member.userId)).toEqual(filesBefore);
      }

      rule.each([
        ["past the right edge", { left: 401, top: 0, size: 400 }],
        ["past the bottom edge", { left: 0, top: 1, size: 400 }],
        ["larger than the photo", { left: 0, top: 0, size: 800 }],
        ["a negative left", { left: -1, top: 0, size: 100 }],
        ["a negative top", { left: 0, top: -5, size: 100 }],
        ["a zero size", { left: 0, top: 0, size: 0 }],
        ["a negative size", { left: 10, top: 10, size: -100 }],
        ["a size under the minimum", { left: 0, top: 0, size: 99 }],
        ["fractional pixels", { left: 0.5, top: 0, size: 200 }],
        ["numbers as strings", { left: "0", top: "0", size: "200" }],
        ["a huge number", { left: 1e300, top: 0, size: 200 }],
        ["2^53", { left: 0, top: 0, size: 2 ** 53 }],
        ["the largest integer below 2^53", { left: Number.MAX_SAFE_INTEGER, top: 0, size: 200 }],
        ["null coordinates", { left: null, top: null, size: null }],
        ["a missing size", { left: 0, top: 0 }],
        ["an extra field", { left: 0, top: 0, size: 200, width: 200 }],
        ["an array", [0, 0, 200]],
        ["a string", "0,0,200"],
      ])("refuses a square with %s: 400 PHOTO_CROP_INVALID", async (_label, square) => {
        await expectRefused({ key: keys[0], square }, 400, "PHOTO_CROP_INVALID");
      });

      rule("refuses a missing square and says why in French", async () => {
        await expectRefused({ key: keys[0] }, 400, "PHOTO_CROP_INVALID");
        const res = await crop(member, { key: keys[0], square: { left: 500, top: 0, size: 400 } });
        await expectError(res, 400, "PHOTO_CROP_INVALID", MSG.PHOTO_CROP_INVALID);
      });

      rule.each([
        ["NaN", '{"left": NaN, "top": 0, "size": 200}'],
        ["Infinity", '{"left": Infinity, "top": 0, "size": 200}'],
      ])("refuses %s, which is not JSON, with 400 INVALID_JSON", async (_label, square) => {
        const filesBefore = await filesOf(member.userId);
        const res = await t.request(`${PHOTOS}/crop`, {
          method: "POST",
          cookie: member.cookie,
          headers: { "content-type": "application/json" },
          body: `{"key": ${JSON.stringify(keys[0])}, "square": ${square}}`,
        });
        await expectError(res, 400, "INVALID_JSON");
        expect(await keysOf(member)).toEqual(keys);
        expect(await filesOf(member.userId)).toEqual(filesBefore);
      });

      rule("refuses a number that overflows to Infinity in JSON (1e400)", async () => {
        const res = await t.request(`${PHOTOS}/crop`, {
          method: "POST",
          cookie: member.cookie,
          headers: { "content-type": "application/json" },
          body: `{"key": ${JSON.stringify(keys[0])}, "square": {"left": 1e400, "top": 0, "size": 200}}`,
        });
        await expectError(res, 400, "PHOTO_CROP_INVALID");
        expect(await keysOf(member)).toEqual(keys);
      });

      rule("refuses a bad key with a validation error or 404", async () => {
        const square = { left: 0, top: 0, size: 200 };
        await expectRefused({ key: "", square }, 400, "VALIDATION_ERROR");
        await expectRefused({ key: 12, square }, 400, "VALIDATION_ERROR");
        await expectRefused({ key: keys[0], square, extra: 1 }, 400, "VALIDATION_ERROR");
        await expectRefused({ key: "photos/", square }, 400, "INVALID_FILE_PATH");
        await expectRefused(
          { key: `photos/${member.userId}1700000000000.jpg`, square },
          404,
          "PHOTO_NOT_FOUND",
        );
        await expectRefused({ key: `photos/thumbs/${keys[0]!.slice(7)}`, square }, 404, "PHOTO_NOT_FOUND");
        await expectRefused({ key: "photos/../../etc/passwd", square }, 404, "PHOTO_NOT_FOUND");
      });

      rule(
        "answers 404 to another member and 401 to an anonymous visitor, leaving the photo alone",
        async () => {
          const intruder = await memberWith(1);
          const intruderFiles = await filesOf(intruder.member.userId);
          await expectRefused(
            { key: keys[0], square: { left: 0, top: 0, size: 200 } },
            404,
            "PHOTO_NOT_FOUND",
            intruder.member,
          );
          expect(await keysOf(intruder.member)).toEqual(intruder.keys);
          expect(await filesOf(intruder.member.userId)).toEqual(intruderFiles);
          await expectRefused(
            { key: keys[0], square: { left: 0, top: 0, size: 200 } },
            401,
            "UNAUTHENTICATED",
            null,
          );
        },
      );

      rule("removes the new files when the database update fails, keeping the photo as it was", async () => {
        const realDb = t.deps.database.db;
        const failingDb = new Proxy(realDb, {
          get(target, prop) {
            if (prop === "update") {
              return () => {
                throw new Error("database down");
              };
            }
            const value = Reflect.get(target, prop, target);
            return typeof value === "function" ? value.bind(target) : value;
          },
        }) as Db;
        const filesBefore = await filesOf(member.userId);
        await expect(
          cropPhoto(failingDb, t.deps.storage, member.userId, keys[0]!, { left: 0, top: 0, size: 300 }),
        ).rejects.toThrow("database down");
        expect(await filesOf(member.userId)).toEqual(filesBefore);
        expect(await keysOf(member)).toEqual(keys);
      });
    });

    it("keeps files and keys in step when framings race with each other and with a deletion", async () => {
      const member = await t.createMember();
      const [a, b] = [
        (await uploadOk(member, await halves(800, 400))).photos[0]!.key,
        (await uploadOk(member, await halves(800, 400))).photos[1]!.key,
      ];
      const square = { left: 100, top: 0, size: 400 };
      const responses = await Promise.all([
        crop(member, { key: a, square }),
        crop(member, { key: a, square: { left: 0, top: 0, size: 400 } }),
        crop(member, { key: b, square }),
        t.request(`${PHOTOS}?path=${encodeURIComponent(b)}`, { method: "DELETE", cookie: member.cookie }),
      ]);
      const [cropA1, cropA2] = responses.map((r) => r.status);
      // Exactly one framing of `a` wins: the other finds its key gone.
      expect([cropA1, cropA2].sort()).toEqual([200, 404]);
      const final = await keysOf(member);
      expect(final.length).toBeGreaterThanOrEqual(1);
      expect(final).not.toContain(a);
      expect(new Set(final).size).toBe(final.length);
      // Every stored file belongs to a key in the profile, and every key has both files.
      expect(await filesOf(member.userId)).toEqual(filesFor(final));
    });
  });

  describe("crop rate limit", () => {
    rule("refuses framings over UPLOADS_PER_HOUR with 429, counted apart from uploads", async () => {
      const limited = await createTestApp(engine, { UPLOADS_PER_HOUR: "2" });
      try {
        const member = await limited.signUp();
        const form = new FormData();
        form.append(
          "file",
          new File([(await halves(800, 400)) as Uint8Array<ArrayBuffer>], "p.jpg", { type: "image/jpeg" }),
        );
        const uploaded = await limited.request(PHOTOS, { method: "POST", body: form, cookie: member.cookie });
        expect(uploaded.status).toBe(201);
        let key = ((await uploaded.json()) as ProfileDto).photos[0]!.key;
        const frame = () =>
          limited.request(`${PHOTOS}/crop`, {
            method: "POST",
            cookie: member.cookie,
            json: { key, square: { left: 0, top: 0, size: 400 } },
          });
        for (let i = 0; i < 2; i++) {
          const res = await frame();
          expect(res.status).toBe(200);
          key = ((await res.json()) as ProfileDto).photos[0]!.key;
        }
        const refused = await frame();
        await expectError(refused, 429, "RATE_LIMITED", MSG.RATE_LIMITED);
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
        // The photo is still there under its last key.
        const res = await limited.request("/api/profile", { cookie: member.cookie });
        expect(((await res.json()) as ProfileDto).photos.map((p) => p.key)).toEqual([key]);
      } finally {
        await limited.close();
      }
    });
  });

  // ---- framing at upload time --------------------------------------------------------------------

  describe("upload with a square", () => {
    rule("makes the thumbnail from the square, scaled onto the resized main image", async () => {
      const member = await t.createMember();
      const dto = await uploadOk(
        member,
        await halves(3200, 1600),
        JSON.stringify({ left: 1600, top: 0, size: 1600 }),
      );
      const photo = dto.photos[0]!;
      const main = await sharp(await bytesAt(photo.url)).metadata();
      expect([main.width, main.height]).toEqual([PHOTO_MAX_DIMENSION, 800]);
      const thumb = await bytesAt(photo.thumbUrl);
      expect(await colourOf(thumb)).toBe("blue");
      const meta = await sharp(thumb).metadata();
      expect([meta.width, meta.height]).toEqual([PHOTO_THUMB_DIMENSION, PHOTO_THUMB_DIMENSION]);
    });

    rule("reads the square in the photo as displayed, after its EXIF rotation", async () => {
      const member = await t.createMember();
      // 800 × 400 stored, shown 400 × 800 after a quarter turn clockwise: red on top, blue below.
      const input = await halves(800, 400, 6);
      const top = await uploadOk(member, input, JSON.stringify({ left: 0, top: 0, size: 400 }));
      expect(await colourOf(await bytesAt(top.photos[0]!.thumbUrl))).toBe("red");
      const bottom = await uploadOk(member, input, JSON.stringify({ left: 0, top: 400, size: 400 }));
      expect(await colourOf(await bytesAt(bottom.photos[1]!.thumbUrl))).toBe("blue");
    });

    rule.each([
      ["not JSON", "abc"],
      ["out of the photo", JSON.stringify({ left: 500, top: 0, size: 400 })],
      ["in the stored (unrotated) frame only", JSON.stringify({ left: 400, top: 0, size: 400 })],
      ["negative", JSON.stringify({ left: -1, top: 0, size: 400 })],
      ["fractional", JSON.stringify({ left: 0.5, top: 0, size: 300 })],
      ["with an extra field", JSON.stringify({ left: 0, top: 0, size: 300, x: 1 })],
      ["empty", ""],
      ["far too long", " ".repeat(500)],
    ])("refuses a square %s with 400 PHOTO_CROP_INVALID and stores nothing", async (_label, square) => {
      const member = await t.createMember();
      await expectError(await upload(member, await halves(800, 400, 6), square), 400, "PHOTO_CROP_INVALID");
      expect(await keysOf(member)).toEqual([]);
      expect(await filesOf(member.userId)).toEqual([]);
    });

    rule("refuses a square sent as a file", async () => {
      const member = await t.createMember();
      const form = new FormData();
      form.append(
        "file",
        new File([(await halves(800, 400)) as Uint8Array<ArrayBuffer>], "p.jpg", { type: "image/jpeg" }),
      );
      form.append("square", new File(['{"left":0,"top":0,"size":400}'], "square.json"));
      const res = await t.request(PHOTOS, { method: "POST", body: form, cookie: member.cookie });
      await expectError(res, 400, "PHOTO_CROP_INVALID");
      expect(await filesOf(member.userId)).toEqual([]);
    });
  });
});
