// Bulk inserts of seeded members, one transaction per batch. Each table gets a single
// INSERT … SELECT FROM unnest(…) per 5,000 rows: one parameter per column whatever the row count,
// which PostgreSQL and PGlite parse far faster than multi-row VALUES lists. Seeded members gave their
// birth date and finished the guided first profile.
import { ONBOARDING_DONE } from "@domain/profile-completeness.ts";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, inTransaction, queryRows } from "../../server/platform/db/client.ts";
import { user } from "../../server/platform/db/schema/index.ts";
import { type SeedMember, SUBSCRIPTION, seedPayment } from "./members.ts";
import { randomId } from "./random.ts";

const DAY = 86_400_000;
export const ROWS_PER_STATEMENT = 5_000;

/** A PostgreSQL array literal of text values (null as NULL), e.g. {"Français","Wolof"}. */
export function pgArray(values: readonly (string | null)[]): string {
  return `{${values.map((v) => (v === null ? "NULL" : `"${v.replace(/["\\]/g, "\\$&")}"`)).join(",")}}`;
}

/** One unnest() argument: the column's values as a text[] parameter cast to `type`. */
function col(values: readonly (string | null)[], type: string): SQL {
  return sql`${pgArray(values)}::${sql.raw(type)}`;
}

async function chunked<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT)
    await insert(rows.slice(i, i + ROWS_PER_STATEMENT));
}

const iso = (d: Date) => d.toISOString();

async function insertUsers(tx: Db, chunk: SeedMember[]): Promise<string[]> {
  const created = await queryRows(
    tx,
    z.strictObject({ id: z.string() }),
    sql`
    INSERT INTO "user" (id, name, email, email_verified, role, terms_accepted_at, created_at, updated_at)
    SELECT id, name, email, true, role, created_at, created_at, created_at
    FROM unnest(${col(
      chunk.map((m) => m.id),
      "text[]",
    )}, ${col(
      chunk.map((m) => m.name),
      "text[]",
    )},
                ${col(
                  chunk.map((m) => m.email),
                  "text[]",
                )}, ${col(
                  chunk.map((m) => m.role),
                  "text[]",
                )},
                ${col(
                  chunk.map((m) => iso(m.createdAt)),
                  "timestamptz[]",
                )}) AS t(id, name, email, role, created_at)
    ON CONFLICT (email) DO NOTHING
    RETURNING id`,
  );
  return created.map((r) => r.id);
}

async function insertAccounts(tx: Db, chunk: SeedMember[], hash: string): Promise<void> {
  await tx.execute(sql`
    INSERT INTO account (id, account_id, provider_id, user_id, password, created_at, updated_at)
    SELECT id, user_id, 'credential', user_id, ${hash}, created_at, created_at
    FROM unnest(${col(
      chunk.map(() => randomId()),
      "text[]",
    )}, ${col(
      chunk.map((m) => m.id),
      "text[]",
    )}, ${col(
      chunk.map((m) => iso(m.createdAt)),
      "timestamptz[]",
    )})
      AS t(id, user_id, created_at)`);
}

