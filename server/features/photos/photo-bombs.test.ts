// Issue 33, finding 1: image decompression ate the server. An 800 KB interlaced PNG of 16000 × 16000
// pixels took 139 s, 33 CPU-seconds and 2.8 GB before it was refused, because the upload's screening
// decoded it whole (sharp's default limit is 268 megapixels). Now the header is read first and the
// photo refused before any decoding, and the image work is bounded per member and in total.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { MSG } from "@domain/messages.ts";
import { afterAll, beforeAll, expect } from "vitest";
import { createTestApp, describeOnEngine, ruleIt, type TestApp } from "../../test/harness.ts";
import { makeImage, makePngBomb } from "../../test/image-fixtures.ts";

const PHOTOS = "/api/profile/photos";

describeOnEngine("photo bombs and the image gate", (engine) => {
  const rule = ruleIt(engine);
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  function upload(cookie: string, bytes: Uint8Array, name = "photo.png", type = "image/png") {
    const form = new FormData();
    form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
    return t.request(PHOTOS, { method: "POST", body: form, cookie });
  }

  async function storedFiles(): Promise<string[]> {
    const dir = path.join(t.dataDir, "storage");
    return readdir(dir, { recursive: true }).catch(() => []);
  }

  async function photosOf(cookie: string): Promise<unknown[]> {
    const res = await t.request("/api/profile", { cookie });
    return res.status === 404 ? [] : ((await res.json()) as { photos: unknown[] }).photos;
  }

  /** Holds `count` turns of the image gate for `member` until the returned function is called. */
  function holdTurns(member: string, count: number) {
    let release!: () => void;
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    const runs = Array.from({ length: count }, () => t.deps.images.run(member, () => done));
    return async () => {
      release();
      await Promise.all(runs);
    };
  }

  rule("refuses the outside test’s bombs from their header, before any decoding", async () => {
    const member = await t.createMember();
    const started = t.deps.images.stats().started;
    const files = await storedFiles();
    const bombs = [
      makePngBomb(16_000, 16_000, { interlaced: true }),
      makePngBomb(10_000, 10_000, { interlaced: true }),
      makePngBomb(6_325, 6_325),
    ];
    // Four at once, as in the outside test: each answered from its header.
    const answers = await Promise.all([...bombs, bombs[0]!].map((bomb) => upload(member.cookie, bomb)));
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: { code: "PHOTO_TOO_MANY_PIXELS", message: MSG.PHOTO_TOO_MANY_PIXELS },
      });
    }
    // No screening, no re-encoding: the image gate never gave these a turn, and nothing was kept.
    expect(t.deps.images.stats().started).toBe(started);
    expect(await storedFiles()).toEqual(files);
    expect(await photosOf(member.cookie)).toEqual([]);
  });

  rule("still takes a real photo right after, through the gate", async () => {
    const member = await t.createMember();
    const started = t.deps.images.stats().started;
    const res = await upload(member.cookie, await makeImage("jpeg", 800, 600), "portrait.jpg", "image/jpeg");
    expect(res.status, await res.clone().text()).toBe(201);
    expect(t.deps.images.stats().started).toBe(started + 1);
  });

  rule(
    "refuses a member’s image beyond one running and two waiting (429), not another member’s",
    async () => {
      const busy = await t.createMember();
      const other = await t.createMember();
      const release = holdTurns(busy.userId, 3);
      try {
        const res = await upload(busy.cookie, await makeImage("jpeg", 64, 64), "photo.jpg", "image/jpeg");
        expect(res.status).toBe(429);
        expect(res.headers.get("retry-after")).toBe("5");
        expect(await res.json()).toEqual({
          error: { code: "RATE_LIMITED", message: MSG.IMAGE_WORK_MEMBER_BUSY },
        });
        const ok = await upload(other.cookie, await makeImage("jpeg", 64, 64), "photo.jpg", "image/jpeg");
        expect(ok.status, await ok.clone().text()).toBe(201);
      } finally {
        await release();
      }
      expect(await photosOf(busy.cookie)).toEqual([]);
    },
  );

  rule("answers 503 with Retry-After when the instance’s image queue is full", async () => {
    const member = await t.createMember();
    const limits = { concurrency: 2, queued: 32 };
    // Other members fill every slot and the whole queue.
    const releases = Array.from({ length: limits.concurrency + limits.queued }, (_, i) =>
      holdTurns(`autre-${i}`, 1),
    );
    try {
      expect(t.deps.images.stats()).toMatchObject({ running: 2, waiting: 32 });
      const res = await upload(member.cookie, await makeImage("jpeg", 64, 64), "photo.jpg", "image/jpeg");
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("SERVICE_UNAVAILABLE");
    } finally {
      await Promise.all(releases.map((release) => release()));
    }
    expect(await photosOf(member.cookie)).toEqual([]);
  });
});
