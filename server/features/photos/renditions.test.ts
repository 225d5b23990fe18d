// Photo renditions (issue 39), through the real API on each engine: an upload queues its job; the
// job stores every rendition at its width and format, cut on the member's square, and the member's
// and others' answers carry them; a re-framing makes new ones and drops the old; deletions take them
// away; a held photo's are served like the photo; the backfill queues each photo without renditions
// once; an unreadable stored photo ends its job without files or retries; the orphan sweep keeps
// the renditions of a named photo only. Then the queue itself, workers running.

import type { PublicProfileDto } from "@domain/discovery.ts";
import {
  allRenditions,
  type RenditionFormat,
  type RenditionKind,
  renditionPath,
} from "@domain/photo-renditions.ts";
import type { ProfileDto } from "@domain/profile.ts";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { thumbHashToRGBA } from "thumbhash";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startJobWorkers } from "../../job-workers.ts";
import { queryRows } from "../../platform/db/client.ts";
import { photoRenditions, photoReviews, profiles } from "../../platform/db/schema/index.ts";
import { renditionBase, renditionKeys, thumbKey } from "../../platform/storage/photo-keys.ts";
import { RENDITION_CACHE_CONTROL } from "../../platform/storage/storage.routes.ts";
import type { Storage } from "../../platform/storage/storage.ts";
import { createAdmin } from "../../test/admin.ts";
import {
  createTestApp,
  describeEachEngine,
  describeOnEngine,
  MEMBER_PASSWORD,
  ruleIt,
  type TestApp,
} from "../../test/harness.ts";
import { makeImage, makePhotoLikeJpeg } from "../../test/image-fixtures.ts";
import { insertMember, signUpMember } from "../../test/members.ts";
import { searchAs, searchTag } from "../../test/search.ts";
import { ORPHAN_GRACE_MS, sweepOrphanFiles } from "./orphan-files.ts";
import { PHOTO_QUEUES } from "./queues.ts";
import { backfillRenditions, makeRenditions } from "./renditions.ts";

const PHOTOS = "/api/profile/photos";

interface Member {
  cookie: string;
  userId: string;
}

const photo = (width: number, height: number) => makePhotoLikeJpeg(width, height, 85);

/** Mean absolute difference of grey levels between two images, both drawn at 64 × 64. */
async function difference(a: Uint8Array, b: Uint8Array): Promise<number> {
  const grey = (img: Uint8Array) => sharp(img).resize(64, 64, { fit: "fill" }).grayscale().raw().toBuffer();
  const [x, y] = await Promise.all([grey(a), grey(b)]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i]! - y[i]!);
  return sum / x.length;
}

const fileOf = (key: string, kind: RenditionKind, width: number, format: RenditionFormat) =>
  renditionPath(renditionBase(key), kind, width, format);

