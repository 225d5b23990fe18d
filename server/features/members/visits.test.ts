// « Qui a vu mon profil » on both engines: a visit is recorded when a member opens a profile, shown
// to the visited subscriber, latest first; not recorded for a member who browses invisibly; never
// shown when the visitor is blocked either way or banned; for subscribers only.

import type { ProfileVisitDto } from "@domain/discovery.ts";
import type { ProfileDto } from "@domain/profile.ts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, describeEachEngine, type TestApp } from "../../test/harness.ts";
import { setBanned, signUpMember } from "../../test/members.ts";

describeEachEngine("profile visits", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());
  const db = () => t.deps.database.db;
  const visit = async (cookie: string, userId: string) =>
    expect((await t.request(`/api/members/${userId}`, { cookie })).status).toBe(200);
  const visitors = async (cookie: string) => {
    const res = await t.request("/api/profile/visits", { cookie });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: ProfileVisitDto[] }).data.map((v) => v.member.userId);
  };

  it("shows who visited, the latest first, once per visitor", async () => {
    const her = await signUpMember(t, "female");
    const first = await signUpMember(t, "male");
    const second = await signUpMember(t, "male");
    await visit(first.cookie, her.userId);
    await visit(second.cookie, her.userId);
    await visit(first.cookie, her.userId);
    // The second visit within a minute does not move the first visitor up: the latest is the second.
    expect(await visitors(her.cookie)).toEqual([second.userId, first.userId]);
    const res = await t.request("/api/profile/visits", { cookie: her.cookie });
    const [latest] = ((await res.json()) as { data: ProfileVisitDto[] }).data;
    expect(latest?.member).toMatchObject({ userId: second.userId, firstName: expect.any(String) });
    expect(Date.parse(latest!.visitedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("records a visit when the page opens a profile from a list it holds, and only a visible one", async () => {
    const her = await signUpMember(t, "female");
    const him = await signUpMember(t, "male");
    const res = await t.request(`/api/members/${her.userId}/visit`, { method: "POST", cookie: him.cookie });
    expect(res.status).toBe(204);
    expect(await visitors(her.cookie)).toEqual([him.userId]);
    // Same gender (not a profile he may see) or unknown: 404, nothing recorded.
    const other = await signUpMember(t, "male");
    expect(
      (await t.request(`/api/members/${other.userId}/visit`, { method: "POST", cookie: him.cookie })).status,
    ).toBe(404);
    expect(
      (await t.request("/api/members/personne/visit", { method: "POST", cookie: him.cookie })).status,
    ).toBe(404);
    expect(await visitors(other.cookie)).toEqual([]);
  });

  it("records nothing for a member who browses invisibly", async () => {
    const her = await signUpMember(t, "female");
    const discreet = await signUpMember(t, "male");
    const set = await t.request("/api/profile/privacy", {
      method: "PUT",
      cookie: discreet.cookie,
      json: { browseInvisibly: true },
    });
    expect(((await set.json()) as ProfileDto).browseInvisibly).toBe(true);
    await visit(discreet.cookie, her.userId);
    expect(await visitors(her.cookie)).toEqual([]);
  });

  it("never shows a blocked or banned visitor, and is for subscribers only", async () => {
    const her = await signUpMember(t, "female");
    const blockedByHer = await signUpMember(t, "male");
    const blockingHer = await signUpMember(t, "male");
    const banned = await signUpMember(t, "male");
    for (const m of [blockedByHer, blockingHer, banned]) await visit(m.cookie, her.userId);
    await db().execute(sql`INSERT INTO blocks (blocker_id, blocked_id) VALUES
      (${her.userId}, ${blockedByHer.userId}), (${blockingHer.userId}, ${her.userId})`);
    await setBanned(db(), banned.userId, true);
    expect(await visitors(her.cookie)).toEqual([]);

    const trial = await signUpMember(t, "female", { accountStatus: "trial" });
    const res = await t.request("/api/profile/visits", { cookie: trial.cookie });
    expect(res.status).toBe(403);
  });
});
