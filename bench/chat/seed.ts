// The bench's population, written straight into the database: generated members (the bulk
// seeder), an accepted match between members 2k and 2k+1, and one session per member whose cookie
// is built the way Better Auth signs it — signing in through the API would cost a scrypt hash
// (~50 ms) per member.
import { createHmac, randomBytes } from "node:crypto";
import { PHOTO_BUCKET } from "@domain/constants.ts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { seedMembers } from "../../scripts/seed/bulk.ts";
import { pgArray } from "../../scripts/seed/insert.ts";
import { type Database, queryRows } from "../../server/platform/db/client.ts";
import { createLocalStorage } from "../../server/platform/storage/local.ts";

export interface Member {
  index: number;
  id: string;
  /** Cookie header value carrying the member's session. */
  cookie: string;
}

/** An accepted match between members `a` and `b` (indexes into the population). */
export interface Pair {
  matchId: string;
  a: number;
  b: number;
}

export interface Population {
  members: Member[];
  pairs: Pair[];
  seedMs: number;
}

const SEED = 4242;
const DAY_MS = 86_400_000;
/** As at sign-in (server/platform/auth/auth.ts: expiresIn 30 days), so that no request extends them. */
const SESSION_DAYS = 30;
/** Outside production Better Auth uses no `__Secure-` prefix. */
const SESSION_COOKIE = "better-auth.session_token";

/** The cookie Better Auth sets at sign-in: `token.signature`, HMAC-SHA256 in standard base64. */
export function sessionCookie(token: string, secret: string): string {
  const signature = createHmac("sha256", Buffer.from(secret, "utf8")).update(token).digest("base64");
  return `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${signature}`)}`;
}

const text = (values: readonly string[]) => sql`${pgArray(values)}::text[]`;

/**
 * Messaging is for paying members: every member gets a running subscription, and the profile
 * columns that the access gate reads (account_status, and subscription_ends_at where the schema
 * has it) say so, as a payment would leave them — so that no request has to re-check.
 */
async function subscribeEveryone(database: Database): Promise<void> {
  const { db } = database;
  await db.execute(sql`
    INSERT INTO subscriptions (user_id, plan, status, start_date, end_date, provider, provider_ref, amount, currency)
    SELECT u.id, 'bench', 'active', now(), now() + interval '90 days', 'bench', 'bench-' || u.id, 1, 'EUR'
    FROM "user" u
    WHERE NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = u.id AND s.status = 'active'
      AND s.end_date > now())`);
  const [column] = await queryRows(
    db,
    z.strictObject({ found: z.boolean() }),
    sql`SELECT EXISTS (SELECT 1 FROM information_schema.columns
      WHERE table_name = 'profiles' AND column_name = 'subscription_ends_at') AS found`,
  );
  await db.execute(
    column?.found
      ? sql`UPDATE profiles p SET account_status = 'subscribed', subscription_ends_at = s.end_date
          FROM (SELECT user_id, max(end_date) AS end_date FROM subscriptions
            WHERE status = 'active' AND end_date > now() GROUP BY user_id) s
          WHERE s.user_id = p.user_id`
      : sql`UPDATE profiles SET account_status = 'subscribed'`,
  );
}

/** Seeds `count` members (an even number) paired in accepted matches, each with a session. */
export async function seedPopulation(
  database: Database,
  storageDir: string,
  count: number,
  authSecret: string,
): Promise<Population> {
  const started = performance.now();
  const { db } = database;
  const storage = createLocalStorage(storageDir, PHOTO_BUCKET);
  await seedMembers({ database, storage }, { count, seed: SEED, photos: "pool", passwordHash: null });
  const ids = (
    await queryRows(db, z.strictObject({ id: z.string() }), sql`SELECT id FROM "user" ORDER BY id`)
  ).map((r) => r.id);
  if (ids.length !== count) throw new Error(`seeded ${ids.length} members instead of ${count}`);

  await subscribeEveryone(database);

  const tokens = ids.map(() => randomBytes(24).toString("hex"));
  const now = new Date();
  const expires = new Date(now.getTime() + SESSION_DAYS * DAY_MS);
  await db.execute(sql`
    INSERT INTO session (id, token, user_id, expires_at, created_at, updated_at, ip_address, user_agent)
    SELECT 'bench-' || token, token, user_id, ${expires.toISOString()}::timestamptz,
      ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, '127.0.0.1', 'bench/chat'
    FROM unnest(${text(tokens)}, ${text(ids)}) AS t(token, user_id)`);

  const first: string[] = [];
  const second: string[] = [];
  for (let i = 0; i + 1 < ids.length; i += 2) {
    first.push(ids[i]!);
    second.push(ids[i + 1]!);
  }
  const rows = await queryRows(
    db,
    z.strictObject({ id: z.string(), user1: z.string() }),
    sql`INSERT INTO matches (user1_id, user2_id, status, user1_opened_at, user2_opened_at)
      SELECT u1, u2, 'accepted', now(), now() FROM unnest(${text(first)}, ${text(second)}) AS t(u1, u2)
      RETURNING id, user1_id AS user1`,
  );
  const indexOf = new Map(ids.map((id, i) => [id, i]));
  const pairs = rows
    .map((r) => {
      const a = indexOf.get(r.user1)!;
      return { matchId: r.id, a, b: a + 1 };
    })
    .sort((x, y) => x.a - y.a);
  await db.execute(sql`ANALYZE`);

  const members = ids.map((id, index) => ({ index, id, cookie: sessionCookie(tokens[index]!, authSecret) }));
  return { members, pairs, seedMs: performance.now() - started };
}
