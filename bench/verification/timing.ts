// The timings of bench/verification.ts: the engine's load and the memory it adds, analyse() per
// image, and whole decisions (every frame and every profile photo analysed, then decide(), as
// submitVerification does — stopping at a frame without one clear face — without its database,
// storage and frame checks). Runs are interleaved
// across rows (run 1 of every row, then run 2…), so that a drift of the machine touches them all.
// The models run in the ML worker thread (server/platform/ml/ml-worker.ts), as in the server: the process's
// rss covers it, the JavaScript heap figures are the main thread's, and TensorFlow.js's tensors are
// counted in the worker (mlClient().call({ op: "memory" })).
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { Gesture } from "@domain/verification.ts";
import sharp from "sharp";
import { type Decision, decide, THRESHOLDS } from "../../server/features/verification/decide.ts";
import {
  type FaceAnalysis,
  type FaceEngine,
  faceEngine,
} from "../../server/features/verification/face-engine.ts";
import { mlClient } from "../../server/platform/ml/ml-client.ts";
import type { MlMemory } from "../../server/platform/ml/protocol.ts";
import { interleaved } from "../harness/stats.ts";
import type { Images } from "./samples.ts";

export interface Memory {
  label: string;
  usage: NodeJS.MemoryUsage;
  /** TensorFlow.js's tensors alive in the ML worker, once it runs (a count that grows would be a leak). */
  tensors: number | null;
}

export interface Load {
  engine: FaceEngine;
  loadMs: number;
  firstAnalyseMs: number;
  memory: Memory[];
  /** What TensorFlow.js holds in the worker once the face models are loaded: their weights. */
  weights: MlMemory;
}

/** Whether the ML worker runs: asking it for its tensors before would start it. */
let workerStarted = false;

/** What TensorFlow.js holds in the ML worker (tensors and their bytes). */
export const workerMemory = () => mlClient().call({ op: "memory" });

/**
 * A full collection of the main thread first (global.gc, exposed by verification.ts; the worker
 * collects on its own), then process.memoryUsage(), then the worker's tensors.
 */
export async function memory(label: string, gc: () => void): Promise<Memory> {
  gc();
  gc();
  const usage = process.memoryUsage();
  return { label, usage, tensors: workerStarted ? (await workerMemory()).tensors : null };
}

export async function load(images: Images, gc: () => void): Promise<Load> {
  const before = await memory("before faceEngine() (test images composed, sharp loaded, no worker yet)", gc);
  let t = performance.now();
  const engine = await faceEngine();
  const loadMs = performance.now() - t;
  workerStarted = true;
  const weights = await workerMemory();
  const loaded = await memory("after faceEngine() (worker started, face models loaded in it)", gc);
  t = performance.now();
  await engine.analyse(images.camera[0]!);
  const firstAnalyseMs = performance.now() - t;
  const warm = await memory("after one analysis (640 × 480 frame)", gc);
  return { engine, loadMs, firstAnalyseMs, memory: [before, loaded, warm], weights };
}

export interface Row {
  label: string;
  ms: number[];
  outcomes?: Map<string, number>;
}

/** One image analysed, per kind of image; and the engine's first step (sharp) alone. */
export async function screening(engine: FaceEngine, images: Images, runs: number): Promise<Row[]> {
  const kinds: [string, Buffer][] = [
    ["selfie frame as composed (426 × 396), the baseline", images.him[1]!.photo],
    ["camera frame 640 × 480", images.camera[0]!],
    ["burst frame 320 × 240 (what the page sends, 29 per attempt)", images.live.frames[0]!],
    ["profile photo 1600 × 1200", images.profile[0]!],
    ["camera frame 640 × 480 with no face", images.blank],
    ["burst frame 320 × 240 with no face", images.blankBurst.frames[0]!],
  ];
  const rows: Row[] = kinds.map(([label]) => ({ label, ms: [] }));
  const decodeOnly: Row = {
    label: "of which decoding and resizing a 1600 × 1200 photo (sharp, the engine's first step, replicated)",
    ms: [],
  };
  const samples = await interleaved(
    [
      ...kinds.map(
        ([, image]) =>
          () =>
            engine.analyse(image),
      ),
      () =>
        sharp(images.profile[0]!)
          .rotate()
          .resize(1024, 1024, { fit: "inside", withoutEnlargement: true })
          .removeAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true }),
    ],
    runs,
  );
  return [...rows, decodeOnly].map((row, k) => ({ ...row, ms: samples[k]! }));
}

