// Matches and public profiles: both members see the match, removing it hides it
// from both, and nobody can read or remove what is not theirs.
import type { MatchListDto, PublicProfileDto } from "@domain/discovery.ts";
import { MSG } from "@domain/messages.ts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "../../platform/db/client.ts";
import { createTestApp, describeOnEngine, type TestApp } from "../../test/harness.ts";
import { bornYearsAgo, insertMember, setBanned, signUpMember } from "../../test/members.ts";

describeOnEngine("matches API", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const db = () => t.deps.database.db;
  const like = (cookie: string, likedId: string, type = "like") =>
    t.request("/api/likes", { method: "POST", cookie, json: { likedId, type } });
  const list = async (cookie: string, cursor?: string) => {
    const res = await t.request(`/api/matches${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`, {
      cookie,
    });
    return (await res.json()) as MatchListDto;
  };
  const remove = (cookie: string, id: string) =>
    t.request(`/api/matches/${id}`, { method: "DELETE", cookie });

  it("refuses anonymous visitors", async () => {
    expect((await t.request("/api/matches")).status).toBe(401);
    expect((await t.request("/api/members/x")).status).toBe(401);
  });

  it("shows the match to both members with the other’s public profile and the score", async () => {
    const a = await signUpMember(t, "male", {
      firstName: "Koffi",
      interests: ["Cuisine", "Danse"],
      birthDate: bornYearsAgo(33),
    });
    const b = await signUpMember(t, "female", {
      firstName: "Nadia",
      lastName: "Benali",
      interests: ["Cuisine"],
      birthDate: bornYearsAgo(29),
      phoneNumber: "+33612345678",
    });
    await like(a.cookie, b.userId);
    const forA = await list(a.cookie);
    const forB = await list(b.cookie);
    expect(forA.data).toHaveLength(1);
    expect(forA.data[0]?.id).toBe(forB.data[0]?.id);
    // 40 × 1/2 + 30 × 1 + 30 = 80
    expect(forA.data[0]?.member).toMatchObject({
      userId: b.userId,
      firstName: "Nadia",
      lastInitial: "B.",
      age: 29,
      compatibility: 80,
    });
    expect(forB.data[0]?.member).toMatchObject({
      userId: a.userId,
      firstName: "Koffi",
      age: 33,
      compatibility: 80,
    });
    expect(JSON.stringify(forA)).not.toContain("+33612345678");
  });

  it("removes a match for both members; the other cannot reopen it with a like", async () => {
    const a = await signUpMember(t, "male");
    const b = await signUpMember(t, "female");
    await like(a.cookie, b.userId);
    const matchId = (await list(a.cookie)).data[0]!.id;
    const res = await remove(b.cookie, matchId);
    expect(res.status).toBe(200);
    expect((await list(a.cookie)).data).toEqual([]);
    expect((await list(b.cookie)).data).toEqual([]);
    // Removing twice is harmless; a's like does not bring it back.
    expect((await remove(b.cookie, matchId)).status).toBe(200);
    await like(a.cookie, b.userId);
    expect((await list(b.cookie)).data).toEqual([]);
    const [row] = await queryRows(
      db(),
      z.strictObject({ status: z.string(), rejected_by: z.string() }),
      sql`SELECT status, rejected_by FROM matches WHERE id = ${matchId}::uuid`,
    );
    expect(row).toEqual({ status: "rejected", rejected_by: b.userId });
  });

  it("answers 404 to removing another pair’s match or a made-up id, and changes nothing", async () => {
    const a = await signUpMember(t, "male");
    const b = await signUpMember(t, "female");
    const stranger = await signUpMember(t, "female");
    await like(a.cookie, b.userId);
    const matchId = (await list(a.cookie)).data[0]!.id;
    for (const id of [matchId, "00000000-0000-4000-8000-000000000000", "pas-un-id", "1%27%20OR%201=1"]) {
      const res = await remove(stranger.cookie, id);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: "MATCH_NOT_FOUND", message: MSG.MATCH_NOT_FOUND } });
    }
    expect((await list(a.cookie)).data).toHaveLength(1);
  });

  it("hides matches with banned members and pages newest first with a cursor", async () => {
    const me = await signUpMember(t, "female");
    const others: string[] = [];
    for (let i = 0; i < 27; i++) others.push(await insertMember(db(), "male"));
    for (const id of others) await like(me.cookie, id);
    await setBanned(db(), others[0]!, true);
    const first = await list(me.cookie);
    expect(first.data).toHaveLength(24);
    expect(first.data[0]?.member.userId).toBe(others.at(-1));
    const second = await list(me.cookie, first.nextCursor!);
    expect(second.nextCursor).toBeNull();
    const seen = [...first.data, ...second.data].map((m) => m.member.userId);
    expect(new Set(seen)).toEqual(new Set(others.slice(1)));
    const bad = await t.request("/api/matches?cursor=1_2", { cookie: me.cookie });
    expect(bad.status).toBe(400);
  });

  it("shows a member’s public profile only to those who may see it", async () => {
    const viewer = await signUpMember(t, "male");
    const woman = await insertMember(db(), "female", { phoneNumber: "+221770000001" });
    const man = await insertMember(db(), "male");
    const banned = await insertMember(db(), "female");
    await setBanned(db(), banned, true);
    const ok = await t.request(`/api/members/${woman}`, { cookie: viewer.cookie });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as PublicProfileDto;
    expect(body.userId).toBe(woman);
    expect(JSON.stringify(body)).not.toContain("+221770000001");
    for (const id of [man, banned, viewer.userId, "inconnu"]) {
      const res = await t.request(`/api/members/${id}`, { cookie: viewer.cookie });
      expect(res.status).toBe(404);
    }
  });
});
