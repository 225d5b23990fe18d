// Photo screening on upload (issue 16), in bench/verification.ts: what screenUpload
// (server/moderation/moderation.service.ts) runs on every uploaded photo — sharp-phash's perceptual
// hash of the photo and of its mirror image (photoHash, mirroredPhotoHash) and nsfwjs's MobileNetV2
// nudity model (photoScreen().nudity, in the ML worker thread with the face models) — and what
// recordScreening runs in the transaction that adds the photo: the advisory locks on the bands of
// the hash and of its mirror image's, the reuse lookup in SQL (nearestPhoto: the GIN index on
// photo_hashes.bands finds the candidates, bit_count compares them), the hash's insert and the hold. Loaded after the face engine's runs, so that the memory the
// nudity model adds is measured alone, as the face engine's is (timing.ts). Then:
//  - the time per photo of each step and of screenUpload() whole, on the bench's sizes of image and
//    on server/test/fixtures/screening-explicit-probe.png, runs interleaved as in timing.ts, with
//    one analyse() of the baseline frame re-timed among them;
//  - what the model says of the composed test set (samples.ts), against SCREEN;
//  - the Hamming distances between hashes: the same photo re-encoded, changed, mirrored, or another;
//  - the reuse lookup on an in-memory PGlite migrated as the server's, with N random hashes on other
//    accounts plus the composed photos' own, inserted through the GIN index as the migrations create
//    it (fastupdate off: no pending list): nearestPhoto (indexed) against the sequential scan it
//    replaced, measured in the same run; the plan; the candidates the index returns; a recall check
//    on planted near-copies; and screenUpload() + recordScreening() whole.
import { readFile } from "node:fs/promises";
import { type SQL, sql } from "drizzle-orm";
import pino from "pino";
import sharp from "sharp";
import { type Database, type Db, openDatabase, queryRows } from "../../server/db/client.ts";
import { AppError } from "../../server/http/errors.ts";
import type { MlMemory } from "../../server/ml/protocol.ts";
import {
  bandsOf,
  nearestPhoto,
  recordScreening,
  screenUpload,
} from "../../server/moderation/moderation.service.ts";
import {
  mirroredPhotoHash,
  type NudityScores,
  type PhotoScreen,
  photoHash,
  photoScreen,
  SCREEN,
} from "../../server/moderation/photo-screen.ts";
import type { FaceEngine } from "../../server/verification/face-engine.ts";
import { type Images, PRINT_BACK, TILT } from "./samples.ts";
import { type Memory, memory, type Row, workerMemory } from "./timing.ts";

const PROBE = new URL("../../server/test/fixtures/screening-explicit-probe.png", import.meta.url);

export const readProbe = () => readFile(PROBE);

/** The same photo as another account would upload it: 640 px wide, JPEG quality 70 (moderation.test.ts). */
export const reencoded = (image: Buffer) => sharp(image).resize(640).jpeg({ quality: 70 }).toBuffer();

/** The same photo flipped left to right, as a stolen photo is to fool a hash (JPEG 85). */
export const mirrored = (image: Buffer) => sharp(image).flop().jpeg({ quality: 85 }).toBuffer();

export interface ScreenLoad {
  screen: PhotoScreen;
  /** What TensorFlow.js holds in the worker before and after the load: the model's weights. */
  weights: { before: MlMemory; after: MlMemory };
  loadMs: number;
  firstNudityMs: number;
  memory: Memory[];
}

/**
 * photoScreen()'s first call (the ML worker, already running the face models, requires nsfwjs and
 * builds the model from its JavaScript bundle), and the memory around it.
 */
export async function loadScreen(image: Buffer, gc: () => void): Promise<ScreenLoad> {
  const before = await memory("before photoScreen() (face engine loaded, its runs done)", gc);
  const heldBefore = await workerMemory();
  let t = performance.now();
  const screen = await photoScreen();
  const loadMs = performance.now() - t;
  const loaded = await memory("after photoScreen()", gc);
  const heldAfter = await workerMemory();
  t = performance.now();
  await screen.nudity(image);
  const firstNudityMs = performance.now() - t;
  const warm = await memory("after one nudity() (640 × 480 frame)", gc);
  return {
    screen,
    weights: { before: heldBefore, after: heldAfter },
    loadMs,
    firstNudityMs,
    memory: [before, loaded, warm],
  };
}

export interface ScreenRow extends Row {
  image: string;
}

/** A silent logger for screenUpload(). */
const quiet = pino({ level: "silent" });

/** The account the bench's uploads come from (in the lookups' databases, a user row of its own). */
const UPLOADER = "bench-uploader";

/** screenUpload()'s outcome: its screening, or the code it refused the photo with. */
async function screened(bytes: Buffer) {
  try {
    return { screening: await screenUpload(quiet, UPLOADER, bytes) };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { refused: err.code };
  }
}

