// Like and pass on both engines: upserts in place, one match row per pair whatever the order or
// timing, refusals that write nothing.
import type { LikeResultDto } from "@domain/discovery.ts";
import { MSG } from "@domain/messages.ts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "../../platform/db/client.ts";
import { createTestApp, describeEachEngine, describeOnEngine, type TestApp } from "../../test/harness.ts";
import { insertMember, setBanned, signUpMember } from "../../test/members.ts";

/** Reacting through the API, and reading the rows it leaves. */
function likeHelpers(app: () => TestApp) {
  const db = () => app().deps.database.db;
  return {
    react: async (cookie: string, likedId: unknown, type: unknown = "like") => {
      const res = await app().request("/api/likes", { method: "POST", cookie, json: { likedId, type } });
      return {
        status: res.status,
        body: (await res.json()) as LikeResultDto & { error?: { code: string; message: string } },
      };
    },
    likesOf: (a: string, b: string) =>
      queryRows(
        db(),
        z.strictObject({ type: z.string() }),
        sql`SELECT type FROM likes WHERE liker_id = ${a} AND liked_id = ${b}`,
      ),
    matchesOf: (a: string, b: string) =>
      queryRows(
        db(),
        z.strictObject({ id: z.string(), status: z.string(), rejected_by: z.string().nullable() }),
        sql`SELECT id, status, rejected_by FROM matches
          WHERE least(user1_id, user2_id) = least(${a}::text, ${b}::text)
            AND greatest(user1_id, user2_id) = greatest(${a}::text, ${b}::text)`,
      ),
  };
}

describeOnEngine("likes API", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const db = () => t.deps.database.db;
  const { react, likesOf, matchesOf } = likeHelpers(() => t);

  it("refuses anonymous visitors", async () => {
    const res = await t.request("/api/likes", { method: "POST", json: { likedId: "x", type: "like" } });
    expect(res.status).toBe(401);
  });

  it("creates the like and an accepted match; liking again changes nothing", async () => {
    const a = await signUpMember(t, "male");
    const b = await insertMember(db(), "female");
    const first = await react(a.cookie, b);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ type: "like", matched: true });
    const again = await react(a.cookie, b);
    expect(again.body.matchId).toBe(first.body.matchId);
    expect(await likesOf(a.userId, b)).toEqual([{ type: "like" }]);
    expect(await matchesOf(a.userId, b)).toEqual([
      { id: first.body.matchId, status: "accepted", rejected_by: null },
    ]);
  });

  it("updates the like in place and turns the match to rejected when passing", async () => {
    const a = await signUpMember(t, "female");
    const b = await insertMember(db(), "male");
    await react(a.cookie, b, "like");
    const pass = await react(a.cookie, b, "reject");
    expect(pass.body).toEqual({ type: "reject", matched: false, mutual: false, matchId: null });
    expect(await likesOf(a.userId, b)).toEqual([{ type: "reject" }]);
    expect(await matchesOf(a.userId, b)).toMatchObject([{ status: "rejected", rejected_by: a.userId }]);
    // The member who passed may change their mind.
    const back = await react(a.cookie, b, "like");
    expect(back.body.matched).toBe(true);
    expect(await matchesOf(a.userId, b)).toMatchObject([{ status: "accepted", rejected_by: null }]);
  });

  it("turns an existing match of the pair in the other order to accepted, keeping one row", async () => {
    const a = await signUpMember(t, "male");
    const b = await signUpMember(t, "female");
    await react(b.cookie, a.userId, "like");
    const res = await react(a.cookie, b.userId, "like");
    expect(res.body.matched).toBe(true);
    expect(await matchesOf(a.userId, b.userId)).toHaveLength(1);
  });

  it("says a first like opened the conversation, and a like back made a match, to each side", async () => {
    const fatou = await signUpMember(t, "female");
    const abdoulaye = await signUpMember(t, "male");
    const get = async (cookie: string, path: string) =>
      (await (await t.request(path, { cookie })).json()) as {
        data: { id?: string; matchId?: string; likedBy: string; isNew?: boolean }[];
        matches?: number;
      };
    const seen = async (cookie: string) => ({
      match: (await get(cookie, "/api/matches")).data.map((m) => m.likedBy),
      conversation: (await get(cookie, "/api/conversations")).data.map((c) => [c.likedBy, c.isNew]),
    });

    const first = await react(fatou.cookie, abdoulaye.userId);
    expect(first.body).toMatchObject({ matched: true, mutual: false });
    expect(await seen(fatou.cookie)).toEqual({ match: ["me"], conversation: [["me", false]] });
    expect(await seen(abdoulaye.cookie)).toEqual({ match: ["them"], conversation: [["them", true]] });

    const back = await react(abdoulaye.cookie, fatou.userId);
    expect(back.body).toMatchObject({ matched: true, mutual: true, matchId: first.body.matchId });
    // News for Fatou, who had seen her own like: the conversation is new for her again.
    expect(await seen(fatou.cookie)).toEqual({ match: ["both"], conversation: [["both", true]] });
    expect(await seen(abdoulaye.cookie)).toEqual({ match: ["both"], conversation: [["both", false]] });
    const counts = (await (await t.request("/api/nav/counts", { cookie: fatou.cookie })).json()) as {
      matches: number;
    };
    expect(counts.matches).toBe(1);
    // Liking again is still a match, and changes nothing.
    expect((await react(abdoulaye.cookie, fatou.userId)).body).toMatchObject({ mutual: true });
    expect(await seen(abdoulaye.cookie)).toEqual({ match: ["both"], conversation: [["both", false]] });
  });

  it("does not let a like reopen a match the other member passed on or removed", async () => {
    const a = await signUpMember(t, "male");
    const b = await signUpMember(t, "female");
    await react(b.cookie, a.userId, "reject");
    const res = await react(a.cookie, b.userId, "like");
    expect(res.body).toEqual({ type: "like", matched: false, mutual: false, matchId: null });
    expect(await matchesOf(a.userId, b.userId)).toMatchObject([
      { status: "rejected", rejected_by: b.userId },
    ]);
    // Passing too keeps the first « no » on record.
    await react(a.cookie, b.userId, "reject");
    expect(await matchesOf(a.userId, b.userId)).toMatchObject([{ rejected_by: b.userId }]);
  });

  it("refuses self, the same gender, banned, unknown and malformed targets, writing nothing", async () => {
    const a = await signUpMember(t, "male");
    const sameGender = await insertMember(db(), "male");
    const banned = await insertMember(db(), "female");
    await setBanned(db(), banned, true);
    const self = await react(a.cookie, a.userId);
    expect(self.status).toBe(400);
    expect(self.body.error).toEqual({ code: "SELF_ACTION", message: MSG.SELF_ACTION });
    for (const target of [sameGender, banned, "inconnu", "x".repeat(64)]) {
      const r = await react(a.cookie, target);
      expect(r.status).toBe(404);
      expect(r.body.error).toEqual({ code: "MEMBER_NOT_FOUND", message: MSG.MEMBER_NOT_FOUND });
    }
    for (const [likedId, type] of [
      [sameGender, "love"],
      [42, "like"],
      ["x".repeat(65), "like"],
      [null, "reject"],
    ]) {
      const r = await react(a.cookie, likedId, type);
      expect(r.status).toBe(400);
      expect(r.body.error?.code).toBe("VALIDATION_ERROR");
      expect(r.body.error?.message).toMatch(/[a-zé]/);
    }
    const extra = await t.request("/api/likes", {
      method: "POST",
      cookie: a.cookie,
      json: { likedId: sameGender, type: "like", superLike: true },
    });
    expect(extra.status).toBe(400);
    const [written] = await queryRows(
      db(),
      z.strictObject({ n: z.number() }),
      sql`SELECT (SELECT count(*) FROM likes WHERE liker_id = ${a.userId})::int
        + (SELECT count(*) FROM matches WHERE user1_id = ${a.userId} OR user2_id = ${a.userId})::int AS n`,
    );
    expect(written?.n).toBe(0);
  });

  it("asks for a complete profile before reacting", async () => {
    const { cookie } = await signUpMember(t, "male", { firstName: "" });
    const b = await insertMember(db(), "female");
    const r = await react(cookie, b);
    expect(r.status).toBe(409);
    expect(r.body.error?.code).toBe("PROFILE_INCOMPLETE");
  });
});

