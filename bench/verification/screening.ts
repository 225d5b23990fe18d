// Photo screening on upload (issue 16), in bench/verification.ts: what screenUpload
// (server/moderation/moderation.service.ts) runs on every uploaded photo — sharp-phash's perceptual
// hash (photoHash), nsfwjs's MobileNetV2 nudity model (photoScreen().nudity, on the WebAssembly
// backend the face engine already started: server/ml/tfjs.ts) and the reuse lookup in SQL
// (bit_count over photo_hashes). Loaded after the face engine's runs, so that the memory the
// nudity model adds is measured alone, as the face engine's is (timing.ts). Then:
//  - the time per photo of each step and of both (screenUpload's order: hash, then nudity), on the
//    bench's sizes of image and on server/test/fixtures/screening-explicit-probe.png, runs
//    interleaved as in timing.ts, with one analyse() of the baseline frame re-timed among them;
//  - what the model says of the composed test set (samples.ts), against SCREEN;
//  - the Hamming distances between hashes: the same photo re-encoded, changed, or another one;
//  - the lookup in SQL and screenUpload() whole, on an in-memory PGlite migrated as the server's,
//    with N random hashes on other accounts plus the composed photos' own.
import { readFile } from "node:fs/promises";
import { sql } from "drizzle-orm";
import pino from "pino";
import sharp from "sharp";
import { type Database, openDatabase, queryRows } from "../../server/db/client.ts";
import { AppError } from "../../server/http/errors.ts";
import { tfjs } from "../../server/ml/tfjs.ts";
import { screenUpload } from "../../server/moderation/moderation.service.ts";
import {
  type NudityScores,
  type PhotoScreen,
  photoHash,
  photoScreen,
  SCREEN,
} from "../../server/moderation/photo-screen.ts";
import type { FaceEngine } from "../../server/verification/face-engine.ts";
import { type Images, PRINT_BACK, TILT } from "./samples.ts";
import { type Memory, memory, type Row } from "./timing.ts";

const PROBE = new URL("../../server/test/fixtures/screening-explicit-probe.png", import.meta.url);

export const readProbe = () => readFile(PROBE);

/** The same photo as another account would upload it: 640 px wide, JPEG quality 70 (moderation.test.ts). */
export const reencoded = (image: Buffer) => sharp(image).resize(640).jpeg({ quality: 70 }).toBuffer();

interface Held {
  tensors: number;
  bytes: number;
}

export interface ScreenLoad {
  screen: PhotoScreen;
  /** What TensorFlow.js holds before and after the load: the model's weights. */
  weights: { before: Held; after: Held };
  loadMs: number;
  firstNudityMs: number;
  memory: Memory[];
}

/**
 * photoScreen()'s first call (nsfwjs and @tensorflow/tfjs required, the model built from its
 * JavaScript bundle), and the memory around it. nsfwjs says which model it loads with console.info
 * (stdout, where the report goes): sent to stderr meanwhile.
 */
export async function loadScreen(image: Buffer, gc: () => void): Promise<ScreenLoad> {
  const tf = await tfjs();
  const held = (): Held => ({ tensors: tf.memory().numTensors, bytes: tf.memory().numBytes });
  const before = memory("before photoScreen() (face engine loaded, its runs done)", gc);
  const heldBefore = held();
  const info = console.info;
  console.info = (...args: unknown[]) => console.error(...args);
  let t = performance.now();
  let screen: PhotoScreen;
  try {
    screen = await photoScreen();
  } finally {
    console.info = info;
  }
  const loadMs = performance.now() - t;
  const loaded = memory("after photoScreen()", gc);
  const heldAfter = held();
  t = performance.now();
  await screen.nudity(image);
  const firstNudityMs = performance.now() - t;
  const warm = memory("after one nudity() (640 × 480 frame)", gc);
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

/** photoHash, nudity, and both one after the other, per image; runs interleaved across rows. */
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
    ["nudity() alone", (b) => screen.nudity(b)],
    [
      "both: the screening of one upload (hash, then nudity)",
      async (b) => [await photoHash(b), await screen.nudity(b)],
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
  const mirrored = await hashes(
    await Promise.all(all.map((b) => sharp(b).flop().jpeg({ quality: 85 }).toBuffer())),
  );
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
    { label: "the same photo mirrored", bits: same(mirrored) },
    { label: `the same photo tilted ${TILT}°`, bits: same(tilt) },
    { label: "his photo printed (« a photo of a photo »)", bits: print.map((p, i) => hamming(p, his[i]!)) },
    { label: "his photos, pairwise (the same man, different photos)", bits: pairwise(his) },
    {
      label: "his photos × other people's",
      bits: his.flatMap((x) => theirs.map((y) => hamming(x, y))),
    },
    { label: "other people's photos, pairwise", bits: pairwise(theirs) },
  ];
}

