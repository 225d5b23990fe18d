// Seeds N generated members in batches: one transaction per batch, photos drawn per member (small
// runs) or picked from a shared pool (large data sets), progress reported after every batch.
import { ageOn, todayIso } from "@domain/age.ts";
import type { Database } from "../../server/platform/db/client.ts";
import type { Storage } from "../../server/platform/storage/storage.ts";
import { countUsers, insertMembers } from "./insert.ts";
import { generateMember, type SeedMember, type SeedProfile } from "./members.ts";
import { originOf, type Region } from "./names.ts";
import { ensurePhotoPool, type PhotoTask, pickPooledPhotos, planPhotos, storePhotos } from "./photos.ts";
import type { Person } from "./portrait-look.ts";
import { Random } from "./random.ts";

export const DEFAULT_BATCH = 5_000;

export interface SeedOptions {
  count: number;
  /** PRNG seed: the same seed gives the same people (ids excepted). */
  seed: number;
  /** "individual": each member's own portraits; "pool": shared pictures, for large N. */
  photos: "individual" | "pool";
  /** Shared password hash for credential accounts; null inserts no account rows. */
  passwordHash: string | null;
  /** Number in the first e-mail address; by default one past the current number of users. */
  firstIndex?: number;
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface SeedResult {
  created: number;
  photos: number;
  ms: number;
}

function regionOf(country: string): Region {
  const origin = originOf(country);
  if (!origin) throw new Error(`No demo origin for the country "${country}"`);
  return origin.region;
}

/** Whom a member's portraits show: someone of their origin, gender and age. */
export function personOf(profile: SeedProfile): Person {
  return {
    region: regionOf(profile.originCountry || profile.country),
    gender: profile.gender,
    age: ageOn(profile.birthDate, todayIso()),
  };
}

/** The member's own portraits, uploaded an hour after signing up. */
export function ownPhotos(m: SeedMember): PhotoTask[] {
  if (!m.profile || m.photoPlan.count === 0) return [];
  return planPhotos({
    userId: m.id,
    person: personOf(m.profile),
    hue: m.photoPlan.hue,
    count: m.photoPlan.count,
    uploadedAt: m.createdAt.getTime() + 3_600_000,
    seed: m.photoPlan.seed,
  });
}

/** Writes one batch in a transaction; its pictures are drawn (by sharp's worker threads) meanwhile. */
async function writeBatch(
  deps: { database: Database; storage: Storage },
  members: SeedMember[],
  tasks: PhotoTask[],
  passwordHash: string | null,
): Promise<number> {
  const drawing = storePhotos(deps.storage, tasks);
  drawing.catch(() => {}); // awaited before commit; this only avoids an unhandled rejection
  return insertMembers(deps.database.db, members, { passwordHash, beforeCommit: () => drawing });
}

export async function seedMembers(
  deps: { database: Database; storage: Storage },
  opts: SeedOptions,
): Promise<SeedResult> {
  const started = performance.now();
  const { db } = deps.database;
  const rng = new Random(opts.seed);
  const now = Date.now();
  const batchSize = opts.batchSize ?? DEFAULT_BATCH;
  const firstIndex = opts.firstIndex ?? (await countUsers(db)) + 1;
  const pool = opts.photos === "pool" ? await ensurePhotoPool(deps.storage) : null;
  let created = 0;
  let photos = 0;
  let written = 0;
  let pending: Promise<void> = Promise.resolve();
  for (let done = 0; done < opts.count; ) {
    const size = Math.min(batchSize, opts.count - done);
    const members = Array.from({ length: size }, (_, i) => generateMember(rng, firstIndex + done + i, now));
    const tasks: PhotoTask[] = [];
    for (const m of members) {
      if (pool) {
        const p = m.profile;
        m.photos = p
          ? pickPooledPhotos(
              pool,
              { region: regionOf(p.originCountry || p.country), gender: p.gender },
              m.photoPlan.count,
              rng,
            )
          : [];
      } else {
        const own = ownPhotos(m);
        m.photos = own.map((t) => t.key);
        tasks.push(...own);
      }
    }
    done += size;
    // The next batch is generated while this one is written (a PostgreSQL server works in parallel).
    await pending;
    pending = writeBatch(deps, members, tasks, opts.passwordHash).then((n) => {
      created += n;
      photos += tasks.length;
      written += size;
      opts.onProgress?.(written, opts.count);
    });
  }
  await pending;
  return { created, photos, ms: performance.now() - started };
}
