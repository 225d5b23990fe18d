// Issue 33: a photo held by screening was served to anyone by a guessable URL (user id + millisecond:
// 1,514 guesses in 10 s). Held photos are now served to their owner and administrators only, never
// cached on the way; stored names carry 128 random bits; misses are limited per client address.
import { MSG } from "@domain/messages.ts";
import type { ProfileDto } from "@domain/profile.ts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createAdmin } from "../../test/admin.ts";
import { createTestApp, describeOnEngine, type TestApp } from "../../test/harness.ts";
import { makeImage } from "../../test/image-fixtures.ts";
import { photoReviews, profiles } from "../db/schema/index.ts";

describeOnEngine("held photos and guessing on /storage", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { TRUST_PROXY: "true" });
  });
  afterAll(() => t?.close());

  let lastAddress = 0;
  const get = (url: string, cookie?: string, address = `198.51.100.${++lastAddress % 250}`) =>
    t.request(url, { cookie, headers: { "x-forwarded-for": address } });

  /** A member with one stored photo, held by a pending review as screening holds one. */
  async function memberWithHeldPhoto() {
    const member = await t.createMember();
    const form = new FormData();
    form.append(
      "file",
      new File([new Uint8Array(await makeImage("jpeg", 120, 90))], "portrait.jpg", { type: "image/jpeg" }),
    );
    const res = await t.request("/api/profile/photos", { method: "POST", body: form, cookie: member.cookie });
    expect(res.status, await res.clone().text()).toBe(201);
    const photo = ((await res.json()) as ProfileDto).photos[0]!;
    await t.deps.database.db
      .insert(photoReviews)
      .values({ userId: member.userId, photoKey: photo.key, reason: "suggestive", score: 0.5 });
    return { member, photo };
  }

  it("stores every photo under a name that holds 128 random bits", async () => {
    const { member, photo } = await memberWithHeldPhoto();
    expect(photo.key).toMatch(new RegExp(`^photos/${member.userId}\\d{13}-[0-9a-f]{32}\\.jpg$`));
  });

  it("serves a held photo and its thumbnail to its owner and administrators only, never cached", async () => {
    const { member, photo } = await memberWithHeldPhoto();
    const other = await t.createMember();
    const admin = await createAdmin(t);
    for (const url of [photo.url, photo.thumbUrl]) {
      for (const cookie of [undefined, other.cookie]) {
        const res = await get(url, cookie);
        expect(res.status).toBe(404);
      }
      for (const cookie of [member.cookie, admin.cookie]) {
        const res = await get(url, cookie);
        expect(res.status).toBe(200);
        expect(res.headers.get("cache-control")).toBe("private, no-store");
      }
    }
    // Once an administrator approves it, it is public like any photo.
    await t.deps.database.db
      .update(photoReviews)
      .set({ status: "approved", decidedAt: sql`now()` })
      .where(eq(photoReviews.photoKey, photo.key));
    const res = await get(photo.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(
      (await t.deps.database.db.select().from(profiles).where(eq(profiles.userId, member.userId)))[0]?.photos,
    ).toEqual([photo.key]);
  });

  it("answers 429 to an address after 30 misses in a minute, not to others", async () => {
    const { member } = await memberWithHeldPhoto();
    const guesser = "192.0.2.66";
    const now = Date.now();
    for (let i = 0; i < 30; i++) {
      const res = await get(`/storage/profiles/photos/${member.userId}${now + i}.jpg`, undefined, guesser);
      expect(res.status).toBe(404);
    }
    const refused = await get(`/storage/profiles/photos/${member.userId}${now + 30}.jpg`, undefined, guesser);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(MSG.RATE_LIMITED);
    expect((await get(`/storage/profiles/photos/${member.userId}${now}.jpg`)).status).toBe(404);
  });
});
