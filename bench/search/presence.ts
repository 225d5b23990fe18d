// What presence costs the search (issue 17): `active_at` is in profiles_search_idx and
// profiles_activity_idx, so a presence write can never be a HOT update — it adds an entry to every
// index of `profiles` — and it clears its page's all-visible bit, which the count's index-only scan
// relies on until the next (auto)vacuum. Measured here:
//  1. the presence write (the PresenceRecorder's very statement) against the same UPDATE of a column
//     no index holds, on other random members, interleaved;
//  2. the search mix again after a share of the members were active since the last vacuum.
import { PRESENCE } from "@domain/presence.ts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../server/platform/db/client.ts";
import { heading, table } from "../harness/report.ts";
import { ms, n, pct, timed } from "../harness/stats.ts";
import { ratio } from "./report.ts";

const WRITES = 2000;

async function hotUpdates(db: Db): Promise<{ updates: number; hot: number }> {
  const [row] = await queryRows(
    db,
    z.strictObject({ updates: z.number(), hot: z.number() }),
    sql`SELECT n_tup_upd::int AS updates, n_tup_hot_upd::int AS hot FROM pg_stat_user_tables
      WHERE relname = 'profiles'`,
  );
  return row ?? { updates: 0, hot: 0 };
}

/** Times presence writes against plain writes; prints a table. */
export async function measurePresenceWrites(db: Db, size: number): Promise<void> {
  const ids = (
    await queryRows(
      db,
      z.strictObject({ id: z.string() }),
      sql`SELECT user_id AS id FROM profiles ORDER BY random() LIMIT ${2 * WRITES}`,
    )
  ).map((r) => r.id);
  const presence: number[] = [];
  const plain: number[] = [];
  const before = await hotUpdates(db);
  for (let i = 0; i + 1 < ids.length; i += 2) {
    const touch = () =>
      db.execute(sql`UPDATE profiles SET last_active_at = now() WHERE user_id = ${ids[i]}
        AND (last_active_at IS NULL OR last_active_at < now() - ${PRESENCE.TOUCH_SECONDS} * interval '1 second')`);
    // occupation is in no index: the same write, minus the index entries.
    const write = () =>
      db.execute(sql`UPDATE profiles SET occupation = occupation WHERE user_id = ${ids[i + 1]}`);
    if (i % 4 === 0) {
      presence.push(await timed(touch));
      plain.push(await timed(write));
    } else {
      plain.push(await timed(write));
      presence.push(await timed(touch));
    }
  }
  // pg_stat counters reach the view when the backend reports them (at most every second).
  await new Promise((r) => setTimeout(r, 1200));
  const after = await hotUpdates(db);
  heading(`Presence writes, ${n(size)} profiles (${n(WRITES)} each, interleaved; ms)`, 3);
  table(
    ["write", "p50", "p95", "p99"],
    (
      [
        ["presence (last_active_at → active_at, in 2 indexes)", presence],
        ["same UPDATE of a column in no index", plain],
      ] as const
    ).map(([label, xs]) => [label, ms(pct(xs, 50)), ms(pct(xs, 95)), ms(pct(xs, 99))]),
  );
  console.log(
    `\npresence ÷ plain, p50: ${ratio(pct(presence, 50) / pct(plain, 50))}; HOT updates in this run: ${n(after.hot - before.hot)} of ${n(after.updates - before.updates)}`,
  );
}

/**
 * A share of the members active since the last vacuum: their rows move, the index entries of the old
 * versions stay until vacuum, and their pages are no longer all-visible.
 */
export async function touchShare(db: Db, share: number): Promise<number> {
  const rows = await queryRows(
    db,
    z.strictObject({ n: z.number() }),
    sql`WITH touched AS (
        UPDATE profiles SET last_active_at = now() - random() * interval '2 hours'
        WHERE random() < ${share} RETURNING 1)
      SELECT count(*)::int AS n FROM touched`,
  );
  return rows[0]?.n ?? 0;
}
