// Verified profiles, issue 16: `npm run bench:verification`. The face engine of
// server/verification (@vladmandic/human on TensorFlow.js's WebAssembly backend, the models of its
// package) in this process, on the faces that server/test/face-samples.ts composes from the
// library's own sample grid (bench/verification/samples.ts):
//  1. Load (bench/verification/timing.ts): faceEngine()'s first call, the first analysis after it,
//     and the memory the engine adds: process.memoryUsage() after a full garbage collection, before
//     the load (the test images already composed, sharp loaded), after it, after one analysis, and
//     at the end of the run.
//  2. Screening time per photo: analyse() alone, --runs times per kind of image (the composed
//     frame, the baseline; a 640 × 480 camera frame; a 1600 × 1200 profile photo; a frame without a
//     face), and sharp's decoding alone. Nudity screening of photos is not built: not measured.
//  3. Decision time: one attempt in full, --runs times: 3 frames and 1 or 3 profile photos analysed
//     one after the other, then decide() — as composed and at production sizes —, two attempts
//     submitted together, and decide() alone; ratios against one analyse() of one frame, and the
//     event loop's delay meanwhile (the analyses run on the main thread).
//  4. Accuracy (bench/verification/accuracy.ts): genuine attempts (the man's frames against his
//     other photos), impostors (his frames against other people's photos, theirs against his and
//     against each other's) and prints of his photos (held still, tilted, tilted back, lit, or two
//     prints), each decided by decide(); outcomes, false accepts and rejects, likeness against
//     THRESHOLDS, and what the anti-spoofing, liveness and emotion models say per kind of frame.
// Prints markdown tables (bench/verification/report.ts); asserts nothing. Run it on an idle
// machine: the load average is printed.
//
//   node --import tsx bench/verification.ts [--runs 20]
import { createRequire } from "node:module";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { pct } from "./chat/stats.ts";
import { attemptSets, frameKinds, photoPairs, runSets, smiles } from "./verification/accuracy.ts";
import {
  printDecisions,
  printHeading,
  printLikeness,
  printLoad,
  printModels,
  printOutcomes,
  printScreening,
} from "./verification/report.ts";
import { analyseImages, composeImages } from "./verification/samples.ts";
import { decisions, load, memory, screening } from "./verification/timing.ts";

const require = createRequire(import.meta.url);

const log = (line: string) => console.error(`[bench:verification] ${line}`);

/** The backend TensorFlow.js runs on, and what the models hold (after the engine's load). */
function backend(): string {
  const tf = require("@tensorflow/tfjs-core") as typeof import("@tensorflow/tfjs-core");
  const flag = (name: string) => {
    try {
      return tf.env().getBool(name) ? "yes" : "no";
    } catch {
      return "?";
    }
  };
  const m = tf.memory();
  return `TensorFlow.js backend ${tf.getBackend()} (SIMD ${flag("WASM_HAS_SIMD_SUPPORT")}, threads ${flag("WASM_HAS_MULTITHREAD_SUPPORT")}); after the load, ${m.numTensors} tensors held, ${(m.numBytes / 1024 / 1024).toFixed(1)} MB (the models' weights).`;
}

export async function benchVerification(argv = process.argv.slice(2)): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { runs: { type: "string", default: "20" } } });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs: a whole number ≥ 1");
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  const loadBefore = loadavg();
  const started = performance.now();

  log("composing the test images…");
  const images = await composeImages();
  log("loading the engine…");
  const loaded = await load(images, gc);
  const { engine } = loaded;
  const backendLine = backend();
  log(`analyse() per image, ${runs} runs…`);
  const screen = await screening(engine, images, runs);
  const baselineMs = pct(screen[0]!.ms, 50);
  const screened = memory("after the screening runs (every size of image analysed)", gc);
  log(`whole decisions, ${runs} runs…`);
  const decided = await decisions(engine, images, runs);
  const afterDecisions = memory("after the decision runs", gc);
  log("analysing the test set…");
  const analyses = await analyseImages(engine, images);
  const results = runSets(attemptSets(analyses), engine);
  const end = memory("end of the run (test set analysed and decided)", gc);
  const totalS = (performance.now() - started) / 1000;

  printHeading(loadBefore, loadavg(), totalS, runs);
  printLoad(loaded, [screened, afterDecisions, end], baselineMs, backendLine);
  printScreening(screen);
  printDecisions(decided, baselineMs);
  printOutcomes(results);
  printLikeness(results, photoPairs(analyses, engine));
  printModels(frameKinds(analyses), smiles(analyses));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchVerification().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
