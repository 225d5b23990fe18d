// The confirmed birth date (docs/decisions/0010): the SPEC default 2000-01-01 is stored until the
// member gives theirs, and until then nobody finds, sees or hears from them. Both engines.
import { randomBytes } from "node:crypto";
import type { AdminProfileRow } from "@domain/admin.ts";
import { minusYears, todayIso } from "@domain/age.ts";
import type { MatchListDto, SearchResultDto } from "@domain/discovery.ts";
import { MSG } from "@domain/messages.ts";
import type { ConversationDto } from "@domain/messaging.ts";
import type { ProfileDto } from "@domain/profile.ts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { inTransaction, queryRows } from "../../platform/db/client.ts";
import { likes, matches, messages, profiles } from "../../platform/db/schema/index.ts";
import { createAdmin } from "../../test/admin.ts";
import { createTestApp, describeOnEngine, type TestApp } from "../../test/harness.ts";
import { bareViewer, bornYearsAgo, insertMember, signUpMember } from "../../test/members.ts";
import { searchConditions, searchCountQuery, searchRange } from "../search/index.ts";

const complete = {
  firstName: "Fatou",
  lastName: "Sow",
  gender: "female",
  lookingFor: "Une relation sérieuse",
  birthDate: "1991-03-09",
  country: "Sénégal",
  phoneNumber: "",
  bio: "",
  occupation: "",
  education: "",
  languages: ["Français"],
  interests: ["Cuisine"],
};

/** A node of an EXPLAIN (FORMAT JSON) plan: the keys read here (a node has many more). */
const planNode = z.looseObject({
  "Node Type": z.string(),
  "Relation Name": z.string().optional(),
  "Index Name": z.string().optional(),
  "Index Cond": z.string().optional(),
  Filter: z.string().optional(),
  "Parent Relationship": z.string().optional(),
  get Plans() {
    return z.array(planNode).optional();
  },
});
type PlanNode = z.output<typeof planNode>;

/** Every node of an EXPLAIN (FORMAT JSON) plan. */
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];
/** The nodes of the main query, without its sub- and init plans (the count's rare-filter step is one). */
const mainNodes = (n: PlanNode): PlanNode[] => [
  n,
  ...(n.Plans ?? [])
    .filter((c) => c["Parent Relationship"] !== "SubPlan" && c["Parent Relationship"] !== "InitPlan")
    .flatMap(mainNodes),
];

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

