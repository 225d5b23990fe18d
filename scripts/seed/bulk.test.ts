import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  backfillRenditions,
  encodeRenditions,
  makeRenditions,
} from "../../server/features/photos/renditions.ts";
import { queryRows } from "../../server/platform/db/client.ts";
import { account, profiles, subscriptions, user } from "../../server/platform/db/schema/index.ts";
import { thumbKey } from "../../server/platform/storage/photo-keys.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../server/test/harness.ts";
import { seedMembers } from "./bulk.ts";
import { insertMembers } from "./insert.ts";
import { generateMember } from "./members.ts";
import { originOf } from "./names.ts";
import { ensurePhotoPool, MAIN_HEIGHT, MAIN_WIDTH, POOL_SIZE, poolKey } from "./photos.ts";
import { toneGroupOf } from "./portrait-look.ts";
import { Random } from "./random.ts";

describe("generateMember", () => {
  it("gives the same people for the same seed (ids excepted)", () => {
    const a = new Random(7);
    const b = new Random(7);
    for (let i = 0; i < 20; i++) {
      const x = generateMember(a, i, 1_800_000_000_000);
      const y = generateMember(b, i, 1_800_000_000_000);
      expect({ ...x, id: "" }).toEqual({ ...y, id: "" });
      expect(x.id).toMatch(/^[A-Za-z0-9]{32}$/);
    }
  });
});

describeEachEngine("seedMembers (bulk)", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  const count = async (table: typeof user | typeof profiles | typeof account | typeof subscriptions) => {
    const [row] = await t.deps.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
    return row?.n ?? 0;
  };

  it("inserts N members in batches, with pooled photos and no sign-in accounts", async () => {
    const progress: number[] = [];
    const result = await seedMembers(t.deps, {
      count: 500,
      seed: 42,
      photos: "pool",
      passwordHash: null,
      batchSize: 200,
      onProgress: (done) => progress.push(done),
    });
    expect(result.created).toBe(500);
    expect(progress).toEqual([200, 400, 500]);
    expect(await count(user)).toBe(500);
    expect(await count(profiles)).toBe(500);
    expect(await count(account)).toBe(0);
    const subscribed = await t.deps.database.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.accountStatus, "subscribed"));
    expect(await count(subscriptions)).toBe(subscribed.length);
    const rows = await t.deps.database.db
      .select({
        photos: profiles.photos,
        gender: profiles.gender,
        country: profiles.country,
        originCountry: profiles.originCountry,
      })
      .from(profiles);
    for (let n = 1; n <= POOL_SIZE; n++) {
      expect(await t.deps.storage.get(poolKey(n))).toMatchObject({ contentType: "image/webp" });
      expect(await t.deps.storage.get(thumbKey(poolKey(n)))).toMatchObject({ contentType: "image/webp" });
    }
    // Each member's pooled photos show one person of their gender and skin-tone group.
    const pool = await ensurePhotoPool(t.deps.storage);
    for (const row of rows) {
      for (const key of row.photos) expect(key).toMatch(/^photos\/seedpool-\d+\.webp$/);
      if (row.photos.length === 0) continue;
      const people = pool.get(
        `${row.gender}/${toneGroupOf(originOf(row.originCountry || row.country)!.region)}`,
      )!;
      expect(people.some((own) => row.photos.every((k) => own.includes(k)))).toBe(true);
    }
    expect(rows.filter((r) => r.photos.length === 2).length).toBeGreaterThan(100);
  });

  it("stores every field as generated, quotes, braces and backslashes included", async () => {
    const m = generateMember(new Random(3), 999_999, Date.now());
    m.profile!.bio = 'Il a dit "bonjour", puis {rien} \\ fin.\nDeuxième ligne.';
    m.profile!.languages = ["Français", 'Créole "haïtien", oral', "NULL"];
    m.photos = ["photos/a.jpg", "photos/b.jpg"];
    expect(await insertMembers(t.deps.database.db, [m], { passwordHash: "hash" })).toBe(1);
    const [row] = await t.deps.database.db.select().from(profiles).where(eq(profiles.userId, m.id));
    expect(row).toMatchObject({ ...m.profile, photos: m.photos, createdAt: m.createdAt });
    const [acc] = await t.deps.database.db.select().from(account).where(eq(account.userId, m.id));
    expect(acc).toMatchObject({ providerId: "credential", accountId: m.id, password: "hash" });
    // The same e-mail again is skipped, not an error.
    expect(
      await insertMembers(t.deps.database.db, [{ ...m, id: "x".repeat(32) }], { passwordHash: null }),
    ).toBe(0);
    await t.deps.database.db.delete(user).where(eq(user.id, m.id));
  });

  it("adds more members on a second run, reusing the photo pool", async () => {
    const result = await seedMembers(t.deps, { count: 300, seed: 42, photos: "pool", passwordHash: null });
    expect(result.created).toBe(300);
    expect(await count(user)).toBe(800);
    expect(await count(profiles)).toBe(800);
  });

  it("gets renditions for its pooled pictures from the backfill, each once, cut where the thumbnail is", async () => {
    const { db } = t.deps.database;
    const used = await queryRows(
      db,
      z.strictObject({ key: z.string() }),
      sql`SELECT DISTINCT unnest(photos) AS key FROM profiles`,
    );
    expect(used.length).toBeGreaterThan(0);
    expect(used.length).toBeLessThanOrEqual(POOL_SIZE);
    // 800 members share these pictures: one job each.
    expect(await backfillRenditions(t.deps)).toBe(used.length);
    const jobs = await queryRows(
      db,
      z.strictObject({ key: z.string(), n: z.number().int() }),
      sql`SELECT data->>'key' AS key, count(*)::int AS n FROM pgboss.job
        WHERE name = 'photo-renditions' GROUP BY 1`,
    );
    expect(jobs.map((j) => j.n)).toEqual(used.map(() => 1));
    // The thumbnail is drawn on its own (portrait-svg.ts): its square, the head and shoulders, is
    // found again in the main picture.
    const key = used[0]!.key;
    const [main, thumb] = await Promise.all([t.deps.storage.get(key), t.deps.storage.get(thumbKey(key))]);
    const made = await encodeRenditions(key, main!.body, thumb!.body);
    expect(made.square).toEqual({ left: 0, top: Math.round((52 / 350) * MAIN_HEIGHT), size: MAIN_WIDTH });
    expect(await makeRenditions(t.deps, key)).toBe("made");
    expect(await backfillRenditions(t.deps)).toBe(used.length - 1);
  });
});
