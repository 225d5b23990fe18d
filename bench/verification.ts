// Verified profiles, issue 16: `npm run bench:verification`. The face engine of
// server/features/verification (@vladmandic/human on TensorFlow.js's WebAssembly backend, the models of its
// package), its models in the ML worker thread as in the server (server/ml), on the faces that
// server/test/face-samples.ts composes from the library's own sample grid
// (bench/verification/samples.ts):
//  1. Load (bench/verification/timing.ts): faceEngine()'s first call (the worker's start
//     included), the first analysis after it, and the memory the engine adds: process.memoryUsage()
//     after a full garbage collection of the main thread (rss covers the worker) and the worker's
//     TensorFlow.js tensors, before the load (the test images already composed, sharp loaded), after
//     it, after one analysis, and at the end of the face runs.
//  2. Screening time per photo: analyse() alone, --runs times per kind of image (the composed
//     frame, the baseline; a 640 × 480 camera frame; a 1600 × 1200 profile photo; a frame without a
//     face), and sharp's decoding alone: the face side.
//  3. Decision time: one attempt in full, --runs times: the live capture's 29 frames (320 × 240, as
//     the page sends them) and 1 or 3 profile photos analysed one after the other, then decide(); a
//     burst without a face; the 3-frame attempt of before issue 33 as the reference; two attempts
//     submitted together, and decide() alone; ratios against one analyse() of one frame, and the main
//     thread's event-loop delay meanwhile.
//  4. Accuracy (bench/verification/accuracy.ts): bursts of frames as the page sends them, checked as
//     the server does (number and sizes, times, then decide() on every frame): genuine attempts (the
//     man's live captures — one photo moved and smiled — against his other photos), impostors (his
//     captures against other people's photos, theirs against his and against each other's), prints of
//     his photos (held still, tilted in steps, tilted back, lit, or two prints faded) and the composed
//     attacks of issue 33 (his stills as the tester sent them, spread over a burst, rotated in small
//     steps then cut or faded — aligned or not — to his smiling photo, a still repeated, a live capture
//     reordered, re-timed, sent at once or with a frame of another size): outcomes (goal: 0 composed
//     attacks verified), false accepts and rejects, likeness against THRESHOLDS, what the sequence
//     checks measured per set, and what the anti-spoofing, liveness and emotion models say per kind
//     of frame.
//  5. Photo screening on upload (bench/verification/screening.ts), once the face engine's runs are
//     done: what screenUpload runs on every photo. The nudity model's load in the worker
//     (photoScreen()) and the memory it adds, measured as the face engine's; photoHash,
//     mirroredPhotoHash, nudity() and screenUpload() whole, --runs times per image (the sizes above
//     and the explicit probe of the tests), with ratios against the face baseline; the model's
//     scores on the composed images against SCREEN; the Hamming distances between the hashes of the
//     same photo re-encoded, changed or mirrored and of different photos; and the reuse lookup in
//     SQL on an in-memory PGlite holding --hashes random hashes (each number a database of its
//     own, seeded through the GIN index as the migrations create it: fastupdate off, no pending
//     list; the seeding timed): nearestPhoto through the index against the sequential scan it
//     replaced, its plan, the candidates per lookup, a recall check, and screenUpload() +
//     recordScreening() whole (its bands' advisory locks, lookup, inserts).
//  6. The event loop (bench/verification/event-loop.ts): the same analyses and screenings run with
//     the models on the main thread (as before the worker) and through the worker; total time, time
//     per item, the main thread's event-loop delay and a 5 ms timer's lateness. Last, since it
//     loads a second copy of the models into the process.
// Prints markdown tables (bench/verification/report.ts); asserts nothing. Run it on an idle
// machine: the load average is printed.
//
//   node --import tsx bench/verification.ts [--runs 20] [--hashes 10000,100000,1000000]
import { parseArgs } from "node:util";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { mlClient } from "../server/platform/ml/ml-client.ts";
import { watchMachine } from "./harness/machine.ts";
import { pct } from "./harness/stats.ts";
import { attemptSets, frameKinds, photoPairs, runSets, smiles } from "./verification/accuracy.ts";
import { eventLoop } from "./verification/event-loop.ts";
import {
  printDecisions,
  printDistances,
  printEventLoop,
  printHeading,
  printLikeness,
  printLoad,
  printLookups,
  printModels,
  printOutcomes,
  printScores,
  printScreening,
  printScreenLoad,
  printScreenTimes,
  printSequences,
} from "./verification/report.ts";
import { lookups } from "./verification/reuse-lookup.ts";
import { analyseFrames, analyseImages, composeImages, composeSequences } from "./verification/samples.ts";
import { distances, loadScreen, readProbe, scoreGroups, screenTimes } from "./verification/screening.ts";
import { decisions, load, memory, screening } from "./verification/timing.ts";

