// The reuse lookup of photo screening (issue 16), for bench/verification.ts: on an in-memory PGlite
// migrated as the server's, N random hashes on other accounts plus the composed photos' own, inserted
// through the GIN index as the migrations create it (fastupdate off: no pending list): nearestPhoto
// (indexed) against the sequential scan it replaced, measured in the same run; the plan; the
// candidates the index returns; a recall check on planted near-copies; and screenUpload() +
// recordScreening() whole. Split from screening.ts, which times the screening itself.
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import {
  bandsOf,
  nearestPhoto,
  nearestPhotoQuery,
  recordScreening,
} from "../../server/features/moderation/moderation.service.ts";
import { mirroredPhotoHash, photoHash, SCREEN } from "../../server/features/moderation/photo-screen.ts";
import {
  type Database,
  type Db,
  inTransaction,
  openDatabase,
  queryRows,
} from "../../server/platform/db/client.ts";
import type { Images } from "./samples.ts";
import { mirrored, reencoded, screened, UPLOADER } from "./screening.ts";
import type { Row } from "./timing.ts";

/** The lookup screenUpload() ran before the index (commit d4e9aec): every other account's hash, nearest first. */
const scan = (db: Db, userId: string, hash: string) =>
  queryRows(
    db,
    z.strictObject({ key: z.string(), userId: z.string(), bits: z.number() }),
    sql`SELECT photo_key AS key, user_id AS "userId", bit_count(hash::bit(64) # ${hash}::bit(64))::int AS bits
      FROM photo_hashes WHERE user_id <> ${userId}
      ORDER BY bits LIMIT 1`,
  );

/** A deterministic stream of 32-bit numbers (mulberry32): the same random hashes every run. */
function random32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
}

const bits32 = (x: number) => x.toString(2).padStart(32, "0");

/** A PostgreSQL text[] literal (the bench's values hold no quote nor backslash). */
const textArray = (xs: string[]) => `{${xs.map((x) => `"${x}"`).join(",")}}`;

/** A hash's bands as an int[] literal, as recordScreening stores them. */
const bandsLiteral = (hashes: string[]) => `{${[...new Set(hashes.flatMap(bandsOf))].join(",")}}`;

/** Rows inserted per statement while seeding. */
export const SEED_CHUNK = 20_000;

/** The i-th random hash's key, and its account (four photos per account). */
const seedKey = (i: number) => `bench/${i}.jpg`;

/** An in-memory PGlite with photo_hashes seeded, and what the seeding measured. */
interface Seeded {
  database: Database;
  /** The random hashes, in the order of their keys (seedKey(i) holds stored[i − 1]). */
  stored: string[];
  /** The random hashes' INSERTs alone, through the GIN index. */
  insertS: number;
  /** The GIN index as the migrations created it (pg_indexes.indexdef). */
  index: string;
}

/**
 * photo_hashes with `hashes` random hashes (four photos per account), their bands computed with
 * bandsOf as recordScreening does, plus the composed photos' own (his 6, other people's 8) on one
 * more account, in an in-memory PGlite migrated as the server's. The GIN index is already there, as
 * the migrations create it (fastupdate off), so that it is built the way production fills it:
 * insert after insert, each going straight into the index (slower than with a pending list, timed
 * as insertS; 1,000,000 took 91 s on 2 cores, under the 3 min past which dropping the index and
 * re-creating it after would be worth it).
 */
