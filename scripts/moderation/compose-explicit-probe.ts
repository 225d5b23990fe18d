// Composes server/test/fixtures/screening-explicit-probe.png, the test image for « an explicit
// image is refused » (issue 16, photo screening on upload: server/features/moderation/photo-screen.ts).
//
// README — what this image is, and why it is not explicit content
//
//   It is an ADVERSARIAL EXAMPLE, not a nude photo. It starts from an innocent face: the first
//   cell of the « facematch » grid that ships inside @vladmandic/human (face(SAME_PERSON[0]) from
//   server/test/face-samples.ts, a man's head and shoulders framed in grey), resized to 224 × 224.
//   Its pixels are then nudged, each by at most EPSILON = 16 levels of 255, in the direction that
//   raises the probability that nsfwjs's MobileNetV2 model gives to its « Porn » class (projected
//   gradient ascent, a few signed steps, clipped to 0–255 and rounded to 8 bits). The result is the
//   same face with faint coloured noise on it: a person sees an ordinary portrait, the model says
//   « Porn ». No explicit picture was downloaded, used, looked at or produced at any step; the
//   only inputs are the library's sample grid and the model's gradients. It fools this one model
//   (and not a human, nor necessarily another model): it exists only so that the upload test can
//   exercise the refusal path (SCREEN.EXPLICIT) without committing real explicit content.
//
//   Reproduce: node --import tsx scripts/moderation/compose-explicit-probe.ts
//     Generation runs on TensorFlow.js's CPU backend (the WebAssembly backend has no gradient
//     kernels such as Conv2DBackpropFilter) and takes a few minutes (~40 s per gradient step).
//     The script then reads the PNG back and checks it twice, and exits 1 if either check fails:
//       1. on the CPU backend, with the model's own classify(): Porn + Hentai ≥ 0.8;
//       2. in a child process, the way the server does it: photoScreen().nudity() on the
//          WebAssembly backend (server/platform/ml/tfjs.ts): explicit ≥ SCREEN.EXPLICIT (0.6).
//   Only check an existing file (no regeneration): add --verify.
//   The same inputs give the same file (the CPU backend is deterministic); a different sharp/
//   libvips or nsfwjs version may give different pixels, which the checks still have to pass.
import { spawnSync } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const require = createRequire(import.meta.url);
const HERE = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(HERE), "..", "..");
export const PROBE = path.join(ROOT, "server", "test", "fixtures", "screening-explicit-probe.png");

type Tf = typeof import("@tensorflow/tfjs-core");
type Tensor = import("@tensorflow/tfjs-core").Tensor;
type Tensor4D = import("@tensorflow/tfjs-core").Tensor4D;
type NsfwModule = typeof import("nsfwjs");

const SIZE = 224;
/** nsfwjs's class order (node_modules/nsfwjs/dist/cjs/nsfw_classes.js). */
const CLASSES = ["Drawing", "Hentai", "Neutral", "Porn", "Sexy"] as const;
const HENTAI = 1;
const PORN = 3;

/** Largest change of any pixel channel, in 0–255 levels. */
const EPSILON = 16;
/** Change per step, in levels (signed gradient). */
const STEP = 4;
const MAX_STEPS = 8;
/** Stop once the rounded image reaches this on the CPU backend (margin above the 0.8 checked). */
const TARGET = 0.97;
const CPU_MIN = 0.8;

const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
const fmt = (p: number) => p.toFixed(4);

