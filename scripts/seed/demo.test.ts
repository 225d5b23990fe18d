import { ageOn, todayIso } from "@domain/age.ts";
import { PHOTO_THUMB_DIMENSION } from "@domain/constants.ts";
import type { MatchListDto, SearchResultDto } from "@domain/discovery.ts";
import type { ConversationDto, NavCountsDto } from "@domain/messaging.ts";
import { and, eq, gt, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { account, profiles, subscriptions, user } from "../../server/platform/db/schema/index.ts";
import { thumbKey } from "../../server/platform/storage/photo-keys.ts";
import { createTestApp, describeOnEngine, sessionCookie, type TestApp } from "../../server/test/harness.ts";
import {
  DEMO_ADMIN,
  DEMO_MEMBER,
  DEMO_MEMBER_2,
  DEMO_MEMBER_COUNT,
  DEMO_PASSWORD,
  DEMO_SEED,
} from "./accounts.ts";
import { ownPhotos } from "./bulk.ts";
import { seedDemoIfEmpty } from "./demo.ts";
import { generateMember } from "./members.ts";
import { MAIN_HEIGHT, MAIN_WIDTH } from "./photos.ts";
import { SKIN_TONES, type ToneGroup } from "./portrait-look.ts";
import { Random } from "./random.ts";

describeOnEngine("seedDemoIfEmpty", (engine) => {
  let t: TestApp;
  let seedMs = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const started = performance.now();
    await seedDemoIfEmpty(t.deps);
    seedMs = performance.now() - started;
  });
  afterAll(() => t?.close());

  const db = () => t.deps.database.db;
  const signIn = (email: string, password: string) =>
    t.request("/api/auth/sign-in/email", { method: "POST", json: { email, password } });

  it("creates about 200 members of both genders aged 18 to 99, plus the demo accounts", async () => {
    const rows = await db().select().from(profiles);
    expect(rows).toHaveLength(DEMO_MEMBER_COUNT + 2);
    const [users] = await db().select({ n: sql<number>`count(*)::int` }).from(user);
    expect(users?.n).toBe(DEMO_MEMBER_COUNT + 3);
    const women = rows.filter((p) => p.gender === "female").length;
    expect(women).toBeGreaterThan(70);
    expect(rows.length - women).toBeGreaterThan(70);
    const ages = rows.map((p) => ageOn(p.birthDate, todayIso()));
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(18);
    expect(Math.max(...ages)).toBeLessThanOrEqual(99);
    expect(new Set(rows.map((p) => p.country)).size).toBeGreaterThan(8);
    for (const p of rows) {
      expect(p.firstName && p.lastName && p.bio && p.occupation && p.education && p.phoneNumber).toBeTruthy();
      expect(p.languages[0]).toBe("Français");
      expect(p.interests.length).toBeGreaterThanOrEqual(2);
    }
    expect(seedMs).toBeLessThan(30_000);
  });

  it("mixes trial and subscribed members, each subscribed one with an active subscription", async () => {
    const rows = await db().select().from(profiles);
    const subscribed = rows.filter((p) => p.accountStatus === "subscribed");
    expect(subscribed.length).toBeGreaterThan(40);
    expect(rows.length - subscribed.length).toBeGreaterThan(80);
    const active = await db()
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(and(eq(subscriptions.status, "active"), gt(subscriptions.endDate, new Date())));
    expect(new Set(active.map((s) => s.userId))).toEqual(new Set(subscribed.map((p) => p.userId)));
  });

  it("stores every photo and its thumbnail as WebP, and leaves some members without photos", async () => {
    const rows = await db().select({ photos: profiles.photos }).from(profiles);
    const keys = rows.flatMap((p) => p.photos);
    expect(rows.filter((p) => p.photos.length === 0).length).toBeGreaterThan(5);
    expect(keys.length).toBeGreaterThan(150);
    // Decoded in full, not only read from the header; a few at a time so sharp uses both cores.
    const size = async (body: Uint8Array | undefined) => {
      const { info } = await sharp(body).raw().toBuffer({ resolveWithObject: true });
      return [info.width, info.height];
    };
    for (let i = 0; i < keys.length; i += 8) {
      await Promise.all(
        keys.slice(i, i + 8).map(async (key) => {
          expect(key).toMatch(/^photos\/[A-Za-z0-9]{32}\d+-[0-9a-f]{32}\.webp$/);
          const main = await t.deps.storage.get(key);
          const thumb = await t.deps.storage.get(thumbKey(key));
          expect(main?.contentType).toBe("image/webp");
          expect(thumb?.contentType).toBe("image/webp");
          expect(await size(main?.body), key).toEqual([MAIN_WIDTH, MAIN_HEIGHT]);
          expect(await size(thumb?.body), key).toEqual([PHOTO_THUMB_DIMENSION, PHOTO_THUMB_DIMENSION]);
        }),
      );
    }
    // The photos are served as stored.
    const res = await t.request(t.deps.storage.publicUrl(keys[0]!));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
  });

  it("portrays the seeded members as people of their origin, dark to light in the origins' proportions", async () => {
    const rows = await db()
      .select({
        email: user.email,
        country: profiles.country,
        gender: profiles.gender,
        photos: profiles.photos,
      })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.userId));
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    // The same seed gives the same members: their portraits are the ones planned here.
    const rng = new Random(DEMO_SEED);
    const groups: Record<ToneGroup, number> = { dark: 0, medium: 0, light: 0 };
    let european = 0;
    let subsaharan = 0;
    for (let n = 1; n <= DEMO_MEMBER_COUNT; n++) {
      const m = generateMember(rng, n, Date.now());
      const row = byEmail.get(m.email);
      expect(row).toMatchObject({ country: m.profile!.country, gender: m.profile!.gender });
      const tasks = ownPhotos(m);
      expect(row!.photos).toHaveLength(tasks.length);
      const look = tasks[0]?.look;
      if (!look) continue;
      expect(look.gender).toBe(row!.gender);
      groups[SKIN_TONES[look.skin].group]++;
      if (look.region === "europe") european++;
      if (look.region === "subsaharan") subsaharan++;
    }
    expect(groups.dark).toBe(subsaharan);
    expect(groups.light).toBe(european);
    expect(groups.dark).toBeGreaterThan(groups.light);
    expect(groups.light).toBeGreaterThan(20);
    expect(groups.medium).toBeGreaterThan(5);
  });

  it("lets the demo accounts and seeded members sign in; the administrator has role admin", async () => {
    expect((await signIn(DEMO_MEMBER.email, DEMO_MEMBER.password)).status).toBe(200);
    expect((await signIn(DEMO_MEMBER_2.email, DEMO_MEMBER_2.password)).status).toBe(200);
    // The administrator through the administration's sign-in only (the member sign-in refuses them).
    const admin = await t.request("/api/admin/login", {
      method: "POST",
      json: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    });
    expect(admin.status).toBe(200);
    expect((await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(401);
    expect((await signIn(DEMO_MEMBER.email, "wrong-password")).status).toBe(401);
    const [member] = await db()
      .select({ email: user.email })
      .from(user)
      .innerJoin(account, eq(account.userId, user.id))
      .where(sql`${user.email} like '%@demo.passerelle.example'`)
      .limit(1);
    expect((await signIn(member!.email, DEMO_PASSWORD)).status).toBe(200);
    const [adminRow] = await db().select().from(user).where(eq(user.email, DEMO_ADMIN.email));
    expect(adminRow?.role).toBe("admin");
    const [demo] = await db()
      .select({ status: profiles.accountStatus, photos: profiles.photos, gender: profiles.gender })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.userId))
      .where(eq(user.email, DEMO_MEMBER.email));
    expect(demo).toMatchObject({ status: "subscribed", gender: "female" });
    expect(demo?.photos).toHaveLength(2);
  });

  it("gives the demo members matches with other members, and search results beyond them", async () => {
    const signedIn = await signIn(DEMO_MEMBER.email, DEMO_MEMBER.password);
    const cookie = sessionCookie(signedIn);
    const matches = (await (await t.request("/api/matches", { cookie })).json()) as MatchListDto;
    expect(matches.data).toHaveLength(5);
    expect(matches.data.every((m) => m.member.gender === "male")).toBe(true);
    const found = (await (await t.request("/api/search", { cookie })).json()) as SearchResultDto;
    expect(found.data).toHaveLength(10);
    const matched = new Set(matches.data.map((m) => m.member.userId));
    expect(found.data.some((p) => matched.has(p.userId))).toBe(false);
    // Conversations with history, one of them unread; the matches started by others are new.
    const conversations = (await (await t.request("/api/conversations", { cookie })).json()) as {
      data: ConversationDto[];
    };
    expect(conversations.data.filter((c) => c.lastMessage !== null)).toHaveLength(3);
    const counts = (await (await t.request("/api/nav/counts", { cookie })).json()) as NavCountsDto;
    expect(counts.messages).toBeGreaterThanOrEqual(1);
    expect(counts.matches).toBeGreaterThanOrEqual(1);
  });

  it("adds nothing when called again", async () => {
    await seedDemoIfEmpty(t.deps);
    const [users] = await db().select({ n: sql<number>`count(*)::int` }).from(user);
    expect(users?.n).toBe(DEMO_MEMBER_COUNT + 3);
  });
});
