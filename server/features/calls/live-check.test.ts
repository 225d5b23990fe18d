// The live identity check of a video call (issue 38) on both engines, with the real face models: the
// verified member's own face gives « Vu(e) en appel » (and a lighter shield score); someone else's
// face lets the call go on and opens a review for the administrators, with no frame kept; frames
// that are not images, or a member who is not verified, are refused before any model runs.
import type { CallDto, LiveCheckDto } from "@domain/responses/calls.ts";
import type { PublicProfileDto } from "@domain/responses/discovery.ts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "../../platform/db/client.ts";
import { cameraPicture, face, OTHER_PEOPLE, SAME_PERSON, sentFrame } from "../../test/face-samples.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test/harness.ts";
import { signUpMember } from "../../test/members.ts";
import { FACE_THRESHOLDS, faceEngine } from "../verification/index.ts";

const OFFER = "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n";
type Member = Awaited<ReturnType<typeof signUpMember>>;

/** A camera frame of a sample face, as the call page sends it (320×240 JPEG). */
async function frameOf(region: (typeof SAME_PERSON)[number]): Promise<Buffer> {
  return sentFrame(await cameraPicture(await face(region)));
}

describeEachEngine("live identity check in a video call", (engine) => {
  let t: TestApp;
  let his: Buffer;
  /** The verified face's descriptor, as a selfie verification keeps it. */
  let descriptor: number[];
  /** Another person's frame, less like him than the review threshold. */
  let stranger: Buffer;

  beforeAll(async () => {
    const engineReady = await faceEngine();
    t = await createTestApp(engine);
    his = await frameOf(SAME_PERSON[0]!);
    descriptor = (await engineReady.analyse(his)).faces[0]!.embedding;
    let lowest = 1;
    for (const region of OTHER_PEOPLE) {
      const frame = await frameOf(region);
      const found = (await engineReady.analyse(frame)).faces[0];
      const likeness = found ? engineReady.similarity(descriptor, found.embedding) : 1;
      if (likeness < lowest) [lowest, stranger] = [likeness, frame];
    }
    expect(lowest).toBeLessThan(FACE_THRESHOLDS.REVIEW);
  });
  afterAll(() => t?.close());
  const db = () => t.deps.database.db;

  /** A verified member in a running video call with another member. */
  async function inCall(verified = true, video = true) {
    const him = await signUpMember(t, "male");
    const her = await signUpMember(t, "female");
    if (verified) {
      await db().execute(sql`UPDATE profiles SET verified_at = now() WHERE user_id = ${him.userId}`);
      await db().execute(sql`INSERT INTO face_descriptors (user_id, descriptor)
        VALUES (${him.userId}, ${sql.param(descriptor)}::real[])`);
    }
    const [match] = await queryRows(
      db(),
      z.strictObject({ id: z.string() }),
      sql`INSERT INTO matches (user1_id, user2_id, status, user1_calls, user2_calls)
        VALUES (${him.userId}, ${her.userId}, 'accepted', true, true) RETURNING id`,
    );
    const started = await t.request(`/api/matches/${match!.id}/calls`, {
      method: "POST",
      cookie: him.cookie,
      json: { video, offer: OFFER },
    });
    const call = (await started.json()) as CallDto;
    await t.request(`/api/calls/${call.id}/accept`, {
      method: "POST",
      cookie: her.cookie,
      json: { answer: OFFER },
    });
    return { him, her, call };
  }
  const check = (m: Member, callId: string, frames: (Buffer | string)[]) => {
    const form = new FormData();
    for (const [i, f] of frames.entries())
      form.append(
        "frames",
        typeof f === "string" ? f : new File([new Uint8Array(f)], `${i}.jpg`, { type: "image/jpeg" }),
      );
    return t.request(`/api/calls/${callId}/live-check`, { method: "POST", cookie: m.cookie, body: form });
  };

  it("gives « Vu(e) en appel » when the face is the verified one, and the shield counts it", async () => {
    const { him, her, call } = await inCall();
    const res = await check(him, call.id, [his, his, his]);
    expect(res.status).toBe(200);
    expect((await res.json()) as LiveCheckDto).toEqual({ result: "seen" });
    const profile = (await (
      await t.request(`/api/members/${him.userId}`, { cookie: her.cookie })
    ).json()) as {
      profile?: PublicProfileDto;
    } & Partial<PublicProfileDto>;
    expect((profile.profile ?? profile).seenOnCall).toBe(true);
    const [score] = await queryRows(
      db(),
      z.strictObject({ score: z.number() }),
      sql`SELECT score FROM shield_accounts WHERE user_id = ${him.userId}`,
    );
    // A week-old account: +15, verified −30, seen on a call −20: nothing left to hold against it.
    expect(score?.score).toBe(0);
    // Once is enough.
    const again = await check(him, call.id, [his, his, his]);
    expect(again.status).toBe(409);
  });

  it("lets the call go on and sends another face to the administrators' review, keeping no frame", async () => {
    const { him, call } = await inCall();
    const res = await check(him, call.id, [stranger, stranger, stranger]);
    expect((await res.json()) as LiveCheckDto).toEqual({ result: "mismatch" });
    const reviews = await queryRows(
      db(),
      z.strictObject({ reason: z.string(), selfie: z.unknown(), likeness: z.number() }),
      sql`SELECT reason, selfie, likeness FROM verifications WHERE user_id = ${him.userId} AND outcome = 'review'`,
    );
    expect(reviews).toHaveLength(1);
    expect(reviews[0]).toMatchObject({ reason: "CALL_MISMATCH", selfie: null });
    expect(reviews[0]!.likeness).toBeLessThan(FACE_THRESHOLDS.REVIEW);
    const heartbeat = await t.request(`/api/calls/${call.id}/heartbeat`, {
      method: "POST",
      cookie: him.cookie,
    });
    expect(await heartbeat.json()).toMatchObject({ state: "active" });
  });

  it("refuses before any model runs: not images, too few frames, a member not verified, an audio call", async () => {
    const { him, call } = await inCall();
    const bad = async (frames: (Buffer | string)[], status = 400) => {
      const res = await check(him, call.id, frames);
      expect(res.status).toBe(status);
      return ((await res.json()) as { error: { code: string } }).error.code;
    };
    expect(await bad([his, his])).toBe("FRAMES_INVALID");
    expect(await bad([his, his, Buffer.from("pas une image")])).toBe("FRAMES_INVALID");
    expect(await bad([his, his, "texte"])).toBe("FRAMES_INVALID");
    const unverified = await inCall(false);
    const notVerified = await check(unverified.him, unverified.call.id, [his, his, his]);
    expect(notVerified.status).toBe(409);
    expect(((await notVerified.json()) as { error: { code: string } }).error.code).toBe(
      "LIVE_CHECK_NOT_VERIFIED",
    );
    const audio = await inCall(true, false);
    const notVideo = await check(audio.him, audio.call.id, [his, his, his]);
    expect(((await notVideo.json()) as { error: { code: string } }).error.code).toBe("LIVE_CHECK_NOT_VIDEO");
    // None of these counted as an attempt, nor opened a review.
    const [reviews] = await queryRows(
      db(),
      z.strictObject({ n: z.number().int() }),
      sql`SELECT count(*)::int AS n FROM verifications WHERE user_id IN (${him.userId}, ${audio.him.userId})`,
    );
    expect(reviews?.n).toBe(0);
  });
});