describeEachEngine("photo renditions", (engine) => {
  // Storage and job rows on each engine; the serving rules on the main one.
  const rule = ruleIt(engine);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  const db = () => t.deps.database.db;

  async function upload(member: Member, bytes: Uint8Array, square?: object): Promise<ProfileDto> {
    const form = new FormData();
    form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], "photo.jpg", { type: "image/jpeg" }));
    if (square) form.append("square", JSON.stringify(square));
    const res = await t.request(PHOTOS, { method: "POST", body: form, cookie: member.cookie });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as ProfileDto;
  }

  async function ownProfile(member: Member): Promise<ProfileDto> {
    const res = await t.request("/api/profile", { cookie: member.cookie });
    expect(res.status).toBe(200);
    return (await res.json()) as ProfileDto;
  }

  /** Jobs of the renditions queue waiting for this photo. */
  async function queued(key: string): Promise<number> {
    const [row] = await queryRows(
      db(),
      z.strictObject({ n: z.number().int() }),
      sql`SELECT count(*)::int AS n FROM pgboss.job
        WHERE name = ${PHOTO_QUEUES.renditions.name} AND data->>'key' = ${key} AND state = 'created'`,
    );
    return row!.n;
  }

  const rowOf = async (key: string) =>
    (await db().select().from(photoRenditions).where(eq(photoRenditions.photoKey, key)))[0];

  /** Which of the photo's rendition files are stored. */
  async function storedRenditions(key: string): Promise<string[]> {
    const stored: string[] = [];
    for (const k of renditionKeys(key)) if (await t.deps.storage.get(k)) stored.push(k);
    return stored;
  }

  it("queues an upload’s renditions; the job stores each at its width and format, on the member’s square", async () => {
    const member = await signUpMember(t, "female");
    const square = { left: 300, top: 100, size: 700 };
    const dto = await upload(member, await photo(1200, 900), square);
    const { key } = dto.photos[0]!;
    // Not made yet: the answer did not wait for them.
    expect(dto.photos[0]).toMatchObject({ renditions: null, placeholder: null });
    expect(await queued(key)).toBe(1);

    expect(await makeRenditions(t.deps, key)).toBe("made");
    for (const r of allRenditions()) {
      const stored = await t.deps.storage.get(fileOf(key, r.kind, r.width, r.format));
      expect(stored, `${r.kind} ${r.width} ${r.format}`).not.toBeNull();
      expect(stored!.contentType).toBe(`image/${r.format}`);
      const meta = await sharp(stored!.body).metadata();
      // sharp names AVIF by its container, HEIF, with AV1 inside.
      expect(meta.format).toBe(r.format === "avif" ? "heif" : "webp");
      if (r.format === "avif") expect(meta.compression).toBe("av1");
      expect(meta.width).toBe(r.width);
      expect(meta.height).toBe(r.kind === "thumb" ? r.width : (r.width * 900) / 1200);
      expect(meta.exif).toBeUndefined();
    }
    // The square ones show what the thumbnail shows: the member's square.
    const thumb = await t.deps.storage.get(thumbKey(key));
    const t400 = await t.deps.storage.get(fileOf(key, "thumb", 400, "webp"));
    expect(await difference(t400!.body, thumb!.body)).toBeLessThan(6);

    const row = await rowOf(key);
    expect(row).toBeDefined();
    const hash = thumbHashToRGBA(Buffer.from(row!.placeholder, "base64"));
    expect(hash.w).toBeGreaterThan(0);
    // The member's own profile, then another member's view of it: the renditions' base and the placeholder.
    const base = t.deps.storage.publicUrl(renditionBase(key));
    expect((await ownProfile(member)).photos[0]).toMatchObject({
      key,
      renditions: base,
      placeholder: row!.placeholder,
    });
    const viewer = await signUpMember(t, "male");
    const res = await t.request(`/api/members/${member.userId}`, { cookie: viewer.cookie });
    expect(res.status).toBe(200);
    expect(((await res.json()) as PublicProfileDto).photos[0]).toMatchObject({ renditions: base });
    // A second run finds them made.
    expect(await makeRenditions(t.deps, key)).toBe("exists");
  });

  it("sends the renditions in the search’s cards, read once for the page", async () => {
    const tag = searchTag();
    const member = await signUpMember(t, "female", { interests: [tag] });
    const { key } = (await upload(member, await photo(800, 600))).photos[0]!;
    expect(await makeRenditions(t.deps, key)).toBe("made");
    const viewer = await signUpMember(t, "male", { interests: [tag] });
    const found = await searchAs(t, viewer.cookie, { interests: tag });
    expect(found.status).toBe(200);
    const card = found.body.data.find((p) => p.userId === member.userId);
    expect(card?.photos[0]).toMatchObject({
      key,
      renditions: t.deps.storage.publicUrl(renditionBase(key)),
      placeholder: (await rowOf(key))!.placeholder,
    });
  });

  it("makes a re-framed photo new renditions, and the old ones go", async () => {
    const member = await t.createMember();
    const main = await photo(1000, 750);
    const { key } = (await upload(member, main)).photos[0]!;
    expect(await makeRenditions(t.deps, key)).toBe("made");
    const square = { left: 500, top: 250, size: 500 };
    const res = await t.request(`${PHOTOS}/crop`, {
      method: "POST",
      cookie: member.cookie,
      json: { key, square },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const moved = ((await res.json()) as ProfileDto).photos[0]!.key;
    expect(moved).not.toBe(key);
    expect(await storedRenditions(key)).toEqual([]);
    expect(await rowOf(key)).toBeUndefined();
    expect(await queued(moved)).toBe(1);
    expect(await makeRenditions(t.deps, moved)).toBe("made");
    expect(await storedRenditions(moved)).toHaveLength(allRenditions().length);
    // Cut on the new square.
    const t200 = await t.deps.storage.get(fileOf(moved, "thumb", 200, "webp"));
    const expected = await sharp(main)
      .extract({ left: 500, top: 250, width: 500, height: 500 })
      .png()
      .toBuffer();
    expect(await difference(t200!.body, expected)).toBeLessThan(6);
  });

  it("removes the renditions with the photo, and with the account", async () => {
    const member = await t.createMember();
    await upload(member, await photo(640, 480));
    const keys = (await upload(member, await photo(480, 640))).photos.map((p) => p.key);
    for (const key of keys) expect(await makeRenditions(t.deps, key)).toBe("made");
    const res = await t.request(`${PHOTOS}?path=${encodeURIComponent(keys[0]!)}`, {
      method: "DELETE",
      cookie: member.cookie,
    });
    expect(res.status).toBe(200);
    expect(await storedRenditions(keys[0]!)).toEqual([]);
    expect(await rowOf(keys[0]!)).toBeUndefined();
    expect(await storedRenditions(keys[1]!)).toHaveLength(allRenditions().length);
    // « Supprimer mon compte », with the member's password.
    const gone = await t.request("/api/me/delete", {
      method: "POST",
      cookie: member.cookie,
      json: { password: MEMBER_PASSWORD },
    });
    expect(gone.status, await gone.clone().text()).toBe(204);
    expect(await storedRenditions(keys[1]!)).toEqual([]);
    expect(await rowOf(keys[1]!)).toBeUndefined();
  });

  it("leaves nothing behind when the photo is deleted before or while its job runs", async () => {
    const member = await t.createMember();
    const { key } = (await upload(member, await photo(640, 480))).photos[0]!;
    await db().update(profiles).set({ photos: [] }).where(eq(profiles.userId, member.userId));
    expect(await makeRenditions(t.deps, key)).toBe("gone");
    expect(await storedRenditions(key)).toEqual([]);
    expect(await rowOf(key)).toBeUndefined();

    // Deleted while the job writes its files (after the deletion looked for them): they go all the same.
    const again = (await upload(member, await photo(640, 480))).photos[0]!.key;
    let deleted = false;
    const storage: Storage = {
      ...t.deps.storage,
      async put(k, body, type) {
        await t.deps.storage.put(k, body, type);
        if (deleted) return;
        deleted = true;
        const res = await t.request(`${PHOTOS}?path=${encodeURIComponent(again)}`, {
          method: "DELETE",
          cookie: member.cookie,
        });
        expect(res.status).toBe(200);
      },
    };
    expect(await makeRenditions({ ...t.deps, storage }, again)).toBe("gone");
    expect(deleted).toBe(true);
    expect(await storedRenditions(again)).toEqual([]);
    expect(await rowOf(again)).toBeUndefined();
  });

  rule(
    "serves a held photo’s renditions to its owner and administrators only; others’ for a year",
    async () => {
      const member = await t.createMember();
      const { key } = (await upload(member, await photo(640, 480))).photos[0]!;
      expect(await makeRenditions(t.deps, key)).toBe("made");
      const url = t.deps.storage.publicUrl(fileOf(key, "thumb", 400, "avif"));
      const open = await t.request(url);
      expect(open.status).toBe(200);
      expect(open.headers.get("content-type")).toBe("image/avif");
      expect(open.headers.get("cache-control")).toBe(RENDITION_CACHE_CONTROL);
      // Held as screening holds a photo: as if its renditions did not exist, but for its owner and
      // administrators, and never cached.
      await db()
        .insert(photoReviews)
        .values({ userId: member.userId, photoKey: key, reason: "suggestive", score: 0.5 });
      const other = await t.createMember();
      const admin = await createAdmin(t);
      for (const format of ["avif", "webp"] as const) {
        const held = t.deps.storage.publicUrl(fileOf(key, "main", 480, format));
        for (const cookie of [undefined, other.cookie])
          expect((await t.request(held, { cookie })).status).toBe(404);
        for (const cookie of [member.cookie, admin.cookie]) {
          const res = await t.request(held, { cookie });
          expect(res.status).toBe(200);
          expect(res.headers.get("cache-control")).toBe("private, no-store");
        }
      }
    },
  );

  it("queues, from the backfill, each photo without renditions once, a pooled picture shared by many once", async () => {
    const pooled = `photos/seedpool-${searchTag()}.webp`;
    const a = await insertMember(db(), "female", { photos: [pooled] });
    const b = await insertMember(db(), "female", { photos: [pooled] });
    const own = `photos/${a}${Date.now()}-${"0".repeat(32)}.jpg`;
    await db()
      .update(profiles)
      .set({ photos: [pooled, own] })
      .where(eq(profiles.userId, a));
    const main = await photo(480, 600);
    for (const key of [pooled, own]) {
      await t.deps.storage.put(key, main, "image/jpeg");
      await t.deps.storage.put(
        thumbKey(key),
        await sharp(main).resize(400, 400).jpeg().toBuffer(),
        "image/jpeg",
      );
    }
    // Every photo of the test database without renditions is queued (other tests' too), these once.
    expect(await backfillRenditions(t.deps)).toBeGreaterThanOrEqual(2);
    expect([await queued(pooled), await queued(own)]).toEqual([1, 1]);
    await backfillRenditions(t.deps);
    expect([await queued(pooled), await queued(own)]).toEqual([1, 1]);
    expect(await makeRenditions(t.deps, pooled)).toBe("made");
    // Made once for both members; the backfill no longer wants it.
    const missing = await queryRows(
      db(),
      z.strictObject({ key: z.string() }),
      sql`SELECT DISTINCT k AS key FROM profiles p, unnest(p.photos) k
        WHERE p.user_id IN (${a}, ${b}) AND NOT EXISTS (SELECT 1 FROM photo_renditions r WHERE r.photo_key = k)`,
    );
    expect(missing.map((r) => r.key)).toEqual([own]);
  });

  it("ends the job of an unreadable stored photo without files, row or error", async () => {
    const member = await insertMember(db(), "male");
    const key = `photos/${member}${Date.now()}-${"a".repeat(32)}.jpg`;
    await db()
      .update(profiles)
      .set({ photos: [key] })
      .where(eq(profiles.userId, member));
    await t.deps.storage.put(key, new TextEncoder().encode("<html>pas une image</html>"), "image/jpeg");
    await t.deps.storage.put(thumbKey(key), (await photo(400, 400)).subarray(0, 600), "image/jpeg");
    expect(await makeRenditions(t.deps, key)).toBe("unreadable");
    expect(await storedRenditions(key)).toEqual([]);
    expect(await rowOf(key)).toBeUndefined();
  });

  it("keeps, in the orphan sweep, the renditions of a named photo and removes those of a photo gone", async () => {
    const member = await t.createMember();
    const { key } = (await upload(member, await photo(640, 480))).photos[0]!;
    expect(await makeRenditions(t.deps, key)).toBe("made");
    const gone = `photos/${member.userId}${Date.now()}-${"b".repeat(32)}.jpg`;
    const leftover = fileOf(gone, "thumb", 200, "webp");
    await t.deps.storage.put(leftover, new Uint8Array([1, 2, 3]), "image/webp");
    const report = await sweepOrphanFiles(t.deps, { now: new Date(Date.now() + ORPHAN_GRACE_MS + 60_000) });
    expect(report.refused).toBe(false);
    expect(await t.deps.storage.get(leftover)).toBeNull();
    expect(await storedRenditions(key)).toHaveLength(allRenditions().length);
  });
});

