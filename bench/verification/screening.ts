// Photo screening on upload (issue 16), in bench/verification.ts: what screenUpload
// (server/features/moderation/moderation.service.ts) runs on every uploaded photo — sharp-phash's perceptual
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
//  - the reuse lookup: reuse-lookup.ts.
import { readFile } from "node:fs/promises";
import pino from "pino";
import sharp from "sharp";
import { screenUpload } from "../../server/features/moderation/moderation.service.ts";
import {
  mirroredPhotoHash,
  type NudityScores,
  type PhotoScreen,
  photoHash,
  photoScreen,
  SCREEN,
} from "../../server/features/moderation/photo-screen.ts";
import type { FaceEngine } from "../../server/features/verification/face-engine.ts";
import { AppError } from "../../server/platform/http/errors.ts";
import type { MlMemory } from "../../server/platform/ml/protocol.ts";
import { interleaved } from "../harness/stats.ts";
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
export const UPLOADER = "bench-uploader";

/** screenUpload()'s outcome: its screening, or the code it refused the photo with. */
export async function screened(bytes: Buffer) {
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
  const samples = await interleaved(
    rows.map((row) => row.run),
    runs,
  );
  return rows.map(({ image, label }, k) => ({ image, label, ms: samples[k]! }));
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