async function seeded(hashes: number, images: Images): Promise<Seeded> {
  const database = await openDatabase({});
  await database.migrate();
  const { db } = database;
  const [def] = await queryRows(
    db,
    z.strictObject({ index: z.string() }),
    sql`SELECT indexdef AS index FROM pg_indexes WHERE indexname = 'photo_hashes_bands_idx'`,
  );
  if (!def) throw new Error("photo_hashes_bands_idx: not created by the migrations");
  const accounts = Math.ceil(hashes / 4);
  await db.execute(sql`INSERT INTO "user" (id, name, email)
    SELECT 'bench-' || i, 'bench', 'bench-' || i || '@example.org' FROM generate_series(0, ${accounts}) AS i`);
  await db.execute(sql`INSERT INTO "user" (id, name, email)
    VALUES (${UPLOADER}, 'bench', 'bench-uploader@example.org')`);
  const next = random32(hashes);
  const stored: string[] = [];
  const t0 = performance.now();
  for (let from = 1; from <= hashes; from += SEED_CHUNK) {
    const keys: string[] = [];
    const users: string[] = [];
    const chunk: string[] = [];
    const bands: string[] = [];
    for (let i = from; i < Math.min(hashes + 1, from + SEED_CHUNK); i++) {
      const hash = bits32(next()) + bits32(next());
      keys.push(seedKey(i));
      users.push(`bench-${Math.floor(i / 4)}`);
      chunk.push(hash);
      bands.push(`{${bandsOf(hash).join(",")}}`);
      stored.push(hash);
    }
    await db.execute(sql`INSERT INTO photo_hashes (photo_key, user_id, hash, bands)
      SELECT k, u, h, b::int[] FROM unnest(${textArray(keys)}::text[], ${textArray(users)}::text[],
        ${textArray(chunk)}::text[], ${textArray(bands)}::text[]) AS x(k, u, h, b)`);
  }
  const insertS = (performance.now() - t0) / 1000;
  const originals = [...images.him.map((h) => h.photo), ...images.others.map((o) => o.photo)];
  for (const [i, b] of originals.entries()) {
    const hash = await photoHash(b);
    await db.execute(sql`INSERT INTO photo_hashes (photo_key, user_id, hash, bands)
      VALUES (${`bench/original-${i}.jpg`}, 'bench-0', ${hash}, ${bandsLiteral([hash])}::int[])`);
  }
  await db.execute(sql`ANALYZE photo_hashes`);
  return { database, stored, insertS, index: def.index };
}

export interface Candidates {
  label: string;
  /** Distinct bands looked up (8 per hash). */
  bands: number;
  /** Rows of other accounts sharing one of them: compared bit by bit. */
  count: number;
  /** For random hashes: each band matches 1/256 of the rows. */
  expected: number;
}

export interface Recall {
  /** Stored random hashes with 1 to 7 bits flipped, looked up. */
  planted: number;
  /** …of which the band condition (the GIN index's) keeps the stored hash among the candidates. */
  inCandidates: number;
  /** …of which nearestPhoto answered as the sequential scan (the same distance, or none ≤ SAME_PHOTO_BITS). */
  agreed: number;
  /** …of which the scan found within SAME_PHOTO_BITS (flips 1–6). */
  near: number;
}

export interface Lookup {
  /** Random hashes in photo_hashes, on other accounts than the uploader's. */
  hashes: number;
  /** The whole seeding: migrations, accounts, hashes, ANALYZE. */
  seedS: number;
  /** …of which the random hashes' INSERTs, through the GIN index. */
  insertS: number;
  /** The GIN index as the migrations created it (pg_indexes.indexdef). */
  index: string;
  /** EXPLAIN ANALYZE of nearestPhoto (the copy's hash and mirror image's): its scan nodes. */
  plan: string[];
  /** The sequential scan (the baseline), then nearestPhoto per query. */
  rows: (Row & { scan?: boolean })[];
  candidates: Candidates[];
  recall: Recall;
  /** screenUpload() then recordScreening() in a transaction, per upload. */
  uploads: Row[];
}

/** nearestPhoto's plan: its scan nodes, the rows their filter removed, the time. */
async function planOf(db: Db, query: SQL): Promise<string[]> {
  const lines = await queryRows(
    db,
    z.strictObject({ "QUERY PLAN": z.string() }),
    sql`EXPLAIN (ANALYZE, COSTS OFF, BUFFERS OFF) ${query}`,
  );
  return lines
    .map((l) => l["QUERY PLAN"])
    .filter((l) => /Scan on|Rows Removed by|Execution Time/.test(l))
    .map((l) => l.replace(/^\s*(->\s*)?/, "").trim());
}

