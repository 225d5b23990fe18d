// The orphan sweep (issue 33): stored files that no row names, left by a process killed between an
// upload's writes and its commit (kill -9 left two or three per run in the reliability test), are
// removed once they are older than a grace period. A daily job runs it (server/job-workers.ts).
//
// It compares the stored files with the keys the database names (key-references.ts), each with its
// thumbnail and its renditions (photos/r/<file without extension>-…, issue 39).
import type { AppDeps } from "../../deps.ts";
import { namesFile, referencedFiles } from "./key-references.ts";

/**
 * A file younger than this is left alone, named or not. An upload writes its two files before its row
 * commits, a crop its new files before the row changes: seconds apart, minutes under the worst
 * load. The demo seed draws its pooled pictures before it writes the members who use them, minutes
 * to an hour later for the largest seeds. A day is far beyond any of these, and an orphan costs
 * only its bytes for that day.
 */
export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Nothing is removed when more than this share of the files old enough would go (and more than
 * REFUSE_MIN of them): a database that names so few of them is most likely not this storage's (a
 * staging database pointed at production's bucket, an empty database after a failed restore).
 */
const REFUSE_SHARE = 0.5;
const REFUSE_MIN = 20;

export interface SweepReport {
  /** Files in the storage. */
  listed: number;
  /** Of them, named by a row (or the thumbnail of one). */
  referenced: number;
  /** Named by no row but younger than the grace period: kept. */
  fresh: number;
  /** Named by no row and old enough: removed (or, when refused, what would have been). */
  orphans: number;
  removed: number;
  /** Bytes removed. */
  bytes: number;
  /** True when nothing was removed because too many files looked orphaned (REFUSE_SHARE). */
  refused: boolean;
}

export async function sweepOrphanFiles(
  deps: Pick<AppDeps, "database" | "storage" | "voices" | "logger">,
  options: { now?: Date; graceMs?: number; storage?: "photos" | "voices" } = {},
): Promise<SweepReport> {
  const which = options.storage ?? "photos";
  // Voice recordings (issue 37) live in a storage of their own, named by their own columns.
  const storage = which === "photos" ? deps.storage : deps.voices;
  const cutoff = (options.now ?? new Date()).getTime() - (options.graceMs ?? ORPHAN_GRACE_MS);
  // The names first, then the listing: a file whose row commits in between is younger than the
  // grace period, so kept either way.
  const named = await referencedFiles(deps.database.db, which);
  const report: SweepReport = {
    listed: 0,
    referenced: 0,
    fresh: 0,
    orphans: 0,
    removed: 0,
    bytes: 0,
    refused: false,
  };
  const orphans: { key: string; size: number; modifiedAt: Date }[] = [];
  for await (const page of storage.list()) {
    for (const entry of page) {
      report.listed++;
      if (namesFile(named, entry.key)) report.referenced++;
      else if (entry.modifiedAt.getTime() > cutoff) report.fresh++;
      else orphans.push(entry);
    }
  }
  report.orphans = orphans.length;
  const old = report.listed - report.fresh;
  if (orphans.length > REFUSE_MIN && orphans.length > old * REFUSE_SHARE) {
    report.refused = true;
    deps.logger.error(
      { ...report },
      "orphan sweep refused: the database names too few of the stored files; is it this storage’s? Nothing was removed",
    );
    return report;
  }
  let failed = 0;
  for (const o of orphans) {
    try {
      await storage.delete(o.key);
    } catch (err) {
      failed++;
      deps.logger.warn({ err, key: o.key }, "orphan file: removal failed");
      continue;
    }
    report.removed++;
    report.bytes += o.size;
    deps.logger.info(
      { key: o.key, size: o.size, modifiedAt: o.modifiedAt.toISOString() },
      "orphan file removed",
    );
  }
  // The job fails (and is retried) when a removal did; what was removed stays removed.
  if (failed > 0) throw new Error(`orphan sweep: ${failed} of ${orphans.length} removals failed`);
  return report;
}