describeOnEngine("confirmed birth date", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const db = () => t.deps.database.db;
  const rowOf = async (userId: string) =>
    (await db().select().from(profiles).where(eq(profiles.userId, userId)))[0];
  const put = (cookie: string, json: unknown) => t.request("/api/profile", { method: "PUT", cookie, json });
  /** An interest only this test's members carry, so that tests sharing the database stay apart. */
  const tag = () => `T${randomBytes(4).toString("hex")}`;
  const unconfirmed = { birthDate: "2000-01-01", birthDateConfirmed: false } as const;

  it("stores the default unconfirmed, and confirms it with the first save of the form", async () => {
    const { cookie, userId } = await t.signUp();
    const created = (await (await t.request("/api/profile", { cookie })).json()) as ProfileDto;
    expect(created).toMatchObject({ birthDate: "2000-01-01", birthDateConfirmed: false, onboardingStep: 0 });

    const res = await put(cookie, complete);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      birthDate: "1991-03-09",
      birthDateConfirmed: true,
      onboardingStep: 0,
    });
    expect((await rowOf(userId))?.birthDateConfirmed).toBe(true);
  });

  it("confirms the default date itself when the member gives it", async () => {
    // Someone born on 1 January 2000 saves it: it is now theirs, not a default.
    const { cookie, userId } = await t.signUp();
    const res = await put(cookie, { ...complete, birthDate: "2000-01-01" });
    expect(res.status).toBe(200);
    expect(await rowOf(userId)).toMatchObject({ birthDate: "2000-01-01", birthDateConfirmed: true });
  });

  it.each([
    ["in the future", minusYears(todayIso(), -2), "La date de naissance ne peut pas être dans le futur"],
    ["today", todayIso(), "Vous devez avoir entre 18 et 99 ans"],
    ["17 years ago", minusYears(todayIso(), 17), "Vous devez avoir entre 18 et 99 ans"],
    ["empty", "", "Veuillez indiquer votre date de naissance"],
    ["not a date", "31/12/1990", "Date de naissance invalide"],
  ])("refuses a birth date %s in French and writes nothing", async (_label, birthDate, message) => {
    const { cookie, userId } = await t.signUp();
    await t.request("/api/profile", { cookie });
    const res = await put(cookie, { ...complete, birthDate });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe("VALIDATION_ERROR");
    expect(body.error.fields).toEqual({ birthDate: message });
    expect(await rowOf(userId)).toMatchObject({
      firstName: "",
      birthDate: "2000-01-01",
      birthDateConfirmed: false,
    });
  });

  it("keeps the guided first profile’s step, never going back, and refuses an invalid one", async () => {
    const { cookie, userId } = await t.signUp();
    expect(
      ((await (await put(cookie, { ...complete, onboardingStep: 2 })).json()) as ProfileDto).onboardingStep,
    ).toBe(2);
    // Saving an earlier step again (the member went back) leaves the progress where it was.
    expect(
      ((await (await put(cookie, { ...complete, onboardingStep: 1 })).json()) as ProfileDto).onboardingStep,
    ).toBe(2);
    expect(((await (await put(cookie, complete)).json()) as ProfileDto).onboardingStep).toBe(2);

    for (const onboardingStep of [4, -1, "3", 1.5]) {
      const res = await put(cookie, { ...complete, firstName: "Changée", onboardingStep });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error.fields).toEqual({
        onboardingStep: "L’étape doit être un entier entre 0 et 3",
      });
    }
    expect(await rowOf(userId)).toMatchObject({ firstName: "Fatou", onboardingStep: 2 });
  });

  it("hides an unconfirmed member from search, its count and her profile page, until she gives her birth date", async () => {
    const k = tag();
    const me = await signUpMember(t, "male", { interests: [k] });
    const shown = await insertMember(db(), "female", { interests: [k] });
    const her = await signUpMember(t, "female", { interests: [k], ...unconfirmed });

    const search = async () =>
      (await (
        await t.request(`/api/search?interests=${k}`, { cookie: me.cookie })
      ).json()) as SearchResultDto;
    // Born « 2000-01-01 » would be 18–99 for years: only the flag keeps her out.
    let found = await search();
    expect(found.data.map((p) => p.userId)).toEqual([shown]);
    expect(found.count).toBe(1);
    const profile = await t.request(`/api/members/${her.userId}`, { cookie: me.cookie });
    expect(profile.status).toBe(404);
    expect(((await profile.json()) as ErrorBody).error.code).toBe("MEMBER_NOT_FOUND");

    expect((await put(her.cookie, { ...complete, birthDate: bornYearsAgo(27), interests: [k] })).status).toBe(
      200,
    );
    found = await search();
    expect(found.data.map((p) => p.userId).sort()).toEqual([shown, her.userId].sort());
    expect(found.data.find((p) => p.userId === her.userId)?.age).toBe(27);
    expect(found.count).toBe(2);
    expect((await t.request(`/api/members/${her.userId}`, { cookie: me.cookie })).status).toBe(200);
  });

  it("keeps the search count an index-only scan of profiles_search_idx with the new condition", async () => {
    const me = await signUpMember(t, "male");
    const viewer = bareViewer(me.userId, "male");
    // Every filter at once, « Profils vérifiés uniquement » included (issue 16).
    const query = {
      size: 10,
      ageMin: 18,
      ageMax: 99,
      withPhoto: true,
      verified: true,
      interests: ["Cuisine"],
      // …and the places, languages and intentions of issue 17.
      livesIn: ["SN", "CI"],
      from: ["afrique-ouest"],
      languages: ["Wolof"],
      lookingFor: ["Le mariage" as const],
      active: true,
      sort: "default" as const,
    };
    const count = searchCountQuery(searchRange(viewer), searchConditions(viewer, query, todayIso()));
    // On a test-sized table the planner would rather read the table; with that choice taken away,
    // the covering index must answer alone: a plain Index Scan would mean a column it lacks.
    const plan = await inTransaction(db(), async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
      // The plan is json: both drivers parse it.
      const [row] = await queryRows(
        tx,
        z.strictObject({ "QUERY PLAN": z.tuple([z.looseObject({ Plan: planNode })]) }),
        sql`EXPLAIN (FORMAT JSON) ${count}`,
      );
      return row!["QUERY PLAN"][0].Plan;
    });
    // The count's bounded walk (the main query) reads profiles_search_idx alone, index-only, with every
    // filter checked on what it returns; its rare-filter step, a subplan, is the planner's choice.
    const walk = mainNodes(plan);
    expect(
      walk.filter((n) => n["Relation Name"] === "profiles").map((n) => [n["Node Type"], n["Index Name"]]),
    ).toEqual([["Index Only Scan", "profiles_search_idx"]]);
    const checks = walk.map((n) => `${n["Index Cond"] ?? ""} ${n.Filter ?? ""}`).join(" ");
    expect(checks).toContain("birth_date_confirmed");
    expect(checks).toContain("verified_at");
    for (const column of ["country", "origin_country", "languages", "looking_for", "active_at"])
      expect(checks).toContain(column);
    // The held-photos set is looked up by key, once per statement.
    const held = nodes(plan).filter((n) => n["Index Name"] === "profiles_user_id_unique");
    expect(held.length).toBeGreaterThan(0);
  });

  it("lets an unconfirmed member pass but not like (403 BIRTH_DATE_UNCONFIRMED), writing nothing", async () => {
    const me = await signUpMember(t, "male", unconfirmed);
    const liked = await insertMember(db(), "female");
    const passed = await insertMember(db(), "female");

    const like = await t.request("/api/likes", {
      method: "POST",
      cookie: me.cookie,
      json: { likedId: liked, type: "like" },
    });
    expect(like.status).toBe(403);
    expect(await like.json()).toEqual({
      error: { code: "BIRTH_DATE_UNCONFIRMED", message: MSG.BIRTH_DATE_UNCONFIRMED_LIKE },
    });
    expect(await db().select().from(likes).where(eq(likes.likerId, me.userId))).toEqual([]);
    expect(await db().select().from(matches).where(eq(matches.user1Id, me.userId))).toEqual([]);

    const pass = await t.request("/api/likes", {
      method: "POST",
      cookie: me.cookie,
      json: { likedId: passed, type: "reject" },
    });
    expect(pass.status).toBe(200);
    expect(await pass.json()).toMatchObject({ type: "reject", matched: false });
  });

  it("refuses messages from an unconfirmed member and hides the match from the other, until she confirms", async () => {
    // A match from before the rule (or a member whose 2000-01-01 was the default).
    const her = await signUpMember(t, "female", unconfirmed);
    const him = await signUpMember(t, "male");
    const [match] = await db()
      .insert(matches)
      .values({ user1Id: him.userId, user2Id: her.userId, status: "accepted" })
      .returning();
    const send = (cookie: string) =>
      t.request(`/api/matches/${match!.id}/messages`, {
        method: "POST",
        cookie,
        json: { content: "Bonjour" },
      });

    const refused = await send(her.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: { code: "BIRTH_DATE_UNCONFIRMED", message: MSG.BIRTH_DATE_UNCONFIRMED_MESSAGE },
    });
    // A hostile body is refused as such (4xx, French), and nothing is written either way.
    const hostile = await t.request(`/api/matches/${match!.id}/messages`, {
      method: "POST",
      cookie: her.cookie,
      json: { content: 42 },
    });
    expect(hostile.status).toBe(400);
    expect(((await hostile.json()) as ErrorBody).error.code).toBe("VALIDATION_ERROR");
    expect(await db().select().from(messages).where(eq(messages.matchId, match!.id))).toEqual([]);

    // He no longer sees her: not in his matches, nor his conversations, and the conversation is closed.
    const hisMatches = (await (
      await t.request("/api/matches", { cookie: him.cookie })
    ).json()) as MatchListDto;
    expect(hisMatches.data.map((m) => m.member.userId)).not.toContain(her.userId);
    const hisConversations = (await (
      await t.request("/api/conversations", { cookie: him.cookie })
    ).json()) as {
      data: ConversationDto[];
    };
    expect(hisConversations.data.map((c) => c.matchId)).not.toContain(match!.id);
    expect(((await (await send(him.cookie)).json()) as ErrorBody).error.code).toBe("CONVERSATION_CLOSED");

    expect((await put(her.cookie, { ...complete, birthDate: bornYearsAgo(31) })).status).toBe(200);
    expect((await send(her.cookie)).status).toBe(201);
    expect((await send(him.cookie)).status).toBe(201);
    const after = (await (await t.request("/api/matches", { cookie: him.cookie })).json()) as MatchListDto;
    expect(after.data.find((m) => m.member.userId === her.userId)?.member.age).toBe(31);
  });

  it("shows administrators « non confirmée » rather than an age, and confirms a date they enter", async () => {
    const admin = await createAdmin(t);
    const her = await insertMember(db(), "female", unconfirmed);
    const get = async () =>
      (await (
        await t.request(`/api/admin/profiles/${her}`, { cookie: admin.cookie })
      ).json()) as AdminProfileRow;
    expect(await get()).toMatchObject({ birthDate: "2000-01-01", birthDateConfirmed: false, age: null });

    // Another field alone leaves the birth date as it was.
    await t.request(`/api/admin/profiles/${her}`, {
      method: "PATCH",
      cookie: admin.cookie,
      json: { bio: "Bonjour" },
    });
    expect(await get()).toMatchObject({ birthDateConfirmed: false, age: null });

    const future = await t.request(`/api/admin/profiles/${her}`, {
      method: "PATCH",
      cookie: admin.cookie,
      json: { birthDate: minusYears(todayIso(), -1) },
    });
    expect(future.status).toBe(400);
    expect(await get()).toMatchObject({ birthDateConfirmed: false });

    const birthDate = bornYearsAgo(44);
    const res = await t.request(`/api/admin/profiles/${her}`, {
      method: "PATCH",
      cookie: admin.cookie,
      json: { birthDate },
    });
    expect(res.status).toBe(200);
    expect(await get()).toMatchObject({ birthDate, birthDateConfirmed: true, age: 44 });
  });

  it("confirms the birth date of a member the JSON import updates", async () => {
    const admin = await createAdmin(t);
    const { cookie, email, userId } = await t.signUp();
    await t.request("/api/profile", { cookie });
    expect((await rowOf(userId))?.birthDateConfirmed).toBe(false);
    const file = JSON.stringify([
      { email, firstName: "Mariam", gender: "female", birthDate: "1988-07-02", country: "Mali" },
    ]);
    const res = await t.request("/api/admin/import", {
      method: "POST",
      cookie: admin.cookie,
      json: { json: file },
    });
    expect(await res.json()).toEqual({ created: 0, updated: 1, skipped: 0 });
    expect(await rowOf(userId)).toMatchObject({ birthDate: "1988-07-02", birthDateConfirmed: true });
  });
});