/**
 * The reuse lookup per number of hashes stored. For each: the sequential scan that was the lookup
 * (one hash) against nearestPhoto with the copy's hash alone and with its mirror image's too (as
 * recordScreening calls it), and a photo whose hash is on no account, the GIN index as the
 * migrations create it and the seeding filled it (fastupdate off: nothing pending). Then the
 * candidates, a recall check on planted near-copies, and screenUpload() + recordScreening() whole
 * on his photo 0 re-encoded (held as reused), mirrored (held as reused through the mirror hash), a
 * profile photo 1600 × 1200 (accepted) and the probe (refused before any lookup).
 */
export async function lookups(
  images: Images,
  probe: Buffer,
  sizes: number[],
  runs: number,
  log: (line: string) => void,
): Promise<Lookup[]> {
  const copy = await reencoded(images.him[0]!.photo);
  const flopped = await mirrored(images.him[0]!.photo);
  const profile = images.profile[0]!;
  const [copyHash, copyMirror, profileHash, profileMirror] = await Promise.all([
    photoHash(copy),
    mirroredPhotoHash(copy),
    photoHash(profile),
    mirroredPhotoHash(profile),
  ]);
  const queries: [string, string[]][] = [
    ["nearestPhoto(): his photo 0 re-encoded, its hash alone", [copyHash]],
    ["nearestPhoto(): the same, hash + mirror image's (as recordScreening)", [copyHash, copyMirror]],
    [
      "nearestPhoto(): profile photo 1600 × 1200 (on no account), hash + mirror",
      [profileHash, profileMirror],
    ],
  ];
  const uploads: [string, Buffer][] = [
    ["his photo 0 re-encoded 640 px wide (the same photo on another account)", copy],
    ["his photo 0 mirrored (the same photo flipped)", flopped],
    ["profile photo 1600 × 1200", profile],
    ["the explicit probe", probe],
  ];
  const count = (row: Row, o: string) => row.outcomes!.set(o, (row.outcomes!.get(o) ?? 0) + 1);
  const found = (r: { bits: number } | undefined) => (r ? `nearest ${r.bits} bits` : "none ≤ 6 bits");
  const out: Lookup[] = [];
  for (const hashes of sizes) {
    log(`seeding ${hashes} hashes…`);
    const t0 = performance.now();
    const { database, stored, insertS, index } = await seeded(hashes, images);
    const seedS = (performance.now() - t0) / 1000;
    log(`${hashes} hashes seeded in ${seedS.toFixed(1)} s (inserts ${insertS.toFixed(1)} s)`);
    const { db } = database;
    try {
      log(`${hashes} hashes: lookups, ${runs} runs…`);
      const plan = await planOf(db, nearestPhotoQuery(UPLOADER, [copyHash, copyMirror]));
      const scanRow: Row & { scan: boolean } = {
        label: "sequential scan (the lookup before the index), his photo 0 re-encoded, its hash alone",
        ms: [],
        outcomes: new Map(),
        scan: true,
      };
      const rows: Row[] = queries.map(([label]) => ({ label, ms: [], outcomes: new Map() }));
      for (let r = 0; r < runs; r++) {
        let t = performance.now();
        const [nearest] = await scan(db, UPLOADER, copyHash);
        scanRow.ms.push(performance.now() - t);
        count(scanRow, `nearest ${nearest?.bits ?? "–"} bits`);
        for (const [k, [, hs]] of queries.entries()) {
          t = performance.now();
          const near = await nearestPhoto(db, UPLOADER, hs);
          rows[k]!.ms.push(performance.now() - t);
          count(rows[k]!, found(near));
        }
      }

      const candidates: Candidates[] = [];
      for (const [label, hs] of queries) {
        const bands = new Set(hs.flatMap(bandsOf)).size;
        const [c] = await queryRows(
          db,
          z.strictObject({ n: z.number() }),
          sql`SELECT count(*)::int AS n FROM photo_hashes
            WHERE bands && ${bandsLiteral(hs)}::int[] AND user_id <> ${UPLOADER}`,
        );
        candidates.push({
          label: label.replace(/^nearestPhoto\(\): /, ""),
          bands,
          count: c?.n ?? 0,
          expected: expectedCandidates(hashes, bands),
        });
      }

      log(`${hashes} hashes: recall on planted near-copies…`);
      const recall: Recall = { planted: 0, inCandidates: 0, agreed: 0, near: 0 };
      const pick = random32(hashes + 1);
      const planted = 7 * Math.ceil(Math.max(runs, 7) / 7);
      for (let k = 0; k < planted && hashes > 0; k++) {
        const i = 1 + (pick() % hashes);
        const flips = 1 + (k % 7);
        const bits = stored[i - 1]!.split("");
        const places = new Set<number>();
        while (places.size < flips) places.add(pick() % 64);
        for (const p of places) bits[p] = bits[p] === "0" ? "1" : "0";
        const q = bits.join("");
        const [kept] = await queryRows(
          db,
          z.strictObject({ n: z.number() }),
          sql`SELECT count(*)::int AS n FROM photo_hashes WHERE photo_key = ${seedKey(i)}
            AND bands && ${bandsLiteral([q])}::int[]`,
        );
        const [nearest] = await scan(db, UPLOADER, q);
        const near = await nearestPhoto(db, UPLOADER, [q]);
        const scanNear = nearest && nearest.bits <= SCREEN.SAME_PHOTO_BITS ? nearest.bits : undefined;
        recall.planted++;
        if (kept?.n === 1) recall.inCandidates++;
        if (scanNear !== undefined) recall.near++;
        if (near?.bits === scanNear) recall.agreed++;
      }

      log(`${hashes} hashes: screenUpload() + recordScreening(), ${runs} runs…`);
      const whole: Row[] = uploads.map(([label]) => ({
        label: `screenUpload() + recordScreening(): ${label}`,
        ms: [],
        outcomes: new Map(),
      }));
      const recorded: Row = {
        label:
          "of which recordScreening() in its transaction (its bands' locks, lookup, hash and hold inserted), the 3 uploads not refused",
        ms: [],
      };
      for (let r = 0; r < runs; r++)
        for (const [k, [, bytes]] of uploads.entries()) {
          const t = performance.now();
          const s = await screened(bytes);
          let outcome: string;
          if (!s.screening) outcome = s.refused ? `refused (${s.refused})` : "not an image";
          else {
            const screening = s.screening;
            const tx0 = performance.now();
            const hold = await inTransaction(db, (tx) =>
              recordScreening(tx, UPLOADER, `bench/upload-${r}-${k}.jpg`, screening),
            );
            recorded.ms.push(performance.now() - tx0);
            outcome = !hold
              ? "accepted"
              : hold.reason === "reused"
                ? `held (reused, ${hold.score} bits)`
                : `held (${hold.reason}, ${hold.score?.toFixed(2)})`;
          }
          whole[k]!.ms.push(performance.now() - t);
          count(whole[k]!, outcome);
        }
      out.push({
        hashes,
        seedS,
        insertS,
        index,
        plan,
        rows: [scanRow, ...rows],
        candidates,
        recall,
        uploads: [...whole, recorded],
      });
    } finally {
      await database.close();
    }
  }
  return out;
}

/**
 * The candidates expected among `hashes` random hashes for a lookup of `bands` distinct bands: a
 * stored hash is a candidate when any of its 8 bytes equals a looked-up one at its place. With b_p
 * values looked up at place p, it escapes with probability ∏ (1 − b_p/256); the looked-up bands
 * spread as evenly as they can over the 8 places (one per place for one hash, two for two).
 */
export function expectedCandidates(hashes: number, bands: number): number {
  const base = Math.floor(bands / 8);
  const extra = bands % 8;
  let missed = 1;
  for (let p = 0; p < 8; p++) missed *= 1 - (base + (p < extra ? 1 : 0)) / 256;
  return hashes * (1 - missed);
}