/**
 * photoHash, mirroredPhotoHash, nudity, and screenUpload() whole (its decodability check, then the
 * three at once), per image; runs interleaved across rows.
 */
export async function screenTimes(
  screen: PhotoScreen,
  engine: FaceEngine,
  images: Images,
  probe: Buffer,
  runs: number,
): Promise<ScreenRow[]> {
  const kinds: [string, Buffer][] = [
    ["selfie frame as composed (426 × 396)", images.him[1]!.photo],
    ["camera frame 640 × 480", images.camera[0]!],
    ["profile photo 1600 × 1200", images.profile[0]!],
    ["explicit probe (PNG 224 × 224)", probe],
  ];
  const steps: [string, (image: Buffer) => Promise<unknown>][] = [
    ["photoHash() alone", (b) => photoHash(b)],
    ["mirroredPhotoHash() alone", (b) => mirroredPhotoHash(b)],
    ["nudity() alone", (b) => screen.nudity(b)],
    [
      "screenUpload(): the screening of one upload (decodable? then both hashes and nudity at once)",
      screened,
    ],
  ];
  const rows: (ScreenRow & { run: () => Promise<unknown> })[] = [
    {
      image: kinds[0]![0],
      label: "analyse() (the face baseline, re-timed among these runs)",
      ms: [],
      run: () => engine.analyse(kinds[0]![1]),
    },
  ];
  for (const [image, bytes] of kinds)
    for (const [label, step] of steps) rows.push({ image, label, ms: [], run: () => step(bytes) });
  for (let r = 0; r < runs; r++)
    for (const row of rows) {
      const t = performance.now();
      await row.run();
      row.ms.push(performance.now() - t);
    }
  return rows.map(({ image, label, ms }) => ({ image, label, ms }));
}

export type Outcome = "refused" | "held" | "accepted";

/** screenUpload()'s outcome from the scores alone (no reuse): SCREEN's thresholds. */
export const outcomeOf = (s: NudityScores): Outcome =>
  s.explicit >= SCREEN.EXPLICIT
    ? "refused"
    : s.explicit >= SCREEN.SUSPECT_EXPLICIT || s.suggestive >= SCREEN.SUSPECT_SUGGESTIVE
      ? "held"
      : "accepted";

export interface ScoreGroup {
  label: string;
  scores: NudityScores[];
}

/** The nudity model's scores on each group of the composed test set, and on the probe. */
export async function scoreGroups(screen: PhotoScreen, images: Images, probe: Buffer): Promise<ScoreGroup[]> {
  const { him, others } = images;
  const group = async (label: string, bytes: Buffer[]): Promise<ScoreGroup> => {
    const scores: NudityScores[] = [];
    for (const b of bytes) scores.push(await screen.nudity(b));
    return { label, scores };
  };
  const originals = [...him.map((h) => h.photo), ...others.map((o) => o.photo)];
  const copies: Buffer[] = [];
  for (const b of originals) copies.push(await reencoded(b));
  return [
    await group(
      "his photos (the last one smiling)",
      him.map((h) => h.photo),
    ),
    await group(
      "other people's photos",
      others.map((o) => o.photo),
    ),
    await group(`all of them, tilted ${TILT}°`, [
      ...him.map((h) => h.tilted),
      ...others.map((o) => o.tilted),
    ]),
    await group("all of them, re-encoded 640 px wide (JPEG 70)", copies),
    await group(
      `his prints (straight, tilted ${TILT}° and ${PRINT_BACK}°, lit)`,
      him.flatMap((h) => [h.print, h.printTilted, h.printBack, h.printLit]),
    ),
    await group("camera frames 640 × 480", images.camera),
    await group("profile photos 1600 × 1200", images.profile),
    await group("camera frame 640 × 480 with no face", [images.blank]),
    await group("explicit probe (his photo 0 with adversarial noise)", [probe]),
  ];
}

/** Bits that differ between two of sharp-phash's hashes (64 characters of 0 and 1). */
export function hamming(a: string, b: string): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) d++;
  return d;
}

export interface DistanceRow {
  label: string;
  bits: number[];
}