async function insertProfiles(tx: Db, chunk: SeedMember[]): Promise<void> {
  const p = (f: (m: SeedMember) => string | null) => col(chunk.map(f), "text[]");
  const list = (f: (m: SeedMember) => string[]) =>
    col(
      chunk.map((m) => pgArray(f(m))),
      "text[]",
    );
  await tx.execute(sql`
    INSERT INTO profiles (user_id, first_name, last_name, gender, looking_for, birth_date, birth_date_confirmed,
      country, origin_country, city, relocate, last_active_at, presence_hidden, phone_number, bio, occupation,
      education, languages, interests, photos, account_status, onboarding_step, created_at, updated_at)
    SELECT user_id, first_name, last_name, gender::gender, looking_for, birth_date::date, true, country,
      origin_country, city, relocate, last_active_at, presence_hidden::boolean, phone_number,
      bio, occupation, education, languages::text[], interests::text[], photos::text[],
      account_status::account_status, ${ONBOARDING_DONE}::smallint, created_at, created_at
    FROM unnest(${p((m) => m.id)}, ${p((m) => m.profile!.firstName)}, ${p((m) => m.profile!.lastName)},
      ${p((m) => m.profile!.gender)}, ${p((m) => m.profile!.lookingFor)}, ${p((m) => m.profile!.birthDate)},
      ${p((m) => m.profile!.country)}, ${p((m) => m.profile!.originCountry)}, ${p((m) => m.profile!.city)},
      ${p((m) => m.profile!.relocate)}, ${col(
        chunk.map((m) => (m.profile!.lastActiveAt ? iso(m.profile!.lastActiveAt) : null)),
        "timestamptz[]",
      )}, ${p((m) => String(m.profile!.presenceHidden))},
      ${p((m) => m.profile!.phoneNumber)}, ${p((m) => m.profile!.bio)},
      ${p((m) => m.profile!.occupation)}, ${p((m) => m.profile!.education)}, ${list((m) => m.profile!.languages)},
      ${list((m) => m.profile!.interests)}, ${list((m) => m.photos)}, ${p((m) => m.profile!.accountStatus)},
      ${col(
        chunk.map((m) => iso(m.createdAt)),
        "timestamptz[]",
      )})
      AS t(user_id, first_name, last_name, gender, looking_for, birth_date, country, origin_country, city, relocate,
        last_active_at, presence_hidden, phone_number, bio,
        occupation, education, languages, interests, photos, account_status, created_at)`);
}

async function insertSubscriptions(tx: Db, chunk: SeedMember[]): Promise<void> {
  const start = chunk.map((m) => m.subscriptionStart!);
  const paid = chunk.map((m) => seedPayment(m.profile!.country));
  await tx.execute(sql`
    INSERT INTO subscriptions (user_id, plan, status, start_date, end_date, provider, provider_ref, amount,
      currency, method, operator, created_at)
    SELECT user_id, ${SUBSCRIPTION.plan}, 'active', start_date, end_date, ${SUBSCRIPTION.provider},
      'demo-seed-' || user_id, amount, currency, method, NULLIF(operator, ''), start_date
    FROM unnest(${col(
      chunk.map((m) => m.id),
      "text[]",
    )}, ${col(start.map(iso), "timestamptz[]")}, ${col(
      start.map((d) => iso(new Date(d.getTime() + SUBSCRIPTION.days * DAY))),
      "timestamptz[]",
    )}, ${col(
      paid.map((x) => String(x.amount)),
      "int[]",
    )}, ${col(
      paid.map((x) => x.currency),
      "text[]",
    )}, ${col(
      paid.map((x) => x.method),
      "text[]",
    )}, ${col(
      paid.map((x) => x.operator ?? ""),
      "text[]",
    )}) AS t(user_id, start_date, end_date, amount, currency, method, operator)`);
}

export interface InsertOptions {
  /** Password hash stored in every member's credential account; null means no account rows. */
  passwordHash: string | null;
  /** Runs inside the transaction after the rows are written: a failure rolls everything back. */
  beforeCommit?: () => Promise<void>;
}

/**
 * Inserts members in one transaction and returns how many were created. A member whose e-mail
 * already exists is skipped (with its profile and subscription), so reruns never fail halfway.
 */
export async function insertMembers(
  db: Db,
  members: readonly SeedMember[],
  opts: InsertOptions,
): Promise<number> {
  return inTransaction(db, async (tx) => {
    const created = new Set<string>();
    await chunked(members, async (chunk) => {
      for (const id of await insertUsers(tx, chunk)) created.add(id);
    });
    const kept = members.filter((m) => created.has(m.id));
    const hash = opts.passwordHash;
    if (hash !== null) await chunked(kept, (chunk) => insertAccounts(tx, chunk, hash));
    await chunked(
      kept.filter((m) => m.profile),
      (chunk) => insertProfiles(tx, chunk),
    );
    await chunked(
      kept.filter((m) => m.subscriptionStart),
      (chunk) => insertSubscriptions(tx, chunk),
    );
    await opts.beforeCommit?.();
    return kept.length;
  });
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(user);
  return row?.n ?? 0;
}

/** Cheap on any table size, unlike count(*): runs at every start-up. */
export async function hasUsers(db: Db): Promise<boolean> {
  const rows = await db.select({ id: user.id }).from(user).limit(1);
  return rows.length > 0;
}

export async function emailExists(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: user.id }).from(user).where(sql`${user.email} = ${email}`).limit(1);
  return row !== undefined;
}