describeOnEngine("photo renditions through the queue", (engine) => {
  let t: TestApp;
  let stopWorkers: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    t = await createTestApp(engine);
    stopWorkers = await startJobWorkers(t.deps, { pollingSeconds: 0.5, maintenanceSeconds: 1 });
  });
  afterAll(async () => {
    await stopWorkers?.();
    await t?.close();
  });

  /** Waits until `check` holds (the workers poll every half second). */
  async function eventually<T>(check: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
    const until = Date.now() + ms;
    for (;;) {
      const value = await check();
      if (value !== undefined) return value;
      if (Date.now() > until) throw new Error("timed out");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  const jobState = async (key: string) =>
    queryRows(
      t.deps.database.db,
      z.strictObject({ state: z.string(), retries: z.number().int() }),
      sql`SELECT state::text, retry_count AS retries FROM pgboss.job
        WHERE name = ${PHOTO_QUEUES.renditions.name} AND data->>'key' = ${key}`,
    );

  it("makes an upload’s renditions in the background, and the member’s profile then carries them", async () => {
    const member = await t.createMember();
    const form = new FormData();
    form.append(
      "file",
      new File([new Uint8Array(await makeImage("jpeg", 900, 600))], "photo.jpg", { type: "image/jpeg" }),
    );
    const res = await t.request(PHOTOS, { method: "POST", body: form, cookie: member.cookie });
    expect(res.status).toBe(201);
    const photo = await eventually(async () => {
      const me = await t.request("/api/profile", { cookie: member.cookie });
      const first = ((await me.json()) as ProfileDto).photos[0];
      return first?.renditions ? first : undefined;
    });
    expect(photo.placeholder).toMatch(/^[A-Za-z0-9+/]+=*$/);
    // pg-boss marks the job completed once the handler has returned, after the renditions' row is
    // committed: the profile can carry them while the job still reads « active » for a moment.
    const settled = await eventually(async () => {
      const rows = await jobState(photo.key);
      return rows.some((r) => r.state === "active" || r.state === "created") ? undefined : rows;
    });
    expect(settled).toEqual([{ state: "completed", retries: 0 }]);
  });

  it("completes the job of an unreadable photo once: no retry, nothing stored", async () => {
    const member = await insertMember(t.deps.database.db, "female");
    const key = `photos/${member}${Date.now()}-${"c".repeat(32)}.png`;
    await t.deps.database.db
      .update(profiles)
      .set({ photos: [key] })
      .where(eq(profiles.userId, member));
    await t.deps.storage.put(key, new Uint8Array(2048).fill(7), "image/png");
    await t.deps.storage.put(thumbKey(key), new Uint8Array(2048).fill(7), "image/png");
    await t.deps.jobs.send(PHOTO_QUEUES.renditions, { key }, { singletonKey: key });
    const states = await eventually(async () => {
      const rows = await jobState(key);
      return rows.every((r) => r.state === "completed") && rows.length > 0 ? rows : undefined;
    });
    expect(states).toEqual([{ state: "completed", retries: 0 }]);
    for (const k of renditionKeys(key)) expect(await t.deps.storage.get(k)).toBeNull();
  });
});

describe("rendition cache header", () => {
  it("lets browsers keep a rendition a year, shared caches an hour", () => {
    expect(RENDITION_CACHE_CONTROL).toBe("public, max-age=31536000, s-maxage=3600, immutable");
  });
});
