// Presence on both engines: activity is recorded from signed-in requests without a write per
// request, others see « En ligne » / « Actif aujourd'hui » / « Actif cette semaine », a member who
// hides it is seen by nobody and sees nobody's, and « En ligne récemment » filters accordingly.
import type { PublicProfileDto, SearchResultDto } from "@domain/discovery.ts";
import { SEARCH_MSG } from "@domain/discovery.ts";
import { PRESENCE, presenceLabel, presenceOf } from "@domain/presence.ts";
import type { ProfileDto } from "@domain/profile.ts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createTestApp, describeEachEngine, type TestApp } from "../../test/harness.ts";
import { insertMember, signUpMember } from "../../test/members.ts";
import { readEvents } from "../../test/sse.ts";
import { queryRows } from "../db/client.ts";
import { timestampText } from "../db/row-schemas.ts";
import { PresenceRecorder } from "./presence.ts";

describe("presenceOf", () => {
  const now = Date.UTC(2026, 10, 24, 12);
  it("says online, today or this week, and nothing beyond or never", () => {
    expect(presenceOf(new Date(now - 4 * 60_000), now)).toBe("online");
    expect(presenceOf(new Date(now - 6 * 60_000), now)).toBe("today");
    expect(presenceOf(new Date(now - 23 * 3_600_000).toISOString(), now)).toBe("today");
    expect(presenceOf(new Date(now - 6 * 86_400_000), now)).toBe("week");
    expect(presenceOf(new Date(now - 8 * 86_400_000), now)).toBeNull();
    expect(presenceOf(null, now)).toBeNull();
    expect(presenceLabel("today", "female")).toBe("Active aujourd’hui");
    expect(presenceLabel("week", "male")).toBe("Actif cette semaine");
  });
});

type Member = Awaited<ReturnType<typeof signUpMember>>;
/** The grace the test app gives a closed page (PRESENCE_LEAVE_GRACE_MS). */
const LEAVE_GRACE_MS = 200;

