// The data set of bench/search.ts: a database (PGlite in a data folder, or a fresh database on the
// PostgreSQL server), members from the seed generator, and the searching member — a woman living in
// Paris, signed up through the app, subscribed, with ~300 likes/passes and 50 matches.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { minusYears, todayIso } from "@domain/age.ts";
import { sql } from "drizzle-orm";
import pg from "pg";
import { seedMembers } from "../../scripts/seed/bulk.ts";
import { createApp } from "../../server/app.ts";
import { closeDeps, createDeps } from "../../server/bootstrap.ts";
import type { AppDeps } from "../../server/deps.ts";
import { type Viewer, viewerFrom } from "../../server/features/members/public-profile.ts";
import { findProfile } from "../../server/features/profile/profile.service.ts";
import type { Db } from "../../server/platform/db/client.ts";
import { createLogger } from "../../server/platform/logger.ts";
import { loadConfig } from "../../server/platform/settings/config.ts";
import { vapidEnv } from "../../server/platform/settings/vapid-keys.ts";
import { linkIn, waitForMail } from "../../server/test/mail.ts";

export type Engine = "pglite" | "postgres";
export const ENGINE_LABEL: Record<Engine, string> = {
  pglite: "PGlite (embedded)",
  postgres: "PostgreSQL server",
};

export const PORT = 3212;
export const BASE = `http://127.0.0.1:${PORT}`;
const SEED = 42;
const LIKES = 300;
const MATCHES = 50;

export const log = (message: string) => process.stderr.write(`[bench:search] ${message}\n`);

export interface DataSet {
  deps: AppDeps;
  cookie: string;
  viewer: Viewer;
  /** null when an existing database was reused. */
  seedMs: number | null;
  close(): Promise<void>;
}

async function databaseExists(serverUrl: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const res = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    return res.rowCount === 1;
  } finally {
    await client.end();
  }
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function openDataSet(
  engine: Engine,
  size: number,
  opts: { serverUrl: string; keep: boolean; reuse: boolean },
): Promise<DataSet> {
  const dir = mkdtempSync(path.join(tmpdir(), "passerelle-bench-search-"));
  const dbName = `passerelle_bench_${size}`;
  let databaseUrl: string | undefined;
  // --reuse: a database kept by an earlier run (--keep) is measured again without seeding.
  let reused = false;
  if (engine === "postgres") {
    reused = opts.reuse && (await databaseExists(opts.serverUrl, dbName));
    if (!reused) {
      await adminQuery(opts.serverUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await adminQuery(opts.serverUrl, `CREATE DATABASE ${dbName}`);
    }
    const url = new URL(opts.serverUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  // Production settings, as deployed: PGlite in a data folder (not in memory), secure cookies.
  const config = loadConfig({
    NODE_ENV: "production",
    ...vapidEnv(),
    PORT: String(PORT),
    HOST: "127.0.0.1",
    PUBLIC_BASE_URL: BASE,
    AUTH_SECRET: randomBytes(32).toString("hex"),
    DATA_DIR: dir,
    SEED_DEMO: "false",
    LOG_LEVEL: "silent",
    ALLOW_EMBEDDED_DATABASE: "true",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const deps = await createDeps(config, createLogger("silent", false));
  const close = async () => {
    await closeDeps(deps);
    if (engine === "postgres" && !opts.keep)
      await adminQuery(opts.serverUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (reused) {
      log(`${ENGINE_LABEL[engine]}: reusing ${dbName}; VACUUM ANALYZE…`);
      await deps.database.db.execute(sql`VACUUM ANALYZE`);
      const { cookie, userId } = await signUpSearcher(deps);
      await reactions(deps.database.db, userId);
      const viewer = viewerFrom(await findProfile(deps.database.db, userId));
      return { deps, cookie, viewer, seedMs: null, close };
    }
    log(`${ENGINE_LABEL[engine]}: seeding ${size.toLocaleString("en")} members…`);
    let lastLog = performance.now();
    const seeded = await seedMembers(deps, {
      count: size,
      seed: SEED,
      photos: "pool",
      passwordHash: null,
      onProgress: (done, total) => {
        if (performance.now() - lastLog < 15_000) return;
        lastLog = performance.now();
        log(`  ${done.toLocaleString("en")} / ${total.toLocaleString("en")}`);
      },
    });
    log(`  seeded in ${(seeded.ms / 1000).toFixed(1)} s; VACUUM ANALYZE…`);
    // What autovacuum does on a server after a bulk load (statistics, visibility map).
    await deps.database.db.execute(sql`VACUUM ANALYZE`);
    const { cookie, userId } = await signUpSearcher(deps);
    await reactions(deps.database.db, userId);
    const viewer = viewerFrom(await findProfile(deps.database.db, userId));
    return { deps, cookie, viewer, seedMs: seeded.ms, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** The session cookie of a response, ready for a Cookie header. */
function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => c && !c.endsWith("="))
    .join("; ");
}

/** Signs up through Better Auth on an app built from the same deps and completes the profile. */
async function signUpSearcher(deps: AppDeps): Promise<{ cookie: string; userId: string }> {
  const app = createApp(deps);
  const call = (p: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("origin", BASE);
    headers.set("content-type", "application/json");
    return app.request(`${BASE}${p}`, { ...init, headers });
  };
  const email = `bench-${randomBytes(4).toString("hex")}@exemple.fr`;
  const res = await call("/api/auth/sign-up/email", {
    method: "POST",
    body: JSON.stringify({
      email,
      password: "motdepasse-du-bench",
      name: "",
      ageConfirmed: true,
      termsAccepted: true,
    }),
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const userId = ((await res.json()) as { user: { id: string } }).user.id;
  // Sign-up opens no session: the e-mailed confirmation link (in the outbox) does.
  const link = new URL(linkIn((await waitForMail(deps.config.dataDir, email, "Confirmez")).text));
  const cookie = cookieOf(await call(`${link.pathname}${link.search}`, { redirect: "manual" }));
  const put = await call("/api/profile", {
    method: "PUT",
    headers: { cookie },
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
