// Photo upload, deletion, main photo and public storage, through the real HTTP API on a real
// database (PGlite, plus PostgreSQL when TEST_DATABASE_URL is set). Fixtures are made in code.
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  PHOTO_CACHE_SECONDS,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_COUNT,
  PHOTO_MAX_DIMENSION,
  PHOTO_THUMB_DIMENSION,
} from "@domain/constants.ts";
import { MSG } from "@domain/messages.ts";
import type { ProfileDto } from "@domain/profile.ts";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { IMAGE_WORK_LIMITS, ImageWork } from "../../platform/images/index.ts";
import { photoNonce } from "../../platform/storage/photo-keys.ts";
import { createTestApp, describeEachEngine, ruleIt, type TestApp } from "../../test/harness.ts";
import {
  EXIF_MARKERS,
  makeImage,
  makeJpegWithGps,
  makePngBomb,
  makeTruncatedJpeg,
  SVG_FIXTURE,
} from "../../test/image-fixtures.ts";
import { addPhoto } from "./photos.service.ts";

interface Member {
  cookie: string;
  userId: string;
}

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

const PHOTOS = "/api/profile/photos";

describeEachEngine("photos API", (engine) => {
  // Races and stored files depend on the engine; the other tests are rules, run on one engine.
  const rule = ruleIt(engine);
  let t: TestApp;
  let photoDir: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    photoDir = path.join(t.dataDir, "storage", "profiles", "photos");
  });
  afterAll(async () => {
    await t?.close();
  });

  // ---- helpers -------------------------------------------------------------------------------

  /** Every file under the photo folder, relative to it ("abc.jpg", "thumbs/abc.jpg"). */
  async function storedFiles(): Promise<string[]> {
    try {
      const entries = await readdir(photoDir, { recursive: true, withFileTypes: true });
      return entries
        .filter((e) => e.isFile())
        .map((e) => path.relative(photoDir, path.join(e.parentPath, e.name)))
        .sort();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw err;
    }
  }

  const filesOf = async (userId: string) =>
    (await storedFiles()).filter((f) => path.basename(f).startsWith(userId));

  function upload(
    member: Member | null,
    file: Blob | string | null,
    name = "photo.jpg",
    type = "image/jpeg",
  ) {
    const form = new FormData();
    if (file instanceof Blob) form.append("file", new File([file], name, { type }));
    else if (typeof file === "string") form.append("file", file);
    else form.append("autre", "rien");
    return t.request(PHOTOS, { method: "POST", body: form, cookie: member?.cookie });
  }

  const blob = (bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>]);

  async function uploadOk(member: Member, bytes: Uint8Array, name = "photo.jpg", type = "image/jpeg") {
    const res = await upload(member, blob(bytes), name, type);
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as ProfileDto;
  }

  async function profile(member: Member): Promise<ProfileDto> {
    const res = await t.request("/api/profile", { cookie: member.cookie });
    expect(res.status).toBe(200);
    return (await res.json()) as ProfileDto;
  }

  const keysOf = async (member: Member) => (await profile(member)).photos.map((p) => p.key);

  async function expectError(res: Response, status: number, code: string, message?: string) {
    const body = (await res.json()) as ErrorBody;
    expect({ status: res.status, code: body.error.code }).toEqual({ status, code });
    if (message !== undefined) expect(body.error.message).toBe(message);
    return body;
  }

  async function expectErrorText(res: Response, text: string, status: number, code: string) {
    expect(res.status).toBe(status);
    expect((JSON.parse(text) as ErrorBody).error.code).toBe(code);
  }

  async function getBytes(url: string) {
    const res = await t.request(url);
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  const storedKeyPattern = (userId: string, ext: string) =>
    new RegExp(`^photos/${userId}\\d{13}-[0-9a-f]{32}${ext.replace(".", "\\.")}$`);

  // ---- upload ----------------------------------------------------------------------------------

  describe("upload", () => {
    rule.each([
      ["jpeg", "portrait.jpg", "image/jpeg", ".jpg"],
      ["jpeg", "portrait.jpeg", "image/jpeg", ".jpeg"],
      ["png", "portrait.png", "image/png", ".png"],
      ["webp", "portrait.webp", "image/webp", ".webp"],
    ] as const)(
      "stores a %s named %s (201) and serves it with a 1-hour cache",
      async (format, name, mime, ext) => {
        const member = await t.createMember();
        const before = Date.now();
        const dto = await uploadOk(member, await makeImage(format, 120, 80), name, mime);
        expect(dto.userId).toBe(member.userId);
        expect(dto.photos).toHaveLength(1);
        const photo = dto.photos[0]!;
        expect(photo.key).toMatch(storedKeyPattern(member.userId, ext));
        const ts = Number(photo.key.slice(`photos/${member.userId}`.length, -ext.length).split("-")[0]);
        expect(ts).toBeGreaterThanOrEqual(before);
        expect(ts).toBeLessThanOrEqual(Date.now());
        expect(photo.url).toBe(`/storage/profiles/${photo.key}`);
        expect(photo.thumbUrl).toBe(`/storage/profiles/photos/thumbs/${photo.key.slice("photos/".length)}`);

        const main = await getBytes(photo.url);
        expect(main.res.status).toBe(200);
        expect(main.res.headers.get("cache-control")).toBe(`public, max-age=${PHOTO_CACHE_SECONDS}`);
        expect(main.res.headers.get("content-type")).toBe(mime);
        expect(main.res.headers.get("x-content-type-options")).toBe("nosniff");
        expect(main.res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
        const meta = await sharp(main.bytes).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual([format, 120, 80]);

        const thumb = await getBytes(photo.thumbUrl);
        expect(thumb.res.status).toBe(200);
        expect(thumb.res.headers.get("cache-control")).toBe(`public, max-age=${PHOTO_CACHE_SECONDS}`);
        expect(thumb.res.headers.get("content-type")).toBe(mime);
        const thumbMeta = await sharp(thumb.bytes).metadata();
        expect([thumbMeta.format, thumbMeta.width, thumbMeta.height]).toEqual([
          format,
          PHOTO_THUMB_DIMENSION,
          PHOTO_THUMB_DIMENSION,
        ]);

        expect(await filesOf(member.userId)).toEqual(
          [photo.key.slice("photos/".length), `thumbs/${photo.key.slice("photos/".length)}`].sort(),
        );
        // GET /api/profile shows the same photo.
        expect((await profile(member)).photos).toEqual(dto.photos);
      },
    );

    rule("names the file after the detected format when the extension does not match it", async () => {
      const member = await t.createMember();
      const dto = await uploadOk(member, await makeImage("png"), "vraiment-un-png.jpg", "image/jpeg");
      expect(dto.photos[0]!.key).toMatch(storedKeyPattern(member.userId, ".png"));
      const res = await t.request(dto.photos[0]!.url);
      expect(res.headers.get("content-type")).toBe("image/png");
    });

    rule("appends photos in upload order", async () => {
      const member = await t.createMember();
      await uploadOk(member, await makeImage("jpeg"));
      await uploadOk(member, await makeImage("png"), "b.png", "image/png");
      const dto = await uploadOk(member, await makeImage("webp"), "c.webp", "image/webp");
      expect(dto.photos.map((p) => path.extname(p.key))).toEqual([".jpg", ".png", ".webp"]);
      expect(new Set(dto.photos.map((p) => p.key)).size).toBe(3);
    });

    rule("accepts a file of exactly 2 MB", async () => {
      const member = await t.createMember();
      const jpeg = await makeImage("jpeg");
      // Bytes after the JPEG end marker are ignored by decoders.
      const padded = Buffer.concat([jpeg, Buffer.alloc(PHOTO_MAX_BYTES - jpeg.length)]);
      expect(padded.length).toBe(PHOTO_MAX_BYTES);
      const dto = await uploadOk(member, padded);
      expect(dto.photos).toHaveLength(1);
    });
  });

  // ---- re-encoding -----------------------------------------------------------------------------

  describe("re-encoding", () => {
    rule("strips EXIF with GPS, XMP and IPTC from the stored photo and thumbnail", async () => {
      const member = await t.createMember();
      const input = await makeJpegWithGps();
      const inMeta = await sharp(input).metadata();
      // The fixture really carries GPS data and markers.
      expect(inMeta.exif).toBeDefined();
      expect(inMeta.xmp).toBeDefined();
      expect(input.includes("Exif")).toBe(true);
      expect(input.includes("GPS")).toBe(true);
      expect(input.includes(EXIF_MARKERS.gpsDatum)).toBe(true);
      expect(input.includes(Buffer.from([0x25, 0x88]))).toBe(true); // GPS IFD pointer tag 0x8825 (II)

      const dto = await uploadOk(member, input, "vacances.jpg");
      const key = dto.photos[0]!.key;
      const fromStorage = await t.deps.storage.get(key);
      expect(fromStorage).not.toBeNull();
      const viaUrl = await getBytes(dto.photos[0]!.url);
      expect(Buffer.compare(Buffer.from(fromStorage!.body), viaUrl.bytes)).toBe(0);
      const thumb = await getBytes(dto.photos[0]!.thumbUrl);

      for (const bytes of [viaUrl.bytes, thumb.bytes]) {
        const meta = await sharp(bytes).metadata();
        expect(meta.format).toBe("jpeg");
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.iptc).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
        for (const marker of [
          "GPS",
          "Exif",
          "xmpmeta",
          "XMP-SECRET",
          EXIF_MARKERS.copyright,
          EXIF_MARKERS.description,
        ]) {
          expect(bytes.includes(marker), marker).toBe(false);
        }
      }
    });

    rule("stores a JPEG with a script appended after its end as clean pixels only", async () => {
      const member = await t.createMember();
      const payload = "<script>alert(document.cookie)</script><?php system($_GET['c']); ?>";
      const polyglot = Buffer.concat([await makeImage("jpeg"), Buffer.from(payload)]);
      const dto = await uploadOk(member, polyglot, "polyglotte.jpg");
      for (const url of [dto.photos[0]!.url, dto.photos[0]!.thumbUrl]) {
        const { res, bytes } = await getBytes(url);
        expect(res.headers.get("content-type")).toBe("image/jpeg");
        expect(res.headers.get("x-content-type-options")).toBe("nosniff");
        expect(bytes.includes("<script")).toBe(false);
        expect(bytes.includes("<?php")).toBe(false);
      }
    });

    rule("applies EXIF orientation 6 to the pixels and drops the tag", async () => {
      const member = await t.createMember();
      const input = await makeJpegWithGps(6, 80, 40);
      const inMeta = await sharp(input).metadata();
      expect([inMeta.width, inMeta.height, inMeta.orientation]).toEqual([80, 40, 6]);
      const dto = await uploadOk(member, input);
      const stored = await t.deps.storage.get(dto.photos[0]!.key);
      const meta = await sharp(stored!.body).metadata();
      expect([meta.width, meta.height]).toEqual([40, 80]);
      expect(meta.orientation).toBeUndefined();
      expect(meta.exif).toBeUndefined();
    });

    rule("resizes a 4000×3000 photo so its longest side is 1600 px", async () => {
      const member = await t.createMember();
      const input = await makeImage("jpeg", 4000, 3000);
      expect(input.length).toBeLessThanOrEqual(PHOTO_MAX_BYTES);
      const dto = await uploadOk(member, input);
      const { res, bytes } = await getBytes(dto.photos[0]!.url);
      expect(res.status).toBe(200);
      const meta = await sharp(bytes).metadata();
      expect([meta.width, meta.height]).toEqual([PHOTO_MAX_DIMENSION, 1200]);
    });
  });

  // ---- refusals --------------------------------------------------------------------------------

  describe("refusals leave nothing behind", () => {
    let member: Member;
    let existingKeys: string[];

    beforeAll(async () => {
      member = await t.createMember();
      existingKeys = (await uploadOk(member, await makeImage("jpeg"))).photos.map((p) => p.key);
    });

    /** Sends the upload, checks the error, then checks the profile and the storage folder are unchanged. */
    async function expectRefused(
      send: () => Promise<Response>,
      status: number,
      code: string,
      message?: string,
    ) {
      const filesBefore = await storedFiles();
      const res = await send();
      const body = await expectError(res, status, code, message);
      expect(await keysOf(member)).toEqual(existingKeys);
      expect(await storedFiles()).toEqual(filesBefore);
      return body;
    }

    rule("refuses a non-image type (text/plain) with 400 PHOTO_NOT_IMAGE", async () => {
      await expectRefused(
        () => upload(member, new Blob(["Bonjour"]), "note.txt", "text/plain"),
        400,
        "PHOTO_NOT_IMAGE",
        "Le fichier doit être une image",
      );
    });

    rule("refuses a text file declared image/jpeg and named .jpg", async () => {
      await expectRefused(
        () =>
          upload(
            member,
            new Blob(["Ceci n’est pas une image, juste du texte.\n".repeat(20)]),
            "photo.jpg",
            "image/jpeg",
          ),
        400,
        "PHOTO_NOT_IMAGE",
        "Le fichier doit être une image",
      );
    });

    rule("refuses a file without a declared type", async () => {
      await expectRefused(
        () => upload(member, blob(Buffer.from("x")), "photo.jpg", ""),
        400,
        "PHOTO_NOT_IMAGE",
        MSG.PHOTO_NOT_IMAGE,
      );
    });

    rule("refuses 2 MB + 1 byte with 413 PHOTO_TOO_LARGE, even when it is a real JPEG", async () => {
      const jpeg = await makeImage("jpeg");
      const big = Buffer.concat([jpeg, Buffer.alloc(PHOTO_MAX_BYTES + 1 - jpeg.length)]);
      expect(big.length).toBe(PHOTO_MAX_BYTES + 1);
      await expectRefused(
        () => upload(member, blob(big), "grande.jpg", "image/jpeg"),
        413,
        "PHOTO_TOO_LARGE",
        "La taille du fichier ne doit pas dépasser 2MB",
      );
    });

    rule("refuses a body far above the upload limit with 413 before parsing it", async () => {
      await expectRefused(
        () => upload(member, blob(Buffer.alloc(4 * 1024 * 1024)), "enorme.jpg", "image/jpeg"),
        413,
        "BODY_TOO_LARGE",
        MSG.BODY_TOO_LARGE,
      );
    });

    rule.each([
      ["image/gif", "anim.gif"],
      ["image/jpeg", "deguise.jpg"],
    ])("refuses a GIF declared %s with PHOTO_FORMAT_UNSUPPORTED", async (type, name) => {
      const gif = await makeImage("gif");
      await expectRefused(
        () => upload(member, blob(gif), name, type),
        400,
        "PHOTO_FORMAT_UNSUPPORTED",
        MSG.PHOTO_FORMAT_UNSUPPORTED,
      );
    });

    rule.each([
      ["image/svg+xml", "logo.svg"],
      ["image/png", "logo.png"],
    ])("refuses an SVG declared %s with PHOTO_FORMAT_UNSUPPORTED and never stores it", async (type, name) => {
      await expectRefused(
        () => upload(member, blob(SVG_FIXTURE), name, type),
        400,
        "PHOTO_FORMAT_UNSUPPORTED",
        MSG.PHOTO_FORMAT_UNSUPPORTED,
      );
      const all = await storedFiles();
      expect(all.filter((f) => f.endsWith(".svg"))).toEqual([]);
      for (const f of all) expect((await readFile(path.join(photoDir, f))).includes("<svg")).toBe(false);
    });

    rule("refuses a truncated JPEG with 400 PHOTO_NOT_IMAGE", async () => {
      const truncated = await makeTruncatedJpeg();
      await expectRefused(
        () => upload(member, blob(truncated), "coupee.jpg", "image/jpeg"),
        400,
        "PHOTO_NOT_IMAGE",
        MSG.PHOTO_NOT_IMAGE,
      );
    });

    rule("refuses an SVG, even a harmless-looking one, whatever its declared type", async () => {
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      );
      for (const [name, type] of [
        ["dessin.svg", "image/svg+xml"],
        ["dessin.jpg", "image/jpeg"],
      ] as const) {
        const body = await expectRefused(
          () => upload(member, blob(svg), name, type),
          400,
          expect.any(String),
        );
        expect(["PHOTO_NOT_IMAGE", "PHOTO_FORMAT_UNSUPPORTED"]).toContain(body.error.code);
        expect(body.error.message).toMatch(/image|format/i);
      }
    });

    rule("refuses a PNG decompression bomb with 400 PHOTO_TOO_MANY_PIXELS", async () => {
      const bomb = makePngBomb(20_000, 20_000);
      await expectRefused(
        () => upload(member, blob(bomb), "bombe.png", "image/png"),
        400,
        "PHOTO_TOO_MANY_PIXELS",
        MSG.PHOTO_TOO_MANY_PIXELS,
      );
    });

    rule("refuses a request without a file field with 400 PHOTO_MISSING", async () => {
      await expectRefused(() => upload(member, null), 400, "PHOTO_MISSING", MSG.PHOTO_MISSING);
      await expectRefused(() => upload(member, "pas un fichier"), 400, "PHOTO_MISSING", MSG.PHOTO_MISSING);
      await expectRefused(
        () => t.request(PHOTOS, { method: "POST", cookie: member.cookie, json: { file: "x" } }),
        400,
        "PHOTO_MISSING",
        MSG.PHOTO_MISSING,
      );
      await expectRefused(
        () => t.request(PHOTOS, { method: "POST", cookie: member.cookie }),
        400,
        "PHOTO_MISSING",
        MSG.PHOTO_MISSING,
      );
    });

    rule("refuses anonymous uploads, deletions and reorders with 401", async () => {
      const jpeg = await makeImage("jpeg");
      await expectRefused(() => upload(null, blob(jpeg)), 401, "UNAUTHENTICATED", MSG.UNAUTHENTICATED);
      await expectRefused(
        () => t.request(`${PHOTOS}?path=${encodeURIComponent(existingKeys[0]!)}`, { method: "DELETE" }),
        401,
        "UNAUTHENTICATED",
      );
      await expectRefused(
        () => t.request(`${PHOTOS}/main`, { method: "PUT", json: { key: existingKeys[0] } }),
        401,
        "UNAUTHENTICATED",
      );
      await expectRefused(
        () => upload({ cookie: "better-auth.session_token=forged.value", userId: "" }, blob(jpeg)),
        401,
        "UNAUTHENTICATED",
      );
    });
  });

  describe("upload rate limit", () => {
    rule(
      "refuses uploads over UPLOADS_PER_HOUR with 429, a French message and Retry-After, per member",
      async () => {
        const limited = await createTestApp(engine, { UPLOADS_PER_HOUR: "2" });
        try {
          const [a, b] = [await limited.signUp(), await limited.signUp()];
          const send = (m: Member) => {
            const form = new FormData();
            return makeImage("jpeg").then((bytes) => {
              form.append("file", new File([blob(bytes)], "photo.jpg", { type: "image/jpeg" }));
              return limited.request(PHOTOS, { method: "POST", body: form, cookie: m.cookie });
            });
          };
          expect((await send(a)).status).toBe(201);
          expect((await send(a)).status).toBe(201);
          const refused = await send(a);
          expect(refused.status).toBe(429);
          expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3000);
          const body = (await refused.json()) as ErrorBody;
          expect(body.error).toEqual({ code: "RATE_LIMITED", message: MSG.RATE_LIMITED });
          const res = await limited.request("/api/profile", { cookie: a.cookie });
          expect(((await res.json()) as ProfileDto).photos).toHaveLength(2);
          // Another member has their own counter.
          expect((await send(b)).status).toBe(201);
        } finally {
          await limited.close();
        }
      },
    );
  });

  describe("photo limit", () => {
    rule("refuses a 7th photo with 409 PHOTO_LIMIT and writes nothing", async () => {
      const member = await t.createMember();
      const jpeg = await makeImage("jpeg");
      for (let i = 0; i < PHOTO_MAX_COUNT; i++) await uploadOk(member, jpeg);
      const keys = await keysOf(member);
      expect(keys).toHaveLength(6);
      expect(new Set(keys).size).toBe(6);
      const filesBefore = await storedFiles();
      expect(await filesOf(member.userId)).toHaveLength(12);

      const res = await upload(member, blob(jpeg));
      await expectError(res, 409, "PHOTO_LIMIT", MSG.PHOTO_LIMIT);
      expect(await keysOf(member)).toEqual(keys);
      expect(await storedFiles()).toEqual(filesBefore);
    });

    it("keeps exactly 6 photos and no orphan file when 8 uploads race", async () => {
      const member = await t.createMember();
      const images = await Promise.all(Array.from({ length: 8 }, (_, i) => makeImage("jpeg", 60 + i, 40)));
      // One instance gives a member one image at a time (server/images); eight instances, each with
      // its own gate, would not: the database's conditional update is what keeps the limit then.
      const gate = t.deps.images;
      t.deps.images = new ImageWork({
        ...IMAGE_WORK_LIMITS,
        concurrency: 8,
        runningPerMember: 8,
        perMember: 8,
      });
      const responses = await Promise.all(images.map((img) => upload(member, blob(img)))).finally(() => {
        t.deps.images = gate;
      });
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 409, 409]);
      for (const r of responses.filter((r) => r.status === 409)) {
        expect(((await r.json()) as ErrorBody).error.code).toBe("PHOTO_LIMIT");
      }

      const keys = await keysOf(member);
      expect(keys).toHaveLength(6);
      expect(new Set(keys).size).toBe(6);
      for (const key of keys) expect(key).toMatch(storedKeyPattern(member.userId, ".jpg"));
      const files = await filesOf(member.userId);
      const expected = keys
        .flatMap((k) => [k.slice("photos/".length), `thumbs/${k.slice("photos/".length)}`])
        .sort();
      expect(files).toEqual(expected);
    });
  });

  // ---- no overwrite, no orphans --------------------------------------------------------------

  describe("storage writes", () => {
    rule("never overwrites an existing file nor pairs a photo with a stale thumbnail", async () => {
      const member = await t.createMember();
      const now = Date.now();
      // The first name drawn is taken by a photo, the second by a leftover thumbnail.
      const [taken, stale, free] = ["a", "b", "c"].map((ch) => ch.repeat(32)) as [string, string, string];
      const file = (nonce: string) => `${member.userId}${now}-${nonce}.jpg`;
      await mkdir(path.join(photoDir, "thumbs"), { recursive: true });
      await writeFile(path.join(photoDir, file(taken)), "EXISTING-MAIN");
      await writeFile(path.join(photoDir, "thumbs", file(stale)), "STALE-THUMB");
      const clock = vi.spyOn(Date, "now").mockReturnValue(now);
      const nonces = vi
        .spyOn(photoNonce, "next")
        .mockReturnValueOnce(taken)
        .mockReturnValueOnce(stale)
        .mockReturnValueOnce(free);
      let dto: ProfileDto;
      try {
        dto = await uploadOk(member, await makeImage("jpeg"));
      } finally {
        clock.mockRestore();
        nonces.mockRestore();
      }
      expect(dto.photos[0]!.key).toBe(`photos/${file(free)}`);
      expect(await readFile(path.join(photoDir, file(taken)), "utf8")).toBe("EXISTING-MAIN");
      expect(await readFile(path.join(photoDir, "thumbs", file(stale)), "utf8")).toBe("STALE-THUMB");
      expect(await filesOf(member.userId)).toEqual(
        [file(taken), file(free), `thumbs/${file(stale)}`, `thumbs/${file(free)}`].sort(),
      );
    });

    rule("removes its files, and adds nothing, when the database work fails", async () => {
      const member = await t.createMember();
      const bytes = await makeImage("jpeg");
      // The profile's update ran; what runs in its transaction after it (the screening's record) fails.
      await expect(
        addPhoto(
          t.deps,
          member.userId,
          { name: "photo.jpg", type: "image/jpeg", size: bytes.length, bytes: async () => bytes },
          undefined,
          async () => {
            throw new Error("database down");
          },
        ),
      ).rejects.toThrow("database down");
      expect(await filesOf(member.userId)).toEqual([]);
      expect(await keysOf(member)).toEqual([]);
    });
  });

  // ---- delete ----------------------------------------------------------------------------------

  describe("delete", () => {
    const del = (member: Member | null, query: string) =>
      t.request(`${PHOTOS}${query}`, { method: "DELETE", cookie: member?.cookie });

    rule("removes the photo from the profile and both files", async () => {
      const member = await t.createMember();
      await uploadOk(member, await makeImage("jpeg"));
      const dto = await uploadOk(member, await makeImage("png"), "b.png", "image/png");
      const [keep, drop] = dto.photos;
      const res = await del(member, `?path=${encodeURIComponent(drop!.key)}`);
      expect(res.status).toBe(200);
      const after = (await res.json()) as ProfileDto;
      expect(after.photos).toEqual([keep]);
      expect((await profile(member)).photos).toEqual([keep]);
      expect((await t.request(drop!.url)).status).toBe(404);
      expect((await t.request(drop!.thumbUrl)).status).toBe(404);
      expect(await filesOf(member.userId)).toEqual(
        [keep!.key.slice("photos/".length), `thumbs/${keep!.key.slice("photos/".length)}`].sort(),
      );
      // Deleting it again: it is no longer in the profile.
      await expectError(
        await del(member, `?path=${encodeURIComponent(drop!.key)}`),
        404,
        "PHOTO_NOT_FOUND",
        MSG.PHOTO_NOT_FOUND,
      );
    });

    rule.each([
      ["photos/", "?path=photos%2F"],
      ["an empty path", "?path="],
      ["no path parameter", ""],
      ["a single slash", "?path=%2F"],
    ])("refuses %s with 400 Invalid file path", async (_label, query) => {
      const member = await t.createMember();
      const dto = await uploadOk(member, await makeImage("jpeg"));
      const filesBefore = await storedFiles();
      await expectError(await del(member, query), 400, "INVALID_FILE_PATH", "Invalid file path");
      expect((await profile(member)).photos).toEqual(dto.photos);
      expect(await storedFiles()).toEqual(filesBefore);
    });

    rule("answers 404 for another member’s photo and leaves it in place", async () => {
      const owner = await t.createMember();
      const intruder = await t.createMember();
      const ownerDto = await uploadOk(owner, await makeImage("jpeg"));
      const intruderDto = await uploadOk(intruder, await makeImage("png"), "x.png", "image/png");
      const key = ownerDto.photos[0]!.key;
      const filesBefore = await storedFiles();

      await expectError(
        await del(intruder, `?path=${encodeURIComponent(key)}`),
        404,
        "PHOTO_NOT_FOUND",
        MSG.PHOTO_NOT_FOUND,
      );
      expect((await profile(owner)).photos).toEqual(ownerDto.photos);
      expect((await profile(intruder)).photos).toEqual(intruderDto.photos);
      expect(await storedFiles()).toEqual(filesBefore);
      expect((await t.request(ownerDto.photos[0]!.url)).status).toBe(200);
    });

    rule.each([
      ["an unknown key", (id: string) => `photos/${id}1700000000000.jpg`],
      ["a thumbnail key", (id: string) => `photos/thumbs/${id}1700000000000.jpg`],
      ["a traversal path", () => "photos/../../../etc/passwd"],
    ])("answers 404 for %s", async (_label, makeKey) => {
      const member = await t.createMember();
      const dto = await uploadOk(member, await makeImage("jpeg"));
      const filesBefore = await storedFiles();
      await expectError(
        await del(member, `?path=${encodeURIComponent(makeKey(member.userId))}`),
        404,
        "PHOTO_NOT_FOUND",
        MSG.PHOTO_NOT_FOUND,
      );
      expect((await profile(member)).photos).toEqual(dto.photos);
      expect(await storedFiles()).toEqual(filesBefore);
    });
  });

  // ---- main photo ------------------------------------------------------------------------------

  describe("main photo", () => {
    let member: Member;
    let keys: string[];

    beforeAll(async () => {
      member = await t.createMember();
      for (const format of ["jpeg", "png", "webp"] as const) {
        await uploadOk(member, await makeImage(format), `p.${format}`, `image/${format}`);
      }
      keys = await keysOf(member);
      expect(keys).toHaveLength(3);
    });

    const setMain = (body: unknown, who: Member | null = member) =>
      t.request(`${PHOTOS}/main`, { method: "PUT", cookie: who?.cookie, json: body });

    rule("moves the chosen photo first, keeping the others in order", async () => {
      const [a, b, c] = keys;
      const res = await setMain({ key: c });
      expect(res.status).toBe(200);
      expect(((await res.json()) as ProfileDto).photos.map((p) => p.key)).toEqual([c, a, b]);
      expect(await keysOf(member)).toEqual([c, a, b]);

      // Already first: no change. Then back to the original order.
      expect((await setMain({ key: c })).status).toBe(200);
      expect(await keysOf(member)).toEqual([c, a, b]);
      expect((await setMain({ key: b })).status).toBe(200);
      expect((await setMain({ key: a })).status).toBe(200);
      expect(await keysOf(member)).toEqual([a, b, c]);
    });

    rule("answers 404 for an unknown key or another member’s photo", async () => {
      const other = await t.createMember();
      const otherKey = (await uploadOk(other, await makeImage("jpeg"))).photos[0]!.key;
      const before = await keysOf(member);
      await expectError(
        await setMain({ key: `photos/${member.userId}1700000000000.jpg` }),
        404,
        "PHOTO_NOT_FOUND",
        MSG.PHOTO_NOT_FOUND,
      );
      await expectError(await setMain({ key: otherKey }), 404, "PHOTO_NOT_FOUND", MSG.PHOTO_NOT_FOUND);
      expect(await keysOf(member)).toEqual(before);
      expect(await keysOf(other)).toEqual([otherKey]);
    });

    rule("refuses an extra field with 400 and the French field message", async () => {
      const before = await keysOf(member);
      const body = await expectError(await setMain({ key: keys[1], extra: true }), 400, "VALIDATION_ERROR");
      expect(body.error.message).toBe("Champ inconnu");
      expect(body.error.fields).toEqual({ extra: "Champ inconnu" });
      expect(await keysOf(member)).toEqual(before);
    });

    rule.each([
      ["a missing key", () => ({})],
      ["a key that is not a string", () => ({ key: 42 })],
      ["an empty key", () => ({ key: "" })],
      ["a key over 300 characters", () => ({ key: `photos/${"a".repeat(300)}.jpg` })],
      ["an array body", () => [keys[1]]],
      ["a null body", () => null],
    ])("refuses %s with 400 and a French message", async (_label, makeBody) => {
      const before = await keysOf(member);
      await expectError(await setMain(makeBody()), 400, "VALIDATION_ERROR", MSG.VALIDATION);
      expect(await keysOf(member)).toEqual(before);
    });

    rule("refuses a key with no last segment with 400 Invalid file path", async () => {
      const before = await keysOf(member);
      await expectError(await setMain({ key: "photos/" }), 400, "INVALID_FILE_PATH", MSG.INVALID_FILE_PATH);
      expect(await keysOf(member)).toEqual(before);
    });

    rule("refuses a body that is not JSON", async () => {
      const res = await t.request(`${PHOTOS}/main`, {
        method: "PUT",
        cookie: member.cookie,
        headers: { "content-type": "application/json" },
        body: "{ pas du json",
      });
      await expectError(res, 400, "INVALID_JSON", MSG.INVALID_JSON);
      const res2 = await t.request(`${PHOTOS}/main`, { method: "PUT", cookie: member.cookie, body: "key=x" });
      await expectError(res2, 415, "INVALID_JSON", MSG.INVALID_JSON);
    });
  });

  // ---- public storage route -------------------------------------------------------------------

  describe("storage route", () => {
    let photo: ProfileDto["photos"][number];

    beforeAll(async () => {
      const member = await t.createMember();
      photo = (await uploadOk(member, await makeImage("jpeg"))).photos[0]!;
      // Files outside the bucket that a traversal would reach.
      await mkdir(path.join(t.dataDir, "storage"), { recursive: true });
      await writeFile(path.join(t.dataDir, "storage", "secret.txt"), "SECRET-OUTSIDE-BUCKET");
      await writeFile(path.join(t.dataDir, "secret.txt"), "SECRET-OUTSIDE-BUCKET");
    });

    rule.each([
      "/storage/profiles/../../etc/passwd",
      "/storage/profiles/../secret.txt",
      "/storage/profiles/photos/../../secret.txt",
      "/storage/profiles/%2e%2e/%2e%2e/etc/passwd",
      "/storage/profiles/%2e%2e/secret.txt",
      "/storage/profiles/..%2fsecret.txt",
      "/storage/profiles/..%2F..%2Fsecret.txt",
      "/storage/profiles/photos%2f..%2f..%2fsecret.txt",
      "/storage/profiles/%252e%252e%252fsecret.txt",
      "/storage/profiles/..%5csecret.txt",
      "/storage/profiles/..\\secret.txt",
      "/storage/profiles/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd",
      "/storage/profiles/%2Fetc%2Fpasswd",
      "/storage/profiles//etc/passwd",
      "/storage/profiles/photos/%00.jpg",
      "/storage/profiles/photos/%E0%A4%A.jpg",
      "/storage/profiles/photos/%",
      "/storage/profiles/",
      "/storage/profiles/photos",
      "/storage/profiles/photos/thumbs",
      "/storage/other-bucket/photos/x.jpg",
    ])("never serves a file outside the bucket for %s", async (url) => {
      const res = await t.request(url);
      const text = await res.text();
      expect(text).not.toContain("SECRET-OUTSIDE-BUCKET");
      expect(text).not.toContain("root:");
      expect(res.headers.get("cache-control")).not.toBe(`public, max-age=${PHOTO_CACHE_SECONDS}`);
      // The URL parser resolves "..", "%2e%2e" and backslashes before routing: such a request asks for a
      // path outside /storage/profiles/ and never reaches the storage route. The test app serves no
      // SPA (server/spa.test.ts covers it), so every one of them is the API's 404.
      await expectErrorText(res, text, 404, "NOT_FOUND");
    });

    rule("answers 404 for a well-formed key that does not exist", async () => {
      const res = await t.request("/storage/profiles/photos/inconnu1700000000000.jpg");
      await expectError(res, 404, "NOT_FOUND", MSG.NOT_FOUND);
    });

    rule("still serves a real photo, with its encoded form too", async () => {
      expect((await t.request(photo.url)).status).toBe(200);
      const encoded = photo.url.replace("photos/", "photos%2F");
      const res = await t.request(encoded);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/jpeg");
    });

    rule("answers 404 to a path that goes through a file", async () => {
      await expectError(await t.request(`${photo.url}/autre.jpg`), 404, "NOT_FOUND", MSG.NOT_FOUND);
    });
  });
});