export interface Lookup {
  /** Hashes in photo_hashes, on other accounts than the uploader's. */
  hashes: number;
  seedS: number;
  rows: Row[];
}

/** A silent logger for screenUpload(). */
const quiet = pino({ level: "silent" });

/** The lookup of screenUpload(), as it is written there: the nearest hash on another account. */
const nearest = (db: Database["db"], userId: string, hash: string) =>
  queryRows<{ key: string; userId: string; bits: number }>(
    db,
    sql`SELECT photo_key AS key, user_id AS "userId", bit_count(hash::bit(64) # ${hash}::bit(64))::int AS bits
      FROM photo_hashes WHERE user_id <> ${userId}
      ORDER BY bits LIMIT 1`,
  );

/**
 * photo_hashes with `hashes` random hashes (four photos per account) plus the composed photos' own
 * (his 6, other people's 8) on one more account, in an in-memory PGlite migrated as the server's.
 */
async function seeded(hashes: number, images: Images): Promise<Database> {
  const database = await openDatabase({});
  await database.migrate();
  const { db } = database;
  const accounts = Math.ceil(hashes / 4);
  await db.execute(sql`INSERT INTO "user" (id, name, email)
    SELECT 'bench-' || i, 'bench', 'bench-' || i || '@example.org' FROM generate_series(0, ${accounts}) AS i`);
  // Two random 32-bit halves (an int8 cast to bit(32) keeps its low 32 bits).
  await db.execute(sql`INSERT INTO photo_hashes (photo_key, user_id, hash)
    SELECT 'bench/' || i || '.jpg', 'bench-' || (i / 4),
      floor(random() * 4294967296)::int8::bit(32)::text || floor(random() * 4294967296)::int8::bit(32)::text
    FROM generate_series(1, ${hashes}) AS i`);
  const originals = [...images.him.map((h) => h.photo), ...images.others.map((o) => o.photo)];
  for (const [i, b] of originals.entries())
    await db.execute(sql`INSERT INTO photo_hashes (photo_key, user_id, hash)
      VALUES (${`bench/original-${i}.jpg`}, 'bench-0', ${await photoHash(b)})`);
  await db.execute(sql`ANALYZE photo_hashes`);
  return database;
}

const UPLOADER = "bench-uploader";

/**
 * The lookup alone and screenUpload() whole (hash, nudity, lookup) per number of hashes stored, on
 * his photo 0 re-encoded 640 px wide (on another account: held as reused), a profile photo
 * 1600 × 1200 (accepted) and the probe (refused before the lookup); runs interleaved.
 */
export async function lookups(
  images: Images,
  probe: Buffer,
  sizes: number[],
  runs: number,
): Promise<Lookup[]> {
  const copy = await reencoded(images.him[0]!.photo);
  const copyHash = await photoHash(copy);
  const uploads: [string, Buffer][] = [
    ["screenUpload(): his photo 0 re-encoded 640 px wide (the same photo on another account)", copy],
    ["screenUpload(): profile photo 1600 × 1200", images.profile[0]!],
    ["screenUpload(): the explicit probe", probe],
  ];
  const out: Lookup[] = [];
  for (const hashes of sizes) {
    const t0 = performance.now();
    const database = await seeded(hashes, images);
    const seedS = (performance.now() - t0) / 1000;
    const { db } = database;
    try {
      const alone: Row = {
        label: "the lookup alone (bit_count over photo_hashes, nearest first)",
        ms: [],
        outcomes: new Map(),
      };
      const rows: Row[] = uploads.map(([label]) => ({ label, ms: [], outcomes: new Map() }));
      const count = (row: Row, o: string) => row.outcomes!.set(o, (row.outcomes!.get(o) ?? 0) + 1);
      for (let r = 0; r < runs; r++) {
        let t = performance.now();
        const [same] = await nearest(db, UPLOADER, copyHash);
        alone.ms.push(performance.now() - t);
        count(alone, `nearest ${same?.bits ?? "–"} bits`);
        for (const [k, [, bytes]] of uploads.entries()) {
          t = performance.now();
          let outcome: string;
          try {
            const s = await screenUpload(db, quiet, UPLOADER, bytes);
            outcome = !s
              ? "not an image"
              : !s.hold
                ? "accepted"
                : s.hold.reason === "reused"
                  ? `held (reused, ${s.hold.score} bits)`
                  : `held (${s.hold.reason}, ${s.hold.score?.toFixed(2)})`;
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            outcome = `refused (${err.code})`;
          }
          rows[k]!.ms.push(performance.now() - t);
          count(rows[k]!, outcome);
        }
      }
      out.push({ hashes, seedS, rows: [alone, ...rows] });
    } finally {
      await database.close();
    }
  }
  return out;
}
