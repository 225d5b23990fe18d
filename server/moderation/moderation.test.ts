// Photo screening on upload, on both engines: the same photo uploaded by a second account is held
// from public view for an administrator (the stolen-photo pattern of scam accounts), an ordinary
// photo is not, and a held photo that leaves the profile closes its review.

import { readFile } from "node:fs/promises";
import type { PublicProfileDto } from "@domain/discovery.ts";
import { MSG } from "@domain/messages.ts";
import type { ProfileDto } from "@domain/profile.ts";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { queryRows } from "../db/client.ts";
import { face, OTHER_PEOPLE, SAME_PERSON } from "../test/face-samples.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test/harness.ts";
import { signUpMember } from "../test/members.ts";
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
  }, 120_000);
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
    queryRows<{ reason: string; status: string; matched_user_id: string | null; photo_key: string }>(
      db(),
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
    expect(await queryRows(db(), sql`SELECT 1 FROM photo_hashes WHERE user_id = ${thief.userId}`)).toEqual(
      [],
    );
  }, 60_000);

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
    const [hash] = await queryRows<{ hash: string }>(
      db(),
      sql`SELECT hash FROM photo_hashes WHERE user_id = ${m.userId}`,
    );
    expect(hash?.hash).toMatch(/^[01]{64}$/);
  }, 60_000);

  it("refuses an explicit photo before storing anything", async () => {
    // An adversarial example the nudity model takes for explicit: the library's sample face with
    // faint noise (scripts/moderation/compose-explicit-probe.ts), not explicit content.
    const probe = await readFile(new URL("../test/fixtures/screening-explicit-probe.png", import.meta.url));
    const m = await signUpMember(t, "female");
    const form = new FormData();
    form.append("file", new File([new Uint8Array(probe)], "photo.png", { type: "image/png" }));
    const res = await t.request("/api/profile/photos", { method: "POST", cookie: m.cookie, body: form });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string; message: string } };
    expect(error).toEqual({ code: "PHOTO_EXPLICIT", message: MSG.PHOTO_EXPLICIT });
    const [row] = await queryRows<{ n: number }>(
      db(),
      sql`SELECT cardinality(photos) AS n FROM profiles WHERE user_id = ${m.userId}`,
    );
    expect(row?.n).toBe(0);
    expect(await queryRows(db(), sql`SELECT 1 FROM photo_hashes WHERE user_id = ${m.userId}`)).toEqual([]);
  }, 60_000);
});
