// Members of long standing, e-mail confirmed and subscribed, each with a session, and matched pairs
// of them — written straight into the database (as bench/shield.ts does: signing up through the API
// would cost a scrypt hash and the e-mail round trip, which the voice and calls benches do not
// measure).
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Database, queryRows } from "../../server/platform/db/client.ts";
import { sessionCookie } from "../chat/seed.ts";

export interface BenchMember {
  id: string;
  /** Cookie header value: the session cookie, with and without production's `__Secure-` prefix. */
  cookie: string;
}

export interface BenchPair {
  him: BenchMember;
  her: BenchMember;
  matchId: string;
}

export interface MemberOptions {
  /** The id's and first name's prefix: « voice » gives bench-voice-3 and Voice3. */
  prefix: string;
  /** Selfie-verified already (« Profil vérifié »). */
  verified: boolean;
}

let next = 0;

/** One member (not matched). */
export async function benchMember(
  database: Database,
  authSecret: string,
  gender: "male" | "female",
  { prefix, verified }: MemberOptions,
): Promise<BenchMember> {
  const { db } = database;
  const id = `bench-${prefix.toLowerCase()}-${++next}-${randomBytes(3).toString("hex")}`;
  const token = randomBytes(24).toString("hex");
  const created = new Date(Date.now() - 400 * 86_400_000).toISOString();
  await db.execute(sql`INSERT INTO "user" (id, name, email, email_verified, created_at, updated_at)
    VALUES (${id}, '', ${`${id}@bench.example`}, true, ${created}::timestamptz, now())`);
  await db.execute(sql`INSERT INTO profiles (user_id, first_name, last_name, gender, birth_date,
      birth_date_confirmed, country, origin_country, account_status, subscription_ends_at, onboarding_step,
      created_at, verified_at)
    VALUES (${id}, ${`${prefix}${next}`}, 'Banc', ${gender}, '1990-01-01', true, 'France', 'Sénégal',
      'subscribed', now() + interval '30 days', 3, ${created}::timestamptz, ${verified ? sql`now()` : null})`);
  await db.execute(sql`INSERT INTO subscriptions (user_id, plan, status, start_date, end_date, provider, provider_ref, amount, currency)
    VALUES (${id}, 'bench', 'active', now(), now() + interval '30 days', 'bench', ${`bench-${id}`}, 1, 'EUR')`);
  await db.execute(sql`INSERT INTO session (id, token, user_id, expires_at, created_at, updated_at)
    VALUES (${`s-${id}`}, ${token}, ${id}, now() + interval '30 days', now(), now())`);
  const cookie = sessionCookie(token, authSecret);
  return { id, cookie: `${cookie}; __Secure-${cookie}` };
}

/** A man and a woman, matched (accepted, both opened). */
export async function benchPair(
  database: Database,
  authSecret: string,
  options: MemberOptions,
): Promise<BenchPair> {
  const him = await benchMember(database, authSecret, "male", options);
  const her = await benchMember(database, authSecret, "female", options);
  const [row] = await queryRows(
    database.db,
    z.strictObject({ id: z.string() }),
    sql`INSERT INTO matches (user1_id, user2_id, status, user1_opened_at, user2_opened_at)
      VALUES (${him.id}, ${her.id}, 'accepted', now(), now()) RETURNING id::text`,
  );
  return { him, her, matchId: row!.id };
}