/** The probe's pixels as the server reads them: sharp, 224 × 224 (fit « fill »), RGB, 8 bits. */
async function pixels(image: Buffer): Promise<Uint8Array> {
  const { data } = await sharp(image)
    .rotate()
    .resize(SIZE, SIZE, { fit: "fill" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return new Uint8Array(data);
}

async function cpuModel() {
  const tf = require("@tensorflow/tfjs-core") as Tf;
  require("@tensorflow/tfjs-backend-cpu");
  // The CommonJS build, so that it shares this tfjs-core (and its CPU backend).
  const nsfw = require("nsfwjs") as NsfwModule;
  if (!(await tf.setBackend("cpu"))) throw new Error("TensorFlow.js: the CPU backend did not start");
  await tf.ready();
  const model = await nsfw.load("MobileNetV2");
  // A LayersModel ending in a softmax Dense layer: [1, 224, 224, 3] in 0–1 → [1, 5] probabilities.
  const net = model.model as unknown as { predict(x: Tensor): Tensor };
  return { tf, model, net };
}

async function generate(): Promise<void> {
  const { face, SAME_PERSON } = await import("../../server/test/face-samples.ts");
  const start = await pixels(await face(SAME_PERSON[0] as (typeof SAME_PERSON)[number]));
  const loaded = await cpuModel();
  const { tf, net } = loaded;
  console.log(`model loaded on « ${tf.getBackend()} » (${elapsed()})`);

  // Exactly classify()'s preprocessing (nsfwjs infer()): int32 → float, divided by 255; no resize
  // at 224 × 224; batched. The perturbation lives in 0–255 pixel space.
  const probabilities = (x: Tensor4D) => tf.tidy(() => net.predict(tf.div(x, 255)));
  const explicitOf = async (x: Tensor4D) => {
    const p = probabilities(x);
    const v = Array.from(await p.data());
    p.dispose();
    return v;
  };
  // Loss to ascend: log P(Porn) (a log keeps the gradient alive while the probability is tiny).
  const gradient = tf.grad((x: Tensor) =>
    tf.log(tf.add(tf.sum(tf.gather(probabilities(x as Tensor4D), [PORN], 1)), 1e-12)),
  );

  const x0 = tf.tensor4d(start, [1, SIZE, SIZE, 3], "float32");
  const low = tf.tidy(() => tf.maximum(tf.sub(x0, EPSILON), 0));
  const high = tf.tidy(() => tf.minimum(tf.add(x0, EPSILON), 255));
  let x = x0.clone();
  const report = (label: string, v: number[]) =>
    console.log(
      `${label}: ${CLASSES.map((c, i) => `${c} ${fmt(v[i] ?? 0)}`).join(", ")}; Porn + Hentai ${fmt(
        (v[PORN] ?? 0) + (v[HENTAI] ?? 0),
      )} (${elapsed()})`,
    );
  report("start", await explicitOf(x0));

  let rounded = tf.round(x) as Tensor4D;
  for (let step = 1; step <= MAX_STEPS; step++) {
    const g = gradient(x);
    const next = tf.tidy(() => tf.minimum(tf.maximum(tf.add(x, tf.mul(tf.sign(g), STEP)), low), high));
    g.dispose();
    x.dispose();
    x = next as Tensor4D;
    rounded.dispose();
    rounded = tf.round(x) as Tensor4D; // PNG is 8-bit: judge the image that will be written
    const v = await explicitOf(rounded);
    report(`step ${step}`, v);
    if ((v[PORN] ?? 0) + (v[HENTAI] ?? 0) >= TARGET) break;
  }

  const out = new Uint8Array(await rounded.data()); // integers within 0–255 already
  const maxChange = out.reduce((m, v, i) => Math.max(m, Math.abs(v - (start[i] ?? 0))), 0);
  // Lossless truecolour PNG (no « effort », « quality » or « colours »: any of them makes sharp
  // quantise to a palette, which would change the perturbed pixels).
  const png = await sharp(Buffer.from(out), { raw: { width: SIZE, height: SIZE, channels: 3 } })
    .png({ compressionLevel: 9, adaptiveFiltering: true, palette: false })
    .toBuffer();
  const back = await pixels(png);
  if (back.length !== out.length || back.some((v, i) => v !== out[i]))
    throw new Error("the PNG does not read back as the pixels written");
  await mkdir(path.dirname(PROBE), { recursive: true });
  await writeFile(PROBE, png);
  console.log(
    `wrote ${path.relative(ROOT, PROBE)}: ${png.length} bytes, largest pixel change ${maxChange}/255 (${elapsed()})`,
  );
  for (const t of [x, rounded, x0, low, high]) t.dispose();
  await checkCpu(loaded);
}

/** Check 1: the PNG read back with sharp, the model's own classify() on the CPU backend. */
async function checkCpu(loaded?: Awaited<ReturnType<typeof cpuModel>>): Promise<void> {
  const { tf, model } = loaded ?? (await cpuModel());
  const input = tf.tensor3d(await pixels(await readFile(PROBE)), [SIZE, SIZE, 3], "int32");
  const classes = await model.classify(input as never, 5);
  input.dispose();
  const p = (name: string) => classes.find((c) => c.className === name)?.probability ?? 0;
  const explicit = p("Porn") + p("Hentai");
  console.log(
    `cpu classify(): ${CLASSES.map((c) => `${c} ${fmt(p(c))}`).join(", ")}; Porn + Hentai ${fmt(explicit)} (≥ ${CPU_MIN} expected)`,
  );
  if (!(explicit >= CPU_MIN)) {
    console.error("FAILED on the CPU backend");
    process.exit(1);
  }
}

/** Check 2 (its own process): the server's path, photoScreen().nudity() on WebAssembly. */
async function checkWasm(): Promise<void> {
  const { photoScreen, SCREEN } = await import("../../server/features/moderation/photo-screen.ts");
  const { tfjs } = await import("../../server/platform/ml/tfjs.ts");
  const screen = await photoScreen();
  const { explicit, suggestive } = await screen.nudity(await readFile(PROBE));
  console.log(
    `wasm photoScreen().nudity() on « ${(await tfjs()).getBackend()} »: explicit ${fmt(explicit)}, suggestive ${fmt(
      suggestive,
    )} (explicit ≥ SCREEN.EXPLICIT = ${SCREEN.EXPLICIT} expected)`,
  );
  if (!(explicit >= SCREEN.EXPLICIT)) {
    console.error("FAILED on the WebAssembly backend: the server would not refuse it");
    process.exit(1);
  }
}

function spawnWasmCheck(): void {
  const child = spawnSync(process.execPath, ["--import", "tsx", HERE, "--check-wasm"], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (child.status !== 0) process.exit(1);
}

const args = process.argv.slice(2);
if (args.includes("--check-wasm")) {
  await checkWasm();
} else {
  if (args.includes("--verify")) await checkCpu();
  else await generate();
  spawnWasmCheck();
  console.log(`done (${elapsed()})`);
}
