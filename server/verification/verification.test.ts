// Verifying a profile through the API, on both engines: consent, a challenge used once and within
// its time, frames checked, the decision recorded, the badge set, attempts limited per day.
import { type ChallengeDto, VERIFICATION_REASONS, type VerificationStateDto } from "@domain/verification.ts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "../db/client.ts";
import { verificationChallenges } from "../db/schema/index.ts";
import { face, OTHER_PEOPLE, SAME_PERSON, tilted } from "../test/face-samples.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test/harness.ts";
import { signUpMember } from "../test/members.ts";
import { faceEngine } from "./face-engine.ts";

describeEachEngine("profile verification API", (engine) => {
  let t: TestApp;
  let frames: Buffer[];
  beforeAll(async () => {
    await faceEngine();
    t = await createTestApp(engine);
    const neutral = await face(SAME_PERSON[1]!);
    frames = [neutral, await tilted(neutral, 25), await face(SAME_PERSON[5]!)];
  }, 120_000);
  afterAll(() => t.close());

  const db = () => t.deps.database.db;
  type Member = Awaited<ReturnType<typeof signUpMember>>;
  /** A member whose profile photo is `photo`. */
  async function memberWithPhoto(photo: Buffer): Promise<Member> {
    const m = await signUpMember(t, "male");
    const key = `${m.userId}/profile.jpg`;
    await t.deps.storage.put(key, photo, "image/jpeg");
    await db().execute(sql`UPDATE profiles SET photos = ARRAY[${key}] WHERE user_id = ${m.userId}`);
    return m;
  }
  async function challenge(m: Member): Promise<Response> {
    return t.request("/api/verification/challenge", {
      method: "POST",
      cookie: m.cookie,
      json: { consent: true },
    });
  }
  /** A challenge whose gestures are the ones the frames make: the head to the left, then a smile. */
  async function tiltThenSmile(m: Member): Promise<ChallengeDto> {
    const res = await challenge(m);
    expect(res.status).toBe(201);
    const c = (await res.json()) as ChallengeDto;
    expect(c.gestures).toHaveLength(2);
    expect(c.gestures.map((g) => g.id)).toContain("smile");
    await db().execute(
      sql`UPDATE verification_challenges SET gestures = '{tilt-left,smile}' WHERE id = ${c.id}`,
    );
    return c;
  }
  function submit(m: Member, challengeId: string, images: (Buffer | string)[] = frames) {
    const form = new FormData();
    form.set("challengeId", challengeId);
    for (const [i, img] of images.entries())
      form.append(
        "frames",
        new Blob([typeof img === "string" ? img : new Uint8Array(img)], { type: "image/jpeg" }),
        `frame-${i}.jpg`,
      );
    return t.request("/api/verification", { method: "POST", cookie: m.cookie, body: form });
  }
  const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

  it("asks for consent before the camera", async () => {
    const m = await memberWithPhoto(await face(SAME_PERSON[0]!));
    for (const json of [{}, { consent: false }, { consent: "oui" }]) {
      const res = await t.request("/api/verification/challenge", { method: "POST", cookie: m.cookie, json });
      expect(res.status).toBe(400);
    }
    expect(await db().$count(verificationChallenges, eq(verificationChallenges.userId, m.userId))).toBe(0);
  });

  it("verifies the member of the photos, once per challenge, and keeps the badge", async () => {
    const m = await memberWithPhoto(await face(SAME_PERSON[0]!));
    const c = await tiltThenSmile(m);
    const res = await submit(m, c.id);
    expect(res.status).toBe(200);
    const state = (await res.json()) as VerificationStateDto;
    expect(state).toMatchObject({ status: "verified", reason: null, attemptsLeftToday: 2 });
    const [row] = await queryRows(
      db(),
      z.strictObject({ verified: z.boolean(), descriptor: z.number() }),
      sql`SELECT p.verified_at IS NOT NULL AS verified, array_length(d.descriptor, 1) AS descriptor
        FROM profiles p JOIN face_descriptors d ON d.user_id = p.user_id WHERE p.user_id = ${m.userId}`,
    );
    expect(row).toEqual({ verified: true, descriptor: 1024 });
    // The same answer again is a replay; a new challenge is not needed any more.
    const replay = await submit(m, c.id);
    expect([replay.status, await codeOf(replay)]).toEqual([404, "CHALLENGE_NOT_FOUND"]);
    const again = await challenge(m);
    expect([again.status, await codeOf(again)]).toEqual([409, "ALREADY_VERIFIED"]);
    // No selfie is kept for a decided verification.
    const [kept] = await queryRows(
      db(),
      z.strictObject({ selfie: z.unknown() }),
      sql`SELECT selfie FROM verifications WHERE user_id = ${m.userId}`,
    );
    expect(kept?.selfie).toBeNull();
  }, 60_000);

  it("refuses another person's face with the reason, and limits attempts per day", async () => {
    const m = await memberWithPhoto(await face(OTHER_PEOPLE[0]!));
    const res = await submit(m, (await tiltThenSmile(m)).id);
    expect((await res.json()) as VerificationStateDto).toEqual({
      status: "refused",
      verifiedAt: null,
      reason: VERIFICATION_REASONS.NO_MATCH,
      attemptsLeftToday: 2,
    });
    const [p] = await queryRows(
      db(),
      z.strictObject({ verified_at: z.unknown() }),
      sql`SELECT verified_at FROM profiles WHERE user_id = ${m.userId}`,
    );
    expect(p?.verified_at).toBeNull();
    await submit(m, (await tiltThenSmile(m)).id);
    await submit(m, (await tiltThenSmile(m)).id);
    const fourth = await challenge(m);
    expect([fourth.status, await codeOf(fourth)]).toEqual([429, "TOO_MANY_ATTEMPTS"]);
  }, 60_000);

  it("refuses an expired challenge, someone else's, and frames that are not images", async () => {
    const m = await memberWithPhoto(await face(SAME_PERSON[0]!));
    const late = await tiltThenSmile(m);
    await db().execute(
      sql`UPDATE verification_challenges SET expires_at = now() - interval '1 second' WHERE id = ${late.id}`,
    );
    const expired = await submit(m, late.id);
    expect([expired.status, await codeOf(expired)]).toEqual([410, "CHALLENGE_EXPIRED"]);

    const other = await memberWithPhoto(await face(SAME_PERSON[0]!));
    const theirs = await tiltThenSmile(other);
    const stolen = await submit(m, theirs.id);
    expect([stolen.status, await codeOf(stolen)]).toEqual([404, "CHALLENGE_NOT_FOUND"]);

    for (const images of [["pas une image", "pas une image", "pas une image"], frames.slice(0, 2)]) {
      const bad = await submit(m, (await tiltThenSmile(m)).id, images);
      expect([bad.status, await codeOf(bad)]).toEqual([400, "FRAMES_INVALID"]);
    }
    expect(
      (await (await t.request("/api/verification", { cookie: m.cookie })).json()) as VerificationStateDto,
    ).toMatchObject({
      status: "none",
    });
  }, 60_000);

  it("keeps the badge for another photo of the same face as main photo, clears it for another face", async () => {
    const m = await memberWithPhoto(await face(SAME_PERSON[0]!));
    await submit(m, (await tiltThenSmile(m)).id);
    const [first] = await queryRows(
      db(),
      z.strictObject({ key: z.string() }),
      sql`SELECT photos[1] AS key FROM profiles WHERE user_id = ${m.userId}`,
    );
    const same = `${m.userId}/same.jpg`;
    const other = `${m.userId}/other.jpg`;
    await t.deps.storage.put(same, await face(SAME_PERSON[3]!), "image/jpeg");
    await t.deps.storage.put(other, await face(OTHER_PEOPLE[1]!), "image/jpeg");
    await db().execute(
      sql`UPDATE profiles SET photos = ARRAY[${first!.key}, ${same}, ${other}] WHERE user_id = ${m.userId}`,
    );
    const setMain = (key: string) =>
      t.request("/api/profile/photos/main", { method: "PUT", cookie: m.cookie, json: { key } });
    const badge = async () =>
      (
        await queryRows(
          db(),
          z.strictObject({ v: z.boolean(), d: z.boolean() }),
          sql`SELECT p.verified_at IS NOT NULL AS v, EXISTS (SELECT 1 FROM face_descriptors WHERE user_id = p.user_id) AS d
          FROM profiles p WHERE p.user_id = ${m.userId}`,
        )
      )[0];
    expect(await badge()).toEqual({ v: true, d: true });
    expect((await setMain(same)).status).toBe(200);
    expect(await badge()).toEqual({ v: true, d: true });
    expect((await setMain(other)).status).toBe(200);
    expect(await badge()).toEqual({ v: false, d: false });
  }, 60_000);
});
