// What autovacuum does on a PostgreSQL server, for the embedded database: PGlite runs PostgreSQL in
// single-user mode, where no autovacuum worker ever starts (pg_stat_activity has no launcher), so
// without this its tables never get statistics or a visibility map, and updated rows (presence is
// written once a minute per active member) are never reclaimed. The planner then guesses: a search
// took 1.5 s instead of 35 ms on a fresh 100,000-member database (bench/load.ts, issue 19).
//
// Run as scheduled jobs (maintenance-jobs.ts, PGlite only): VACUUM hourly, ANALYZE daily (at
// 100,000 members, ANALYZE profiles takes 0.75–0.9 s and VACUUM of every table under 0.3 s in all,
// bench/load.ts), one table at a time, so that the requests queued behind PGlite's single thread
// wait for one table's statement, never for the whole pass.
import type { Database } from "./client.ts";

export interface MaintenanceReport {
  tables: number;
  ms: number;
  /** The longest single statement (« VACUUM public.profiles »): how long requests waited behind it. */
  longest: { table: string; ms: number } | null;
}

export type MaintenanceCommand = "VACUUM" | "ANALYZE";

export async function maintainEmbeddedDatabase(
  database: Database,
  commands: MaintenanceCommand[] = ["VACUUM", "ANALYZE"],
): Promise<MaintenanceReport> {
  const started = performance.now();
  const { rows } = await database.executeSql(
    `SELECT format('%I.%I', schemaname, relname) AS name FROM pg_stat_user_tables
      WHERE schemaname IN ('public', 'pgboss') ORDER BY schemaname, relname`,
  );
  let longest: MaintenanceReport["longest"] = null;
  // VACUUM and ANALYZE apart: two shorter waits rather than one long one.
  for (const { name } of rows as { name: string }[]) {
    for (const command of commands) {
      const t0 = performance.now();
      await database.executeSql(`${command} ${name}`);
      const ms = performance.now() - t0;
      if (!longest || ms > longest.ms) longest = { table: `${command} ${name}`, ms: Math.round(ms) };
    }
  }
  return { tables: rows.length, ms: Math.round(performance.now() - started), longest };
}