// One row per pair under concurrent requests rests on each engine's locking: run on both.
describeEachEngine("likes API under concurrency", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const db = () => t.deps.database.db;
  const { react, likesOf, matchesOf } = likeHelpers(() => t);

  it("leaves exactly one match when two members like each other at the same time", async () => {
    for (let round = 0; round < 8; round++) {
      const a = await signUpMember(t, "male");
      const b = await signUpMember(t, "female");
      const [ra, rb] = await Promise.all([react(a.cookie, b.userId), react(b.cookie, a.userId)]);
      expect([ra.status, rb.status]).toEqual([200, 200]);
      expect(ra.body.matched && rb.body.matched).toBe(true);
      expect(ra.body.matchId).toBe(rb.body.matchId);
      // The second to commit saw the first's like: exactly one of them is told « C'est un match ».
      expect([ra.body.mutual, rb.body.mutual].filter(Boolean)).toHaveLength(1);
      const rows = await matchesOf(a.userId, b.userId);
      expect(rows).toEqual([{ id: ra.body.matchId, status: "accepted", rejected_by: null }]);
    }
  });

  it("absorbs a burst of double clicks: one like row, one match", async () => {
    const a = await signUpMember(t, "female");
    const b = await insertMember(db(), "male");
    const results = await Promise.all(Array.from({ length: 6 }, () => react(a.cookie, b)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.body.matchId)).size).toBe(1);
    expect(await likesOf(a.userId, b)).toHaveLength(1);
    expect(await matchesOf(a.userId, b)).toHaveLength(1);
  });

  it("ends rejected, in one row, when a like and a pass of the pair cross", async () => {
    for (let round = 0; round < 4; round++) {
      const a = await signUpMember(t, "male");
      const b = await signUpMember(t, "female");
      await Promise.all([react(a.cookie, b.userId, "like"), react(b.cookie, a.userId, "reject")]);
      expect(await matchesOf(a.userId, b.userId)).toMatchObject([
        { status: "rejected", rejected_by: b.userId },
      ]);
    }
  });
});