const log = (line: string) => console.error(`[bench:verification] ${line}`);

export async function benchVerification(argv = process.argv.slice(2)): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: "string", default: "20" },
      hashes: { type: "string", default: "10000,100000,1000000" },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs: a whole number ≥ 1");
  const hashes = values.hashes.split(",").map(Number);
  if (hashes.some((x) => !Number.isInteger(x) || x < 0))
    throw new Error("--hashes: whole numbers ≥ 0, comma-separated");
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  const machine = watchMachine();
  const started = performance.now();

  log("composing the test images…");
  const images = await composeImages();
  log("loading the engine…");
  const loaded = await load(images, gc);
  const { engine } = loaded;
  log(`analyse() per image, ${runs} runs…`);
  const screen = await screening(engine, images, runs);
  const baselineMs = pct(screen[0]!.ms, 50);
  const screened = await memory("after the analyse() runs (every size of image analysed)", gc);
  log(`whole decisions, ${runs} runs…`);
  const decided = await decisions(engine, images, runs);
  const afterDecisions = await memory("after the decision runs", gc);
  log("analysing the test set…");
  const analyses = await analyseImages(engine, images);
  log("composing the attempts' bursts…");
  const sequences = await composeSequences(engine, log);
  log("analysing every distinct frame of the bursts…");
  const analysed = await analyseFrames(engine, sequences);
  log(`deciding the attempts (${analysed.size} distinct frames analysed)…`);
  const results = await runSets(await attemptSets(sequences, analyses), analysed, engine);
  const end = await memory("end of the face runs (test set analysed and decided)", gc);
  log("loading the nudity model…");
  const probe = await readProbe();
  const screenLoaded = await loadScreen(images.camera[0]!, gc);
  const { screen: photoScreen } = screenLoaded;
  log(`photoHash and nudity() per image, ${runs} runs…`);
  const screenRows = await screenTimes(photoScreen, engine, images, probe, runs);
  const screenEnd = await memory("after the screening runs", gc);
  log("scoring the test set, hashing…");
  const groups = await scoreGroups(photoScreen, images, probe);
  const bits = await distances(images, probe);
  const screenAfter = await memory("after scoring the test set", gc);
  log(`the lookup in SQL and screenUpload(), ${hashes.map(String).join(" and ")} hashes, ${runs} runs…`);
  const looked = await lookups(images, probe, hashes, runs, log);
  log(`the event loop: in-thread against the worker, ${runs} + ${runs} items each…`);
  const loop = await eventLoop(
    engine,
    photoScreen,
    images.him[1]!.photo,
    loaded.loadMs + screenLoaded.loadMs,
    runs,
  );
  await mlClient().close();
  const totalS = (performance.now() - started) / 1000;
  const { backend: b } = loop;
  const backendLine = `TensorFlow.js backend ${b.name} (SIMD ${b.simd}, threads ${b.threads}; read on the main thread for the last section, the worker starting it the same way, server/platform/ml/tfjs.ts); after the load, the worker holds ${loaded.weights.tensors} tensors, ${(loaded.weights.bytes / 1024 / 1024).toFixed(1)} MB (the face models' weights).`;

  printHeading(machine, totalS, runs);
  printLoad(loaded, [screened, afterDecisions, end], baselineMs, backendLine);
  printScreening(screen);
  printDecisions(decided, baselineMs);
  printOutcomes(results);
  printLikeness(results, photoPairs(analyses, engine));
  printSequences(results);
  printModels(frameKinds(sequences, analysed), smiles(sequences, analysed));
  const nudityWarm = screenRows.find((r) => r.image.startsWith("camera") && r.label.startsWith("nudity"))!;
  printScreenLoad(screenLoaded, [screenEnd, screenAfter], pct(nudityWarm.ms, 50));
  printScreenTimes(screenRows, baselineMs);
  printScores(groups);
  printDistances(bits);
  printLookups(looked, baselineMs);
  printEventLoop(loop);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchVerification().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
