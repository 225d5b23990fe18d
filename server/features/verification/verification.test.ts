// Verifying a profile through the API, on both engines: consent, a challenge used once and within
// its time, each challenge drawn counted as an attempt, frames checked (one burst of one size, on the
// capture's times), the decision recorded, the badge set — and the outside tester's attack of issue
// 33 (three stills of someone, the challenge redrawn until it asks « tilt-left, smile ») refused.
import {
  type ChallengeDto,
  captureFrameCount,
  VERIFICATION,
  VERIFICATION_MSG,
  VERIFICATION_REASONS,
  type VerificationStateDto,
} from "@domain/verification.ts";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "../../platform/db/client.ts";
import { verificationChallenges } from "../../platform/db/schema/index.ts";
import {
  type Capture,
  cameraPicture,
  face,
  liveCapture,
  OTHER_PEOPLE,
  SAME_PERSON,
  SAME_PERSON_MOUTHS,
  sentFrame,
  spreadStills,
  tilted,
} from "../../test/face-samples.ts";
import { createTestApp, describeEachEngine, ruleIt, type TestApp } from "../../test/harness.ts";
import { signUpMember } from "../../test/members.ts";
import { faceEngine } from "./face-engine.ts";

describeEachEngine("profile verification API", (engine) => {
  // The decisions (seconds of the face models per capture) are the application's rules: on the run's
  // main engine only. The challenges, attempts and checks before any analysis run on both.
  const decisionIt = ruleIt(engine);
  let t: TestApp;
  /** The man of the profile photos, live: at rest, his head tilted to his left, then smiling. */
  let live: Capture;
  /** The tester's three stills of him: neutral, the same rotated 25°, a smiling photo. */
  let stills: Buffer[];
  beforeAll(async () => {
    await faceEngine();
    t = await createTestApp(engine);
    const neutral = await face(SAME_PERSON[1]!);
    live = await liveCapture(neutral, SAME_PERSON_MOUTHS[1]!, ["tilt-left", "smile"]);
    stills = [neutral, await tilted(neutral, 25), await face(SAME_PERSON[5]!)];
  }, 300_000);
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
  const stateOf = async (m: Member) =>
    (await (await t.request("/api/verification", { cookie: m.cookie })).json()) as VerificationStateDto;
  /** The challenge drawn as long ago as the capture takes (its times are checked against its age). */
  const drawnAgo = (id: string, seconds = 15) =>
    db().execute(
      sql`UPDATE verification_challenges SET created_at = now() - ${seconds} * interval '1 second' WHERE id = ${id}`,
    );
  /** A challenge whose gestures are the ones the captures make: the head to the left, then a smile. */
  async function tiltThenSmile(m: Member): Promise<ChallengeDto> {
    const res = await challenge(m);
    expect(res.status).toBe(201);
    const c = (await res.json()) as ChallengeDto;
    expect(c.gestures).toHaveLength(2);
    expect(c.gestures.map((g) => g.id)).toContain("smile");
    await db().execute(
      sql`UPDATE verification_challenges SET gestures = '{tilt-left,smile}' WHERE id = ${c.id}`,
    );
    await drawnAgo(c.id);
    return c;
  }
  /** Frames as the page sends them: in order, with their times when given (not for the tester's request). */
  function submit(m: Member, challengeId: string, images: (Buffer | string)[], times?: (number | string)[]) {
    const form = new FormData();
    form.set("challengeId", challengeId);
    for (const [i, img] of images.entries())
      form.append(
        "frames",
        new Blob([typeof img === "string" ? img : new Uint8Array(img)], { type: "image/jpeg" }),
        `frame-${i}.jpg`,
      );
    for (const time of times ?? []) form.append("times", String(time));
    return t.request("/api/verification", { method: "POST", cookie: m.cookie, body: form });
  }
  const sendLive = (m: Member, challengeId: string) => submit(m, challengeId, live.frames, live.times);
  const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;
  const badgeOf = async (m: Member) =>
    (
      await queryRows(
        db(),
        z.strictObject({ verified: z.boolean() }),
        sql`SELECT verified_at IS NOT NULL AS verified FROM profiles WHERE user_id = ${m.userId}`,
      )
    )[0]?.verified;

  it("asks for consent before the camera", async () => {
    const m = await memberWithPhoto(await face(SAME_PERSON[0]!));
    for (const json of [{}, { consent: false }, { consent: "oui" }]) {
      const res = await t.request("/api/verification/challenge", { method: "POST", cookie: m.cookie, json });
      expect(res.status).toBe(400);
    }
    expect(await db().$count(verificationChallenges, eq(verificationChallenges.userId, m.userId))).toBe(0);
  });

  decisionIt(
    "verifies the member of the photos from a live capture, once per challenge, and keeps the badge",
    async () => {
      const m = await memberWithPhoto(await face(SAME_PERSON[0]!));
      const c = await tiltThenSmile(m);
      expect([c.minFrames, c.maxFrames]).toEqual([captureFrameCount(2), captureFrameCount(2)]);
      const res = await sendLive(m, c.id);
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
      const replay = await sendLive(m, c.id);
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
    },
    120_000,
  );

  decisionIt(
    "refuses the outside tester’s attack: three stills, the challenge redrawn until « tilt-left, smile »",
    async () => {
      // Issue 33: drawing was free, so the tester drew until the challenge asked for the head to the
      // left then a smile, and sent his three stills of the man of the profile photo.
      const m = await memberWithPhoto(await face(SAME_PERSON[0]!));
      let drawn: ChallengeDto | null = null;
      let draws = 0;
      for (; draws < 40; draws++) {
        const res = await challenge(m);
        if (res.status === 429) break;
        expect(res.status).toBe(201);
        drawn = (await res.json()) as ChallengeDto;
        if (drawn.gestures.map((g) => g.id).join() === "tilt-left,smile") break;
        // Left to expire, to draw another.
        await db().execute(
          sql`UPDATE verification_challenges SET expires_at = now() - interval '1 second' WHERE id = ${drawn.id}`,
        );
      }
      // Had the draws run out first, the luckiest case: the last draw asks for it.
      await db().execute(
        sql`UPDATE verification_challenges SET gestures = '{tilt-left,smile}', expires_at = now() + interval '1 minute'
        WHERE id = ${drawn!.id}`,
      );
      const res = await submit(m, drawn!.id, stills);
      expect(res.status, await res.clone().text()).not.toBe(200);
      expect([res.status, await codeOf(res)]).toEqual([400, "FRAMES_INVALID"]);
      expect(await badgeOf(m)).toBe(false);
      // The draws cost attempts: at most three a day.
      expect(draws).toBeLessThanOrEqual(VERIFICATION.ATTEMPTS_PER_DAY);

      // The same stills sent as a burst, each repeated over its part of the capture, with the
      // capture's times, after the capture's time: refused, the frames jump from one still to another.
      const other = await memberWithPhoto(await face(SAME_PERSON[0]!));
      const camera = await Promise.all(stills.map(async (s) => sentFrame(await cameraPicture(s))));
      const burst = spreadStills(camera);
      const spread = await submit(other, (await tiltThenSmile(other)).id, burst.frames, burst.times);
      expect(spread.status).toBe(200);
      expect((await spread.json()) as VerificationStateDto).toMatchObject({
        status: "refused",
        reason: VERIFICATION_REASONS.NOT_CONTINUOUS,
      });
      expect(await badgeOf(other)).toBe(false);
    },
    120_000,
  );

  it("counts each challenge drawn as an attempt, gives an open one again, and stops at the day’s limit", async () => {
    const m = await memberWithPhoto(await face(SAME_PERSON[0]!));
    expect((await stateOf(m)).attemptsLeftToday).toBe(3);
    // Two draws at once: one challenge, one attempt.
    const [one, two] = await Promise.all([challenge(m), challenge(m)]);
    expect([one.status, two.status]).toEqual([201, 201]);
    const first = (await one.json()) as ChallengeDto;
    expect((await two.json()) as ChallengeDto).toEqual(first);
    expect(await stateOf(m)).toMatchObject({ attemptsLeftToday: 2, resumable: true });
    // Drawing again while it is open (a member who cancelled and starts again) gives it back,
    // gestures and all.
    expect((await (await challenge(m)).json()) as ChallengeDto).toEqual(first);
    expect((await stateOf(m)).attemptsLeftToday).toBe(2);
    // Left to expire: it has cost its attempt, and the next draw is a new one.
    await db().execute(
      sql`UPDATE verification_challenges SET expires_at = now() + interval '30 seconds' WHERE id = ${first.id}`,
    );
    const second = (await (await challenge(m)).json()) as ChallengeDto;
    expect(second.id).not.toBe(first.id);
    expect((await stateOf(m)).attemptsLeftToday).toBe(1);
    // Answered with bad frames: used up.
    const bad = await submit(m, second.id, ["pas une image"]);
    expect([bad.status, await codeOf(bad)]).toEqual([400, "FRAMES_INVALID"]);
    const third = (await (await challenge(m)).json()) as ChallengeDto;
    expect(await stateOf(m)).toMatchObject({ attemptsLeftToday: 0, resumable: true });
    // None left, but the one drawn can still be taken up.
    const resumed = await challenge(m);
    expect([resumed.status, ((await resumed.json()) as ChallengeDto).id]).toEqual([201, third.id]);
    // Once that one is answered too, nothing more today.
    await db().execute(
      sql`UPDATE verification_challenges SET used_at = now() WHERE user_id = ${m.userId} AND used_at IS NULL`,
    );
    expect(await stateOf(m)).toMatchObject({ attemptsLeftToday: 0, resumable: false });
    const fourth = await challenge(m);
    expect(fourth.status).toBe(429);
    expect(await fourth.json()).toEqual({
      error: { code: "TOO_MANY_ATTEMPTS", message: VERIFICATION_MSG.TOO_MANY_ATTEMPTS },
    });
    expect(await db().$count(verificationChallenges, eq(verificationChallenges.userId, m.userId))).toBe(3);
  });

  decisionIt(
    "refuses another person’s face with the reason",
    async () => {
      const m = await memberWithPhoto(await face(OTHER_PEOPLE[0]!));
      const res = await sendLive(m, (await tiltThenSmile(m)).id);
      expect((await res.json()) as VerificationStateDto).toEqual({
        status: "refused",
        verifiedAt: null,
        reason: VERIFICATION_REASONS.NO_MATCH,
        attemptsLeftToday: 2,
        resumable: false,
      });
      expect(await badgeOf(m)).toBe(false);
    },
    120_000,
  );

  it("refuses a burst whose times, order, number or sizes do not fit one live capture", async () => {
    const m = await memberWithPhoto(await face(SAME_PERSON[0]!));
    const attempts: [string, (id: string) => Promise<Response>][] = [
      // Sent as soon as drawn: the times claim ten seconds that have not passed.
      [
        "too soon",
        async (id) => {
          await drawnAgo(id, 0);
          return sendLive(m, id);
        },
      ],
      ["no times", (id) => submit(m, id, live.frames)],
      ["times out of order", (id) => submit(m, id, live.frames, [...live.times].reverse())],
      [
        "times not numbers",
        (id) =>
          submit(
            m,
            id,
            live.frames,
            live.times.map((x) => `${x}.5`),
          ),
      ],
      ["a frame missing", (id) => submit(m, id, live.frames.slice(1), live.times.slice(1))],
      [
        "one frame of another size",
        async (id) => {
          const bigger = await sharp(live.frames[5]!).resize(640, 480).jpeg().toBuffer();
          return submit(
            m,
            id,
            live.frames.map((f, i) => (i === 5 ? bigger : f)),
            live.times,
          );
        },
      ],
      [
        "not images",
        (id) =>
          submit(
            m,
            id,
            live.frames.map(() => "pas une image"),
            live.times,
          ),
      ],
    ];
    for (const [label, send] of attempts) {
      // The day's attempts given back for each (its challenges removed): three are not enough.
      await db().execute(sql`DELETE FROM verification_challenges WHERE user_id = ${m.userId}`);
      const res = await send((await tiltThenSmile(m)).id);
      expect([label, res.status, await codeOf(res)]).toEqual([label, 400, "FRAMES_INVALID"]);
    }
    expect(await stateOf(m)).toMatchObject({ status: "none" });
    expect(await badgeOf(m)).toBe(false);
  });

  it("refuses an expired challenge and someone else’s", async () => {
    const m = await memberWithPhoto(await face(SAME_PERSON[0]!));
    const late = await tiltThenSmile(m);
    await db().execute(
      sql`UPDATE verification_challenges SET expires_at = now() - interval '1 second' WHERE id = ${late.id}`,
    );
    const expired = await sendLive(m, late.id);
    expect([expired.status, await codeOf(expired)]).toEqual([410, "CHALLENGE_EXPIRED"]);

    const other = await memberWithPhoto(await face(SAME_PERSON[0]!));
    const theirs = await tiltThenSmile(other);
    const stolen = await sendLive(m, theirs.id);
    expect([stolen.status, await codeOf(stolen)]).toEqual([404, "CHALLENGE_NOT_FOUND"]);
    expect(await stateOf(m)).toMatchObject({ status: "none", attemptsLeftToday: 2 });
  });

  decisionIt(
    "keeps the badge for another photo of the same face as main photo, clears it for another face",
    async () => {
      const m = await memberWithPhoto(await face(SAME_PERSON[0]!));
      await sendLive(m, (await tiltThenSmile(m)).id);
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
    },
    120_000,
  );
});
