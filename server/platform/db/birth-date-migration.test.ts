// Migration 0009 on rows written before it: an existing birth date counts as confirmed unless it is
// the SPEC default, and existing members have finished the guided first profile unless theirs lacks
// an essential (docs/decisions/0010). Runs the committed SQL files on PGlite, stopping after 0008.
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle, type PgliteDatabase } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "./client.ts";
import * as schema from "./schema/index.ts";

const MIGRATIONS = fileURLToPath(new URL("./migrations", import.meta.url));

let dir: string;
let client: PGlite;
let db: PgliteDatabase<typeof schema>;

/** A copy of the migrations folder whose journal ends at `lastIdx`. */
async function migrationsUpTo(lastIdx: number): Promise<string> {
  const out = path.join(dir, `upto-${lastIdx}`);
  await cp(MIGRATIONS, out, { recursive: true });
  const journalPath = path.join(out, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= lastIdx);
  await writeFile(journalPath, JSON.stringify(journal));
  return out;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "passerelle-migration-"));
  client = new PGlite({ extensions: { pg_trgm } });
  db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder: await migrationsUpTo(8) });
});

afterAll(async () => {
  await client.close();
  await rm(dir, { recursive: true, force: true });
});

it("confirms existing birth dates but the default, and sends only incomplete profiles through the guided first profile", async () => {
  const members: [
    id: string,
    firstName: string,
    gender: string | null,
    birthDate: string,
    country: string,
  ][] = [
    ["complete", "Awa", "female", "1992-04-18", "Sénégal"],
    ["default-date", "Kofi", "male", "2000-01-01", "Ghana"],
    ["blank", "", null, "2000-01-01", ""],
    ["no-country", "Julien", "male", "1985-09-30", ""],
  ];
  for (const [id, firstName, gender, birthDate, country] of members) {
    await db.execute(
      sql`INSERT INTO "user" (id, name, email) VALUES (${id}, ${firstName}, ${`${id}@exemple.fr`})`,
    );
    await db.execute(sql`INSERT INTO profiles (user_id, first_name, gender, birth_date, country)
      VALUES (${id}, ${firstName}, ${gender}::gender, ${birthDate}::date, ${country})`);
  }

  await migrate(db, { migrationsFolder: MIGRATIONS });

  const rows = await queryRows(
    db,
    z.strictObject({ id: z.string(), confirmed: z.boolean(), step: z.number() }),
    sql`SELECT user_id AS id, birth_date_confirmed AS confirmed, onboarding_step AS step FROM profiles ORDER BY user_id`,
  );
  expect(rows).toEqual([
    { id: "blank", confirmed: false, step: 0 },
    { id: "complete", confirmed: true, step: 3 },
    { id: "default-date", confirmed: false, step: 0 },
    { id: "no-country", confirmed: true, step: 0 },
  ]);

  // A profile created from now on starts unconfirmed, at the first step.
  await db.execute(sql`INSERT INTO "user" (id, name, email) VALUES ('new', '', 'new@exemple.fr')`);
  await db.execute(sql`INSERT INTO profiles (user_id) VALUES ('new')`);
  const [fresh] = await queryRows(
    db,
    z.strictObject({ confirmed: z.boolean(), step: z.number(), birthDate: z.string() }),
    sql`SELECT birth_date_confirmed AS confirmed, onboarding_step AS step, birth_date::text AS "birthDate"
      FROM profiles WHERE user_id = 'new'`,
  );
  expect(fresh).toEqual({ confirmed: false, step: 0, birthDate: "2000-01-01" });
  await expect(
    db.execute(sql`UPDATE profiles SET onboarding_step = 4 WHERE user_id = 'new'`),
  ).rejects.toThrow();
});
