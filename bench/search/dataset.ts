// The data set of bench/search.ts: a database (PGlite in a data folder, or a fresh database on the
// PostgreSQL server), members from the seed generator, and the searching member — a woman living in
// Paris, signed up through the app, subscribed, with ~300 likes/passes and 50 matches.
import { randomBytes } from "node:crypto";
import { minusYears, todayIso } from "@domain/age.ts";
import { sql } from "drizzle-orm";
import type { AppDeps } from "../../server/deps.ts";
import { type Viewer, viewerFrom } from "../../server/features/members/public-profile.ts";
import { findProfile } from "../../server/features/profile/profile.service.ts";
import type { Db } from "../../server/platform/db/client.ts";
import { databaseExists, databaseUrl, dropDatabase, recreateDatabase } from "../harness/database.ts";
import { seedRealisticMembers, signUp } from "../harness/members.ts";
import { progress } from "../harness/report.ts";
import { startApp } from "../harness/server.ts";

export type Engine = "pglite" | "postgres";
export const ENGINE_LABEL: Record<Engine, string> = {
  pglite: "PGlite (embedded)",
  postgres: "PostgreSQL server",
};

const LIKES = 300;
const MATCHES = 50;

export const log = progress("search");

export interface DataSet {
  deps: AppDeps;
  /** The app, listening: its URL. */
  base: string;
  cookie: string;
  viewer: Viewer;
  /** null when an existing database was reused. */
  seedMs: number | null;
  close(): Promise<void>;
}

export async function openDataSet(
  engine: Engine,
  size: number,
  opts: { serverUrl: string; keep: boolean; reuse: boolean },
): Promise<DataSet> {
  const dbName = `passerelle_bench_${size}`;
  let url: string | undefined;
  // --reuse: a database kept by an earlier run (--keep) is measured again without seeding.
  let reused = false;
  if (engine === "postgres") {
    reused = opts.reuse && (await databaseExists(opts.serverUrl, dbName));
    if (!reused) await recreateDatabase(opts.serverUrl, dbName);
    url = databaseUrl(opts.serverUrl, dbName);
  }
  // Production settings, as deployed: PGlite in a data folder (not in memory), secure cookies.
  const app = await startApp({ databaseUrl: url });
  const { deps } = app;
  const close = async () => {
    await app.stop();
    if (engine === "postgres" && !opts.keep) await dropDatabase(opts.serverUrl, dbName);
  };
  try {
    let seedMs: number | null = null;
    if (reused) log(`${ENGINE_LABEL[engine]}: reusing ${dbName}; VACUUM ANALYZE…`);
    else {
      seedMs = await seedRealisticMembers(deps, size, (m) => log(`${ENGINE_LABEL[engine]}: ${m}`));
      log(`  seeded in ${(seedMs / 1000).toFixed(1)} s; VACUUM ANALYZE…`);
    }
    // What autovacuum does on a server after a bulk load (statistics, visibility map).
    await deps.database.db.execute(sql`VACUUM ANALYZE`);
    const { cookie, userId } = await signUpSearcher(app.base, deps.config.dataDir);
    await reactions(deps.database.db, userId);
    const viewer = viewerFrom(await findProfile(deps.database.db, userId));
    return { deps, base: app.base, cookie, viewer, seedMs, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Signs up through the app and completes the profile. */
async function signUpSearcher(base: string, dataDir: string): Promise<{ cookie: string; userId: string }> {
  const email = `bench-${randomBytes(4).toString("hex")}@exemple.fr`;
  const { cookie, userId } = await signUp(base, dataDir, email, "motdepasse-du-bench");
  const put = await fetch(`${base}/api/profile`, {
    method: "PUT",
    headers: { cookie, origin: base, "content-type": "application/json" },
    body: JSON.stringify({
      firstName: "Claire",
      lastName: "Lefèvre",
      gender: "female",
      lookingFor: "Une relation sérieuse",
      birthDate: minusYears(todayIso(), 34),
      country: "France",
      city: "Paris",
      phoneNumber: "+33612345678",
      bio: "",
      occupation: "Ingénieure",
      education: "Master",
      languages: ["Français", "Anglais", "Wolof"],
      interests: ["Cuisine", "Voyages", "Musique", "Danse"],
    }),
  });
  if (put.status !== 200) throw new Error(`profile update failed: ${put.status} ${await put.text()}`);
  return { cookie, userId };
}

/**
 * A running subscription (search is for subscribers), ~300 likes/passes and 50 matches (both
 * orders, accepted and rejected) with random men.
 */
async function reactions(db: Db, me: string): Promise<void> {
  await db.execute(sql`INSERT INTO subscriptions (user_id, plan, start_date, end_date, provider, provider_ref, amount)
    VALUES (${me}, '3-mois', now(), now() + interval '90 days', 'demo', ${`bench_${me}`}, 4797)`);
  await db.execute(sql`UPDATE profiles SET account_status = 'subscribed', subscription_ends_at = now() + interval '90 days'
    WHERE user_id = ${me}`);
  await db.execute(sql`
    WITH picked AS (
      SELECT user_id, row_number() OVER () AS n FROM (
        SELECT user_id FROM profiles WHERE gender = 'male' ORDER BY random() LIMIT ${LIKES + MATCHES}) r)
    INSERT INTO likes (liker_id, liked_id, type)
    SELECT ${me}, user_id, CASE WHEN n % 3 = 0 THEN 'reject' ELSE 'like' END FROM picked WHERE n <= ${LIKES}`);
  await db.execute(sql`
    WITH picked AS (
      SELECT user_id, row_number() OVER () AS n FROM (
        SELECT user_id FROM profiles p WHERE gender = 'male'
          AND NOT EXISTS (SELECT 1 FROM likes l WHERE l.liker_id = ${me} AND l.liked_id = p.user_id)
        ORDER BY random() LIMIT ${MATCHES}) r)
    INSERT INTO matches (user1_id, user2_id, status, rejected_by)
    SELECT CASE WHEN n % 2 = 0 THEN ${me} ELSE user_id END, CASE WHEN n % 2 = 0 THEN user_id ELSE ${me} END,
      CASE WHEN n % 4 < 2 THEN 'accepted' ELSE 'rejected' END::match_status,
      CASE WHEN n % 4 < 2 THEN NULL WHEN n % 4 = 2 THEN ${me} ELSE user_id END
    FROM picked`);
  await db.execute(sql`ANALYZE likes`);
  await db.execute(sql`ANALYZE matches`);
}
