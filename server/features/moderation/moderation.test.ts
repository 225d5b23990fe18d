// Photo screening on upload, on both engines: the same photo uploaded by a second account is held
// from public view for an administrator (the stolen-photo pattern of scam accounts), an ordinary
// photo is not, and a held photo that leaves the profile closes its review.

import { readFile } from "node:fs/promises";
import type { PublicProfileDto } from "@domain/discovery.ts";
import { MSG } from "@domain/messages.ts";
import type { ProfileDto } from "@domain/profile.ts";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "../../platform/db/client.ts";
import { photoHashes } from "../../platform/db/schema/index.ts";
import { face, OTHER_PEOPLE, SAME_PERSON } from "../../test/face-samples.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test/harness.ts";
import { signUpMember } from "../../test/members.ts";
import { bandsOf, holdFor, nearestPhoto } from "./moderation.service.ts";
import { photoScreen } from "./photo-screen.ts";

describeEachEngine("photo screening on upload", (engine) => {
  let t: TestApp;
  let original: Buffer;
  beforeAll(async () => {
    await photoScreen();
    t = await createTestApp(engine);
    original = await sharp(await face(SAME_PERSON[0]!))
      .resize(800)
      .jpeg({ quality: 90 })
      .toBuffer();
  });
  afterAll(() => t.close());

  const db = () => t.deps.database.db;
  type Member = Awaited<ReturnType<typeof signUpMember>>;
  async function upload(m: Member, bytes: Buffer): Promise<ProfileDto> {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(bytes)], "photo.jpg", { type: "image/jpeg" }));
    const res = await t.request("/api/profile/photos", { method: "POST", cookie: m.cookie, body: form });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as ProfileDto;
  }
  const reviewsOf = (userId: string) =>
    queryRows(
      db(),
      z.strictObject({
        reason: z.string(),
        status: z.string(),
        matched_user_id: z.string().nullable(),
        photo_key: z.string(),
      }),
      sql`SELECT reason, status, matched_user_id, photo_key FROM photo_reviews WHERE user_id = ${userId}`,
    );
  const seenBy = async (viewer: Member, userId: string) =>
    (await (await t.request(`/api/members/${userId}`, { cookie: viewer.cookie })).json()) as PublicProfileDto;

  it("holds the same photo on a second account, shown to its owner but to nobody else", async () => {
    const first = await signUpMember(t, "male");
    await upload(first, original);
    expect(await reviewsOf(first.userId)).toEqual([]);

    // The same picture, re-encoded smaller, on another account.
    const thief = await signUpMember(t, "male");
    const copy = await sharp(original).resize(640).jpeg({ quality: 70 }).toBuffer();
    const own = await upload(thief, copy);
    expect(own.photos).toHaveLength(1);
    const [review] = await reviewsOf(thief.userId);
    expect(review).toMatchObject({ reason: "reused", status: "pending", matched_user_id: first.userId });

    const viewer = await signUpMember(t, "female");
    expect((await seenBy(viewer, thief.userId)).photos).toEqual([]);
    expect((await seenBy(viewer, first.userId)).photos).toHaveLength(1);

    // Re-framing it gives it a new key: the hold follows, the photo stays out of public view.
    const cropped = await t.request("/api/profile/photos/crop", {
      method: "POST",
      cookie: thief.cookie,
      json: { key: own.photos[0]!.key, square: { left: 0, top: 0, size: 300 } },
    });
    expect(cropped.status, await cropped.clone().text()).toBe(200);
    const newKey = ((await cropped.json()) as ProfileDto).photos[0]!.key;
    expect(newKey).not.toBe(own.photos[0]!.key);
    expect((await reviewsOf(thief.userId)).map((r) => [r.photo_key, r.status])).toEqual([
      [newKey, "pending"],
    ]);
    expect((await seenBy(viewer, thief.userId)).photos).toEqual([]);
    own.photos[0] = { ...own.photos[0]!, key: newKey };

    // The held photo leaves the profile: the review is closed and its hash forgotten.
    const res = await t.request(`/api/profile/photos?path=${encodeURIComponent(own.photos[0]!.key)}`, {
      method: "DELETE",
      cookie: thief.cookie,
    });
    expect(res.status).toBe(200);
    expect((await reviewsOf(thief.userId)).map((r) => r.status)).toEqual(["removed"]);
    expect(await db().$count(photoHashes, eq(photoHashes.userId, thief.userId))).toBe(0);
  });

  it("holds a mirrored copy of another account’s photo", async () => {
    const owner = await signUpMember(t, "female");
    const photo = await sharp(await face(OTHER_PEOPLE[0]!))
      .resize(800)
      .jpeg()
      .toBuffer();
    await upload(owner, photo);
    const thief = await signUpMember(t, "female");
    await upload(thief, await sharp(photo).flop().jpeg({ quality: 75 }).toBuffer());
    expect(await reviewsOf(thief.userId)).toMatchObject([
      { reason: "reused", status: "pending", matched_user_id: owner.userId },
    ]);
  });

  it("holds one of two accounts uploading the same photo at the same moment", async () => {
    const [a, b] = [await signUpMember(t, "male"), await signUpMember(t, "male")];
    const photo = await sharp(await face(OTHER_PEOPLE[1]!))
      .resize(700)
      .jpeg()
      .toBuffer();
    await Promise.all([upload(a, photo), upload(b, photo)]);
    const held = [...(await reviewsOf(a.userId)), ...(await reviewsOf(b.userId))];
    expect(held).toHaveLength(1);
    expect(held[0]!.reason).toBe("reused");
    expect([a.userId, b.userId]).toContain(held[0]!.matched_user_id);
  });

  it("finds a hash up to SAME_PHOTO_BITS away through the index of its bytes, and no farther", async () => {
    const owner = await signUpMember(t, "female");
    const stored = "0110".repeat(16);
    await db().execute(sql`INSERT INTO photo_hashes (photo_key, user_id, hash, bands)
      VALUES (${`photos/${owner.userId}-bands.jpg`}, ${owner.userId}, ${stored}, ${`{${bandsOf(stored).join(",")}}`}::int[])`);
    // Bits flipped in different bytes (each flip changes one of the eight indexed bytes).
    const flip = (hash: string, positions: number[]) =>
      [...hash].map((c, i) => (positions.includes(i) ? (c === "0" ? "1" : "0") : c)).join("");
    const six = flip(stored, [1, 9, 17, 25, 33, 41]);
    const seven = flip(stored, [1, 9, 17, 25, 33, 41, 49]);
    const other = await signUpMember(t, "female");
    expect(await nearestPhoto(db(), other.userId, [six])).toMatchObject({ userId: owner.userId, bits: 6 });
    expect(await nearestPhoto(db(), other.userId, [seven])).toBeUndefined();
    // Either of the hashes given (the photo's and its mirror image's) may be the near one.
    expect(await nearestPhoto(db(), other.userId, [seven, six])).toMatchObject({ bits: 6 });
    // The owner's own photos are not « another account ».
    expect(await nearestPhoto(db(), owner.userId, [stored])).toBeUndefined();
  });

  it("holds a doubtful photo for its scores, and a reused one first for its match", () => {
    const scored = (explicit: number, suggestive: number) => ({
      hash: "0".repeat(64),
      mirrored: "1".repeat(64),
      nudity: { explicit, suggestive },
    });
    expect(holdFor(scored(0.001, 0.01), undefined)).toBeNull();
    expect(holdFor(scored(0.01, 0.8), undefined)).toEqual({
      reason: "suggestive",
      score: 0.8,
      matchedUserId: null,
      matchedKey: null,
    });
    expect(holdFor(scored(0.3, 0.1), undefined)).toMatchObject({ reason: "suggestive", score: 0.3 });
    const same = { key: "photos/a.jpg", userId: "u1", bits: 2 };
    expect(holdFor(scored(0.3, 0.8), same)).toEqual({
      reason: "reused",
      score: 2,
      matchedUserId: "u1",
      matchedKey: "photos/a.jpg",
    });
  });

  it("does not hold an ordinary photo of another person", async () => {
    const m = await signUpMember(t, "female");
    await upload(
      m,
      await sharp(await face(OTHER_PEOPLE[2]!))
        .resize(800)
        .jpeg()
        .toBuffer(),
    );
    expect(await reviewsOf(m.userId)).toEqual([]);
    const [hash] = await queryRows(
      db(),
      z.strictObject({ hash: z.string() }),
      sql`SELECT hash FROM photo_hashes WHERE user_id = ${m.userId}`,
    );
    expect(hash?.hash).toMatch(/^[01]{64}$/);
  });

  it("refuses an explicit photo before storing anything", async () => {
    // An adversarial example the nudity model takes for explicit: the library's sample face with
    // faint noise (scripts/moderation/compose-explicit-probe.ts), not explicit content.
    const probe = await readFile(
      new URL("../../test/fixtures/screening-explicit-probe.png", import.meta.url),
    );
    const m = await signUpMember(t, "female");
    const form = new FormData();
    form.append("file", new File([new Uint8Array(probe)], "photo.png", { type: "image/png" }));
    const res = await t.request("/api/profile/photos", { method: "POST", cookie: m.cookie, body: form });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string; message: string } };
    expect(error).toEqual({ code: "PHOTO_EXPLICIT", message: MSG.PHOTO_EXPLICIT });
    const [row] = await queryRows(
      db(),
      z.strictObject({ n: z.number() }),
      sql`SELECT cardinality(photos) AS n FROM profiles WHERE user_id = ${m.userId}`,
    );
    expect(row?.n).toBe(0);
    expect(await db().$count(photoHashes, eq(photoHashes.userId, m.userId))).toBe(0);
  });
});
