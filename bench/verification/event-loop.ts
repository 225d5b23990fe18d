// What the ML worker thread buys the server's event loop (issue 16), in bench/verification.ts: the
// same sequence of work — analyses of the composed selfie frame and nudity screenings of it,
// alternately — run (1) in-thread, the models loaded on the main thread as the server did before
// the worker (HumanModel and NsfwModel directly, the images prepared with sharp exactly as
// face-engine.ts and photo-screen.ts prepare them): the baseline; and (2) through faceEngine() and
// photoScreen(), the models in the worker. For each: the sequence's total time, the time per item,
// the main thread's event-loop delay meanwhile (perf_hooks.monitorEventLoopDelay, resolution 10 ms)
// and the lateness of a 5 ms timer (when it ran − when it was due): how long a request arriving
// meanwhile would wait before the server even looks at it. The two run in alternate rounds
// (in-thread, worker, in-thread, worker) so that a drift of the machine touches both. Runs last:
// the in-thread models add a second copy of TensorFlow.js and the weights to the process.
import { monitorEventLoopDelay } from "node:perf_hooks";
import sharp from "sharp";
import { NSFW_INPUT, type PhotoScreen } from "../../server/features/moderation/photo-screen.ts";
import type { FaceEngine } from "../../server/features/verification/face-engine.ts";
import { HumanModel } from "../../server/platform/ml/models/human-model.ts";
import { NsfwModel } from "../../server/platform/ml/models/nsfw-model.ts";
import { tfjs } from "../../server/platform/ml/tfjs.ts";

/** face-engine.ts's MAX_SIDE (not exported): the largest side an image is analysed at. */
const MAX_SIDE = 1024;
/** The ping's period (ms). */
export const PING_MS = 5;
/** monitorEventLoopDelay's resolution (ms). */
export const RESOLUTION_MS = 10;

export interface Delay {
  p50: number;
  p99: number;
  max: number;
}

export interface LoopMode {
  label: string;
  /** Loading both models: in-thread here; for the worker, faceEngine() + photoScreen() earlier in the run. */
  loadMs: number | null;
  /** Each sequence's total (one per round). */
  totalMs: number[];
  face: number[];
  nudity: number[];
  /**
   * monitorEventLoopDelay per round (ms), the worse of the rounds: a fresh one each round, since a
   * histogram enabled again records the whole pause as one delay.
   */
  delay: Delay;
  /** The 5 ms timer's lateness, every tick of the mode's rounds (ms). */
  late: number[];
}

export interface EventLoop {
  modes: LoopMode[];
  rounds: number;
  /** Analyses and screenings per round (each). */
  perRound: number;
  /** TensorFlow.js's backend and its WebAssembly features, read on the main thread after tfjs(). */
  backend: { name: string; simd: string; threads: string };
}

interface Mode {
  label: string;
  face: (image: Buffer) => Promise<unknown>;
  nudity: (image: Buffer) => Promise<unknown>;
}

const ms = (ns: number) => ns / 1e6;

/** A timer every PING_MS: how late each tick ran. */
function ping(): () => number[] {
  const late: number[] = [];
  let due = performance.now() + PING_MS;
  let timer = setTimeout(function tick() {
    const now = performance.now();
    late.push(now - due);
    due = now + PING_MS;
    timer = setTimeout(tick, PING_MS);
  }, PING_MS);
  return () => {
    clearTimeout(timer);
    return late;
  };
}

export async function eventLoop(
  engine: FaceEngine,
  screen: PhotoScreen,
  frame: Buffer,
  workerLoadMs: number,
  runs: number,
): Promise<EventLoop> {
  const t = performance.now();
  const tf = await tfjs();
  const human = await HumanModel.load();
  const nsfw = await NsfwModel.load();
  const inThreadLoadMs = performance.now() - t;
  const flag = (name: string) => {
    try {
      return tf.env().getBool(name) ? "yes" : "no";
    } catch {
      return "?";
    }
  };
  const backend = {
    name: tf.getBackend(),
    simd: flag("WASM_HAS_SIMD_SUPPORT"),
    threads: flag("WASM_HAS_MULTITHREAD_SUPPORT"),
  };
  const modes: Mode[] = [
    {
      label: "in-thread (the models on the main thread: before the worker)",
      face: async (image) => {
        const { data, info } = await sharp(image)
          .rotate()
          .resize(MAX_SIDE, MAX_SIDE, { fit: "inside", withoutEnlargement: true })
          .removeAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        return human.detect(new Uint8Array(data), info.width, info.height);
      },
      nudity: async (image) => {
        const data = await sharp(image)
          .rotate()
          .resize(NSFW_INPUT, NSFW_INPUT, { fit: "fill" })
          .removeAlpha()
          .raw()
          .toBuffer();
        return nsfw.classify(new Uint8Array(data));
      },
    },
    {
      label: "worker (faceEngine().analyse, photoScreen().nudity: the server now)",
      face: (image) => engine.analyse(image),
      nudity: (image) => screen.nudity(image),
    },
  ];
  // Warm both paths once (the in-thread models' first run compiles their kernels).
  for (const m of modes) {
    await m.face(frame);
    await m.nudity(frame);
  }
  const rounds = runs >= 2 ? 2 : 1;
  const perRound = Math.ceil(runs / rounds);
  const results = modes.map((m) => ({
    mode: m,
    delays: [] as Delay[],
    totalMs: [] as number[],
    face: [] as number[],
    nudity: [] as number[],
    late: [] as number[],
  }));
  for (let round = 0; round < rounds; round++)
    for (const r of results) {
      const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
      histogram.enable();
      const stop = ping();
      const start = performance.now();
      for (let i = 0; i < perRound; i++) {
        let t0 = performance.now();
        await r.mode.face(frame);
        r.face.push(performance.now() - t0);
        t0 = performance.now();
        await r.mode.nudity(frame);
        r.nudity.push(performance.now() - t0);
      }
      r.totalMs.push(performance.now() - start);
      r.late.push(...stop());
      histogram.disable();
      // No sample when the loop was never free twice in the round: no figure rather than 0.
      const sampled = histogram.count > 0;
      r.delays.push({
        p50: sampled ? ms(histogram.percentile(50)) : Number.NaN,
        p99: sampled ? ms(histogram.percentile(99)) : Number.NaN,
        max: sampled ? ms(histogram.max) : Number.NaN,
      });
    }
  const worse = (ds: Delay[], k: keyof Delay) => Math.max(...ds.map((d) => d[k]).filter(Number.isFinite));
  return {
    modes: results.map((r, k) => ({
      label: r.mode.label,
      loadMs: k === 0 ? inThreadLoadMs : workerLoadMs,
      totalMs: r.totalMs,
      face: r.face,
      nudity: r.nudity,
      delay: { p50: worse(r.delays, "p50"), p99: worse(r.delays, "p99"), max: worse(r.delays, "max") },
      late: r.late,
    })),
    rounds,
    perRound,
    backend,
  };
}
