// Search API, its orders: « Activité récente » (both ways of reading it) and « Compatibilité ».
import { todayIso } from "@domain/age.ts";
import { SEARCH_MSG, searchQuerySchema } from "@domain/discovery.ts";
import { frenchTypography } from "@domain/typography.ts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { z } from "zod";
import { queryRows } from "../../platform/db/client.ts";
import { createTestApp, describeOnEngine, type TestApp } from "../../test/harness.ts";
import { bareViewer, insertMember, signUpMember } from "../../test/members.ts";
import { searchClient } from "../../test/search.ts";
import { activityPageQuery, activityRow, searchConditions } from "./search.service.ts";
import type { ActivityCursor } from "./search-cursor.ts";

describeOnEngine("search orders", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const db = () => t.deps.database.db;
  const { search, ids, tag } = searchClient(() => t);

  it("sorts by recent activity, those without visible activity last, page after page", async () => {
    const k = tag();
    const me = await signUpMember(t, "male");
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    const now = await insertMember(db(), "female", { interests: [k], lastActiveAt: ago(1) });
    const hour = await insertMember(db(), "female", { interests: [k], lastActiveAt: ago(60) });
    const day = await insertMember(db(), "female", { interests: [k], lastActiveAt: ago(1500) });
    const hidden = await insertMember(db(), "female", {
      interests: [k],
      lastActiveAt: ago(2),
      presenceHidden: true,
    });
    const never = await insertMember(db(), "female", { interests: [k] });
    const first = await search(me.cookie, { interests: k, sort: "activity", size: "2" });
    expect(ids(first)).toEqual([now, hour]);
    expect(first.body.data.map((p) => p.presence)).toEqual(["online", "today"]);
    const second = await search(me.cookie, {
      interests: k,
      sort: "activity",
      size: "2",
      cursor: first.body.nextCursor!,
    });
    expect(ids(second)[0]).toBe(day);
    const third = await search(me.cookie, {
      interests: k,
      sort: "activity",
      size: "2",
      cursor: second.body.nextCursor!,
    });
    // The hidden and the never-seen come last, in a stable order, each once.
    expect(new Set([...ids(second).slice(1), ...ids(third)])).toEqual(new Set([hidden, never]));
    expect(third.body.nextCursor).toBeNull();
    // A cursor of one order is refused by another.
    const mixed = await search(me.cookie, { interests: k, cursor: first.body.nextCursor! });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error?.fields?.cursor).toBe(SEARCH_MSG.CURSOR);
  });

  it("reads « Activité récente » the same through the activity index as through the few matches", async () => {
    // The service picks one of the two readings from the count (activityPageQuery's `few`) when the
    // planner expects few matches; with a tag few members carry, the API takes the second: here both
    // are run on the same data and must give the same pages, cursor after cursor.
    const k = tag();
    const me = await signUpMember(t, "male");
    const minutes = [3, 3, 40, 600, 2000, 9000];
    for (const m of minutes)
      await insertMember(db(), "female", { interests: [k], lastActiveAt: new Date(Date.now() - m * 60_000) });
    for (let i = 0; i < 2; i++) await insertMember(db(), "female", { interests: [k] });
    await insertMember(db(), "female", { interests: [k], lastActiveAt: new Date(), presenceHidden: true });
    const viewer = bareViewer(me.userId, "male");
    const q = searchQuerySchema.parse({ interests: [k], sort: "activity", size: "2" });
    const conditions = searchConditions(viewer, q, todayIso());
    const pages = async (few: boolean) => {
      const seen: string[][] = [];
      let at: { offset: number } | ActivityCursor = { offset: 0 };
      for (;;) {
        const rows: z.output<typeof activityRow>[] = await queryRows(
          db(),
          activityRow,
          activityPageQuery(conditions, 2, at, few),
        );
        seen.push(rows.slice(0, 2).map((r) => r.userId));
        const last = rows[1];
        if (rows.length <= 2 || !last) return seen;
        at = { activeAtUs: last.activeAtUs, id: last.id };
      }
    };
    const walked = await pages(false);
    expect(walked.flat()).toHaveLength(9);
    expect(new Set(walked.flat()).size).toBe(9);
    expect(await pages(true)).toEqual(walked);
  });

  it("sorts by compatibility with the score the cards show, page after page", async () => {
    const k = tag();
    const me = await signUpMember(t, "female", {
      interests: [k, "Cuisine", "Danse"],
      languages: ["Français", "Wolof"],
      lookingFor: "Le mariage",
    });
    const close = await insertMember(db(), "male", {
      interests: [k, "Cuisine", "Danse"],
      languages: ["Français", "Wolof"],
      lookingFor: "Le mariage",
    });
    const some = await insertMember(db(), "male", { interests: [k, "Cuisine"], languages: ["Français"] });
    const far = await insertMember(db(), "male", { interests: [k, "Football"], languages: ["Anglais"] });
    const newest = await insertMember(db(), "male", { interests: [k], languages: ["Anglais"] });
    const first = await search(me.cookie, { interests: k, sort: "compatibility", size: "2" });
    expect(ids(first)).toEqual([close, some]);
    const scores = first.body.data.map((p) => p.compatibility);
    expect(scores[0]).toBeGreaterThan(scores[1]!);
    const second = await search(me.cookie, {
      interests: k,
      sort: "compatibility",
      size: "2",
      cursor: first.body.nextCursor!,
    });
    expect(new Set(ids(second))).toEqual(new Set([far, newest]));
    expect(Math.max(...second.body.data.map((p) => p.compatibility))).toBeLessThanOrEqual(scores[1]!);
    expect(second.body.nextCursor).toBeNull();
    expect(first.body.count).toBe(4);
  });

  it("refuses an unknown order, and the activity order to a member who hides her activity", async () => {
    const me = await signUpMember(t, "female");
    const bad = await search(me.cookie, { sort: "random" });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields?.sort).toBe(frenchTypography(SEARCH_MSG.SORT));
    await db().execute(sql`UPDATE profiles SET presence_hidden = true WHERE user_id = ${me.userId}`);
    const hidden = await search(me.cookie, { sort: "activity" });
    expect(hidden.status).toBe(403);
    expect(hidden.body.error?.code).toBe("PRESENCE_HIDDEN");
  });
});
