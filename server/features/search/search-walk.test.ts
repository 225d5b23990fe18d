// The bounded walk behind the count and « Compatibilité »'s pool: however far it reads, the same
// answer (at test sizes SEARCH_WALK reads every member, so shorter walks are forced here).
import { SEARCH_COUNT_CAP, searchQuerySchema } from "@domain/discovery.ts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "../../platform/db/client.ts";
import { createTestApp, describeOnEngine, type TestApp } from "../../test/harness.ts";
import { bareViewer, bornYearsAgo, signUpMember } from "../../test/members.ts";
import { searchTag } from "../../test/search.ts";
import { readPool, SEARCH_WALK, searchConditions, searchCountQuery, searchRange } from "./search.service.ts";

describeOnEngine("search’s bounded walk", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const db = () => t.deps.database.db;

  /** `n` women sharing the interest `k`, born on `birthDate`, created `minutesAgo` apart by one second. */
  const women = (k: string, n: number, birthDate: string, minutesAgo: number) =>
    db().execute(sql`
      WITH u AS (
        INSERT INTO "user" (id, name, email)
        SELECT ${k} || '_' || ${birthDate} || '_' || i, 'Awa', ${k} || '_' || ${birthDate} || '_' || i || '@exemple.fr'
        FROM generate_series(1, ${n}) AS i RETURNING id)
      INSERT INTO profiles (user_id, first_name, gender, birth_date, birth_date_confirmed, interests, created_at)
      SELECT id, 'Awa', 'female', ${birthDate}::date, true, ARRAY[${k}]::text[],
        now() - ${minutesAgo} * interval '1 minute' - row_number() OVER () * interval '1 second'
      FROM u`);

  it("counts and pools the same whether the walk holds the matches, some of them or none", async () => {
    const k = searchTag();
    const me = await signUpMember(t, "male");
    const viewer = bareViewer(me.userId, "male");
    // More than the cap aged 25, then, newer, 40 aged 50: a short walk reads only the latter, so an
    // age range of 20–30 finds none of its matches in it and must fall to the planner's count.
    const young = bornYearsAgo(25);
    const older = bornYearsAgo(50);
    await women(k, SEARCH_COUNT_CAP + 100, young, 60);
    await women(k, 40, older, 0);

    for (const [ageMin, ageMax, birthDate, matches] of [
      [20, 30, young, SEARCH_COUNT_CAP + 100],
      [45, 55, older, 40],
    ] as const) {
      const q = searchQuerySchema.parse({ interests: [k], ageMin: String(ageMin), ageMax: String(ageMax) });
      const conditions = searchConditions(viewer, q, new Date().toISOString().slice(0, 10));
      // What the pool must be: the first cap + 1 of them in the default order, read plainly.
      const expected = await queryRows(
        db(),
        z.strictObject({ id: z.string() }),
        sql`SELECT id FROM profiles WHERE ${k} = ANY (interests) AND birth_date = ${birthDate}::date
          ORDER BY created_at DESC, id DESC LIMIT ${SEARCH_COUNT_CAP + 1}`,
      );
      expect(expected).toHaveLength(Math.min(matches, SEARCH_COUNT_CAP + 1));
      // 1 and 40 read only women aged 50; 260 those and the newest 220 aged 25 — more than the cap,
      // not all of them; SEARCH_WALK (the service's) every one.
      for (const walk of [1, 40, 260, SEARCH_WALK]) {
        const [count] = await queryRows(
          db(),
          z.strictObject({ n: z.number() }),
          searchCountQuery(searchRange(viewer), conditions, walk),
        );
        expect({ walk, n: count?.n }).toEqual({ walk, n: expected.length });
        const pool = await readPool(db(), searchRange(viewer), conditions, walk);
        expect({ walk, pool: pool.map((r) => r.id) }).toEqual({ walk, pool: expected.map((r) => r.id) });
      }
    }
  });
});