const GESTURES: Gesture[] = ["tilt-left", "smile"];

async function attempt(engine: FaceEngine, frames: Buffer[], profile: Buffer[]): Promise<Decision> {
  const analyses: FaceAnalysis[] = [];
  for (const f of frames) {
    const analysis = await engine.analyse(f);
    analyses.push(analysis);
    if (analysis.faces.filter((x) => x.score >= THRESHOLDS.FACE_SCORE).length !== 1) break;
  }
  const profileFaces = [];
  for (const p of profile) {
    const found = (await engine.analyse(p)).faces[0];
    if (found) profileFaces.push(found);
  }
  return decide({
    gestures: GESTURES,
    frames: analyses,
    profileFaces,
    similarity: (a, b) => engine.similarity(a, b),
  });
}

export interface Decisions {
  rows: Row[];
  /** The event loop's delay while the decisions ran (ms): how long other requests waited. */
  loopDelay: { p50: number; p99: number; max: number };
}

/**
 * Whole decisions: the live capture of the server's tests (his photo 1 moved and smiled, 29 frames
 * of 320 × 240 as the page sends them) with 1 or 3 profile photos (his photos 0, 2 and 3) at
 * production size; a burst without a face (stopped at its first frame); and, as the reference, the
 * attempt of before issue 33 (3 camera frames 640 × 480: his photo 1 straight, tilted, then his
 * smiling photo). decide() alone, and two attempts submitted together (the worker analyses one image
 * at a time, in order). The event loop's delay is the main thread's: what is left there (sharp's
 * calls, the messages to the worker).
 */
export async function decisions(engine: FaceEngine, images: Images, runs: number): Promise<Decisions> {
  const cases: [string, Buffer[], Buffer[]][] = [
    [
      "before issue 33: 3 camera frames 640 × 480 + 1 profile photo 1600 × 1200 (the reference)",
      images.camera,
      images.profile.slice(0, 1),
    ],
    [
      "live capture: 29 frames 320 × 240 + 1 profile photo 1600 × 1200",
      images.live.frames,
      images.profile.slice(0, 1),
    ],
    ["live capture: 29 frames 320 × 240 + 3 profile photos 1600 × 1200", images.live.frames, images.profile],
    [
      "a burst of 29 frames without a face + 1 profile photo (stops at the first frame)",
      images.blankBurst.frames,
      images.profile.slice(0, 1),
    ],
  ];
  const rows: Row[] = cases.map(([label]) => ({ label, ms: [], outcomes: new Map() }));
  const count = (row: Row, d: Decision) =>
    row.outcomes!.set(d.outcome, (row.outcomes!.get(d.outcome) ?? 0) + 1);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  for (let r = 0; r < runs; r++) {
    for (const [k, [, frames, profile]] of cases.entries()) {
      const t = performance.now();
      const d = await attempt(engine, frames, profile);
      rows[k]!.ms.push(performance.now() - t);
      count(rows[k]!, d);
    }
  }
  loop.disable();
  const together: Row = {
    label: "2 live captures submitted together (29 frames + 3 profile photos each): the later one",
    ms: [],
    outcomes: new Map(),
  };
  for (let r = 0; r < Math.max(1, Math.round(runs / 2)); r++) {
    const t = performance.now();
    const both = await Promise.all(
      [0, 1].map(async () => {
        const d = await attempt(engine, images.live.frames, images.profile);
        return { d, ms: performance.now() - t };
      }),
    );
    together.ms.push(Math.max(...both.map((b) => b.ms)));
    for (const b of both) count(together, b.d);
  }
  // decide() alone, on analyses made once.
  const frames = [];
  for (const f of images.live.frames) frames.push(await engine.analyse(f));
  const profileFaces = [];
  for (const p of images.profile) profileFaces.push((await engine.analyse(p)).faces[0]!);
  const alone: Row = { label: "decide() alone (29 frames, 3 profile photos, analyses made once)", ms: [] };
  for (let r = 0; r < 1000; r++) {
    const t = performance.now();
    decide({ gestures: GESTURES, frames, profileFaces, similarity: (a, b) => engine.similarity(a, b) });
    alone.ms.push(performance.now() - t);
  }
  const ns = (x: number) => x / 1e6;
  return {
    rows: [...rows, together, alone],
    loopDelay: { p50: ns(loop.percentile(50)), p99: ns(loop.percentile(99)), max: ns(loop.max) },
  };
}