/** Hamming distances: the same photo re-encoded or changed, the same man's other photos, other people. */
export async function distances(images: Images, probe: Buffer): Promise<DistanceRow[]> {
  const hashes = async (bs: Buffer[]) => {
    const out: string[] = [];
    for (const b of bs) out.push(await photoHash(b));
    return out;
  };
  const { him, others } = images;
  const hisPhotos = him.map((h) => h.photo);
  const theirPhotos = others.map((o) => o.photo);
  const all = [...hisPhotos, ...theirPhotos];
  const original = await hashes(all);
  const copies: Buffer[] = [];
  for (const b of all) copies.push(await reencoded(b));
  const copy = await hashes(copies);
  const copyQ = await hashes(await Promise.all(all.map((b) => sharp(b).jpeg({ quality: 40 }).toBuffer())));
  const cropped = await hashes(
    await Promise.all(
      all.map(async (b) => {
        const { width = 0, height = 0 } = await sharp(b).metadata();
        const [dx, dy] = [Math.round(width * 0.05), Math.round(height * 0.05)];
        const area = { left: dx, top: dy, width: width - 2 * dx, height: height - 2 * dy };
        return sharp(b).extract(area).jpeg({ quality: 85 }).toBuffer();
      }),
    ),
  );
  const flopped = await Promise.all(all.map(mirrored));
  const flop = await hashes(flopped);
  // What the lookup compares a flipped upload with: its mirror image's hash (the photo as it was).
  const unflopped: string[] = [];
  for (const b of flopped) unflopped.push(await mirroredPhotoHash(b));
  const ownMirror: string[] = [];
  for (const b of all) ownMirror.push(await mirroredPhotoHash(b));
  const tilt = await hashes([...him.map((h) => h.tilted), ...others.map((o) => o.tilted)]);
  const print = await hashes(him.map((h) => h.print));
  // Letterboxed in grey at production sizes (samples.ts): camera[0] is his photo 1, profile[k] his 0, 2, 3.
  const camera = await hashes([images.camera[0]!]);
  const profile = await hashes(images.profile);
  const [probeHash] = await hashes([probe]);
  const his = original.slice(0, him.length);
  const theirs = original.slice(him.length);
  const pairwise = (xs: string[]) => xs.flatMap((x, i) => xs.slice(i + 1).map((y) => hamming(x, y)));
  const same = (xs: string[]) => xs.map((x, i) => hamming(original[i]!, x));
  return [
    { label: "the same photo re-encoded 640 px wide, JPEG 70 (as composed → copy)", bits: same(copy) },
    { label: "the same photo re-encoded at its size, JPEG 40", bits: same(copyQ) },
    {
      label: "the explicit probe against its source (his photo 0 at 224 × 224 with noise)",
      bits: [hamming(probeHash!, his[0]!)],
    },
    {
      label: "the same photo letterboxed in grey: 640 × 480 frame, 1600 × 1200 profile photos",
      bits: [hamming(camera[0]!, his[1]!), ...[0, 2, 3].map((k, i) => hamming(profile[i]!, his[k]!))],
    },
    { label: "the same photo cropped by 5 % on each side", bits: same(cropped) },
    { label: "the same photo mirrored (JPEG 85), compared with photoHash", bits: same(flop) },
    {
      label: "the same photo mirrored, compared with mirroredPhotoHash (as the reuse lookup does)",
      bits: same(unflopped),
    },
    { label: `the same photo tilted ${TILT}°`, bits: same(tilt) },
    { label: "his photo printed (« a photo of a photo »)", bits: print.map((p, i) => hamming(p, his[i]!)) },
    { label: "his photos, pairwise (the same man, different photos)", bits: pairwise(his) },
    {
      label: "his photos × other people's",
      bits: his.flatMap((x) => theirs.map((y) => hamming(x, y))),
    },
    { label: "other people's photos, pairwise", bits: pairwise(theirs) },
    {
      label: "mirroredPhotoHash of one photo × photoHash of every other one (his and other people's)",
      bits: ownMirror.flatMap((m, i) => original.filter((_, j) => j !== i).map((h) => hamming(m, h))),
    },
  ];
}

/** The lookup screenUpload() ran before the index (commit d4e9aec): every other account's hash, nearest first. */
const scan = (db: Db, userId: string, hash: string) =>
  queryRows<{ key: string; userId: string; bits: number }>(
    db,
    sql`SELECT photo_key AS key, user_id AS "userId", bit_count(hash::bit(64) # ${hash}::bit(64))::int AS bits
      FROM photo_hashes WHERE user_id <> ${userId}
      ORDER BY bits LIMIT 1`,
  );

/** The SQL a function of moderation.service.ts sends (a stand-in database records it): to EXPLAIN it. */
async function sqlOf(run: (db: Db) => Promise<unknown>): Promise<SQL> {
  let captured: SQL | undefined;
  const recorder = {
    execute: async (query: SQL) => {
      captured = query;
      return { rows: [] };
    },
  } as unknown as Db;
  await run(recorder);
  if (!captured) throw new Error("no SQL sent");
  return captured;
}

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
  const [def] = await queryRows<{ index: string }>(
    db,
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
  const lines = await queryRows<Record<string, string>>(
    db,
    sql`EXPLAIN (ANALYZE, COSTS OFF, BUFFERS OFF) ${query}`,
  );
  return lines
    .map((l) => Object.values(l)[0]!)
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
      const plan = await planOf(db, await sqlOf((d) => nearestPhoto(d, UPLOADER, [copyHash, copyMirror])));
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
        const [c] = await queryRows<{ n: number }>(
          db,
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
        const [kept] = await queryRows<{ n: number }>(
          db,
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
            const hold = await db.transaction((tx) =>
              recordScreening(tx as unknown as Db, UPLOADER, `bench/upload-${r}-${k}.jpg`, screening),
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