describeEachEngine("presence", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // A short grace after a page closes (10 s in production), so that leaving is seen quickly.
    t = await createTestApp(engine, { PRESENCE_LEAVE_GRACE_MS: String(LEAVE_GRACE_MS) });
  });
  afterAll(() => t.close());
  const db = () => t.deps.database.db;
  const lastActive = async (userId: string) =>
    (
      await queryRows(
        db(),
        z.strictObject({ at: timestampText.nullable() }),
        sql`SELECT last_active_at AS at FROM profiles WHERE user_id = ${userId}`,
      )
    )[0]?.at ?? null;
  const setActive = (userId: string, minutesAgo: number) =>
    db().execute(
      sql`UPDATE profiles SET last_active_at = now() - ${minutesAgo} * interval '1 minute' WHERE user_id = ${userId}`,
    );

  it("records a signed-in member’s activity, at most once per interval however many requests", async () => {
    const m = await signUpMember(t, "female");
    await setActive(m.userId, 60);
    let clock = Date.now();
    let writes = 0;
    const counting = new Proxy(db(), {
      get(target, prop) {
        if (prop === "execute") writes++;
        const v = Reflect.get(target, prop, target);
        return typeof v === "function" ? v.bind(target) : v;
      },
    });
    const recorder = new PresenceRecorder(counting, { warn: () => undefined }, () => clock);
    for (let i = 0; i < 20; i++) recorder.touch(m.userId);
    expect(writes).toBe(1);
    clock += (PRESENCE.TOUCH_SECONDS - 1) * 1000;
    recorder.touch(m.userId);
    expect(writes).toBe(1);
    clock += 2000;
    recorder.touch(m.userId);
    expect(writes).toBe(2);

    // Through the API: a request marks the member active (written in the background).
    const other = await signUpMember(t, "male");
    await setActive(other.userId, 60);
    const before = new Date(String(await lastActive(other.userId))).getTime();
    expect((await t.request("/api/profile", { cookie: other.cookie })).status).toBe(200);
    await expect
      .poll(async () => new Date(String(await lastActive(other.userId))).getTime())
      .toBeGreaterThan(before + 30 * 60_000);
  });

  it("keeps a member with an open page « En ligne »: the event stream’s heartbeat notes activity", async () => {
    const m = await signUpMember(t, "female");
    // Only the page's timers and clock are faked; the database keeps its own.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    try {
      const stream = readEvents(await t.request("/api/events", { cookie: m.cookie }));
      await stream.next("ready");
      await setActive(m.userId, 30);
      vi.advanceTimersByTime((PRESENCE.TOUCH_SECONDS + 30) * 1000);
      await expect
        .poll(async () => Date.now() - new Date(String(await lastActive(m.userId))).getTime(), {
          interval: 50,
        })
        .toBeLessThan(60_000 + (PRESENCE.TOUCH_SECONDS + 30) * 1000);
      await stream.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it("ends « En ligne » once the member’s last page closes, but not for a reload (issue 34)", async () => {
    const online = async (userId: string) => presenceOf(await lastActive(userId)) === "online";
    const open = async (m: Member) => {
      const stream = readEvents(await t.request("/api/events", { cookie: m.cookie }));
      await stream.next("ready");
      return stream;
    };
    // Three members on the site: one with a single page, one with two, one about to reload.
    const [single, twoTabs, reloading] = [
      await signUpMember(t, "female"),
      await signUpMember(t, "male"),
      await signUpMember(t, "female"),
    ];
    const singlePage = await open(single);
    const [tabA, tabB] = [await open(twoTabs), await open(twoTabs)];
    const beforeReload = await open(reloading);
    for (const m of [single, twoTabs, reloading]) await setActive(m.userId, 0);

    // At the same moment: the single page closes, one tab of two closes, a page reloads.
    await Promise.all([singlePage.close(), tabA.close(), beforeReload.close()]);
    const afterReload = await open(reloading);
    // The single page's member is « Actif aujourd'hui » once the grace has passed…
    await expect.poll(() => online(single.userId)).toBe(false);
    expect(presenceOf(await lastActive(single.userId))).toBe("today");
    // …by which time the same grace has passed for the others, who still have a page open.
    expect(await online(twoTabs.userId)).toBe(true);
    expect(await online(reloading.userId)).toBe(true);
    await Promise.all([tabB.close(), afterReload.close()]);
  });

  it("counts a new member’s first request, which creates the profile, as activity", async () => {
    const account = await t.createMember();
    expect((await t.request("/api/profile", { cookie: account.cookie })).status).toBe(200);
    const at = await lastActive(account.userId);
    expect(at).not.toBeNull();
    expect(Date.now() - new Date(String(at)).getTime()).toBeLessThan(60_000);
  });

  it("shows others how recently a member was active, unless either of them hides it", async () => {
    const viewer = await signUpMember(t, "female");
    const online = await insertMember(db(), "male", { lastActiveAt: new Date(Date.now() - 60_000) });
    const today = await insertMember(db(), "male", { lastActiveAt: new Date(Date.now() - 3 * 3_600_000) });
    const hidden = await insertMember(db(), "male", { lastActiveAt: new Date(), presenceHidden: true });
    const never = await insertMember(db(), "male");
    const seen = async (id: string, cookie = viewer.cookie) =>
      ((await (await t.request(`/api/members/${id}`, { cookie })).json()) as PublicProfileDto).presence;
    expect(await seen(online)).toBe("online");
    expect(await seen(today)).toBe("today");
    expect(await seen(hidden)).toBeNull();
    expect(await seen(never)).toBeNull();

    // She hides hers: she sees nobody's, and « En ligne récemment » is refused with why.
    const res = await t.request("/api/profile/privacy", {
      method: "PUT",
      cookie: viewer.cookie,
      json: { presenceHidden: true },
    });
    expect(((await res.json()) as ProfileDto).presenceHidden).toBe(true);
    expect(await seen(online)).toBeNull();
    const refused = await t.request("/api/search?active=1", { cookie: viewer.cookie });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: { code: "PRESENCE_HIDDEN", message: SEARCH_MSG.PRESENCE_HIDDEN },
    });
  });

  it("shows the presence of the other member in the conversation list, unless either hides it", async () => {
    const her = await signUpMember(t, "female");
    const him = await signUpMember(t, "male");
    await db().execute(
      sql`INSERT INTO matches (user1_id, user2_id, status) VALUES (${her.userId}, ${him.userId}, 'accepted')`,
    );
    await setActive(him.userId, 1);
    type List = { data: { member: { userId: string; presence: string | null } }[] };
    const presenceSeenBy = async (cookie: string) =>
      ((await (await t.request("/api/conversations", { cookie })).json()) as List).data.find(
        (c) => c.member.userId === him.userId,
      )?.member.presence;
    expect(await presenceSeenBy(her.cookie)).toBe("online");
    await db().execute(sql`UPDATE profiles SET presence_hidden = true WHERE user_id = ${her.userId}`);
    expect(await presenceSeenBy(her.cookie)).toBeNull();
    await db().execute(sql`UPDATE profiles SET presence_hidden = false WHERE user_id = ${her.userId}`);
    await db().execute(sql`UPDATE profiles SET presence_hidden = true WHERE user_id = ${him.userId}`);
    expect(await presenceSeenBy(her.cookie)).toBeNull();
  });

  it("finds under « En ligne récemment » the members active this week who do not hide it", async () => {
    const k = `P${Date.now()}`;
    const viewer = await signUpMember(t, "male");
    const recent = await insertMember(db(), "female", {
      interests: [k],
      lastActiveAt: new Date(Date.now() - 2 * 86_400_000),
    });
    const old = await insertMember(db(), "female", {
      interests: [k],
      lastActiveAt: new Date(Date.now() - 9 * 86_400_000),
    });
    const hidden = await insertMember(db(), "female", {
      interests: [k],
      lastActiveAt: new Date(),
      presenceHidden: true,
    });
    await insertMember(db(), "female", { interests: [k] });
    const res = await t.request(`/api/search?active=1&interests=${k}`, { cookie: viewer.cookie });
    const body = (await res.json()) as SearchResultDto;
    expect(body.data.map((p) => p.userId)).toEqual([recent]);
    expect(body.data[0]?.presence).toBe("week");
    // Both are among all her matches: only the filter leaves them out.
    const everyone = (
      (await (
        await t.request(`/api/search?interests=${k}`, { cookie: viewer.cookie })
      ).json()) as SearchResultDto
    ).data.map((p) => p.userId);
    expect(everyone).toEqual(expect.arrayContaining([old, hidden]));
  });
});
