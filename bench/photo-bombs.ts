// Image decompression, issue 33 (finding 1): `node --import tsx bench/photo-bombs.ts [--runs 5] [--old]`.
// What an upload's image work costs before a photo is stored, through the functions the photo route
// runs (readPhotoHeader, then screenUpload and processPhoto in an image turn), in this process:
//  1. The outside test's decompression bombs (interlaced PNGs of 16000² and 10000², a plain one just
//     over 40 megapixels): the time to refuse each from its header, and the memory it adds.
//  2. The baseline: a phone photo (a 4000 × 3000 JPEG) screened and re-encoded, as every accepted
//     upload is; and the worst input still accepted, an interlaced PNG just under 40 megapixels.
//  3. With --old: what the screening did before, on the 10000² bomb — a whole decode under sharp's
//     default limit (268 megapixels) — timed once (about 49 s in the outside test).
//  4. The gate: four 40-megapixel uploads and four phone photos at once, by eight members, with
//     the production limits (server/platform/images/image-work.ts): each one's wait and total time.
// Prints markdown; asserts nothing. Run it on an idle machine: the load average is printed.
import { parseArgs } from "node:util";
import sharp from "sharp";
import { screenUpload } from "../server/features/moderation/moderation.service.ts";
import { photoScreen } from "../server/features/moderation/photo-screen.ts";
import { processPhoto, readPhotoHeader } from "../server/features/photos/image.ts";
import { ImageWork } from "../server/platform/images/index.ts";
import { createLogger } from "../server/platform/logger.ts";
import { makeImage, makePngBomb } from "../server/test/image-fixtures.ts";
import { watchMachine } from "./harness/machine.ts";
import { heading, printHeading, table } from "./harness/report.ts";
import { median, mib, ms, ratio } from "./harness/stats.ts";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "5" }, old: { type: "boolean", default: false } },
});
const RUNS = Number(values.runs);
const logger = createLogger("silent", false);

/** Runs `work`, sampling the process's resident memory; returns the time and the peak added. */
async function measured<T>(work: () => Promise<T>): Promise<{ ms: number; addedRss: number; result: T }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { ms: performance.now() - started, addedRss: peak - before, result };
  } finally {
    clearInterval(sampler);
  }
}

/** What the photo route does with accepted bytes: the screening, then the re-encoding. */
async function acceptedUpload(bytes: Uint8Array): Promise<void> {
  await readPhotoHeader(bytes);
  await screenUpload(logger, "bench", bytes);
  await processPhoto(bytes);
}

async function refusalOf(bytes: Uint8Array): Promise<string> {
  return readPhotoHeader(bytes).then(
    () => "accepted",
    (err: { code?: string }) => err.code ?? String(err),
  );
}

const machine = watchMachine();
await photoScreen(); // the nudity model, loaded once as in a running server

const bombs: [string, Buffer][] = [
  ["16000 × 16000 interlaced PNG (256 MP)", makePngBomb(16_000, 16_000, { interlaced: true })],
  ["10000 × 10000 interlaced PNG (100 MP)", makePngBomb(10_000, 10_000, { interlaced: true })],
  ["6325 × 6325 PNG (40.005 MP)", makePngBomb(6_325, 6_325)],
];
const phone = await makeImage("jpeg", 4_000, 3_000);
const worst = makePngBomb(6_300, 6_300, { interlaced: true });

const baseline: number[] = [];
let baselineRss = 0;
for (let i = 0; i < RUNS; i++) {
  const m = await measured(() => acceptedUpload(phone));
  baseline.push(m.ms);
  baselineRss = Math.max(baselineRss, m.addedRss);
}
const base = median(baseline);
const row = (label: string, answer: string, t: number, rss: number) => [
  label,
  answer,
  `${ms(t)} ms`,
  ratio(t / base, 4),
  `${mib(rss)} MiB`,
];
const rows = [
  row(
    `4000 × 3000 JPEG (${(phone.length / 1024).toFixed(0)} KB): screened and re-encoded, the baseline`,
    "stored",
    base,
    baselineRss,
  ),
];
for (const [label, bytes] of bombs) {
  const times: number[] = [];
  let rss = 0;
  let answer = "";
  for (let i = 0; i < RUNS; i++) {
    const m = await measured(() => refusalOf(bytes));
    times.push(m.ms);
    rss = Math.max(rss, m.addedRss);
    answer = m.result;
  }
  rows.push(row(`${label} (${(bytes.length / 1024).toFixed(0)} KB)`, answer, median(times), rss));
}
{
  const times: number[] = [];
  let rss = 0;
  for (let i = 0; i < RUNS; i++) {
    const m = await measured(() => acceptedUpload(worst));
    times.push(m.ms);
    rss = Math.max(rss, m.addedRss);
  }
  rows.push(
    row("6300 × 6300 interlaced PNG (39.7 MP), the worst still accepted", "stored", median(times), rss),
  );
}
if (values.old) {
  const [label, bytes] = bombs[1]!;
  const m = await measured(() =>
    sharp(bytes)
      .resize(64, 64, { fit: "inside" })
      .raw()
      .toBuffer()
      .then(
        () => "decoded",
        () => "refused",
      ),
  );
  rows.push(
    row(
      `before the fix: ${label} decoded whole by the screening (sharp's default limit)`,
      m.result,
      m.ms,
      m.addedRss,
    ),
  );
}

// The gate: eight members at once, four with the worst accepted input, four with a phone photo.
const gate = new ImageWork();
const started = performance.now();
const jobs = Array.from({ length: 8 }, (_, i) => {
  const bytes = i % 2 === 0 ? worst : phone;
  let began = 0;
  return gate
    .run(`membre-${i}`, async () => {
      began = performance.now();
      await acceptedUpload(bytes);
    })
    .then(() => ({
      kind: i % 2 === 0 ? "39.7 MP PNG" : "phone JPEG",
      wait: began - started,
      total: performance.now() - started,
    }));
});
const done = await Promise.all(jobs);
printHeading(
  "Photo bombs and the image gate, issue 33 (bench/photo-bombs.ts)",
  machine,
  `${RUNS} runs each.`,
);
console.log("");
table(["input", "answer", "time (median)", "× the phone photo", "memory added (peak)"], rows, "llrrr");
heading("Eight uploads at once through the gate (at most 2 at a time, one per member)", 3);
console.log("");
table(
  ["upload", "waited for its turn", "answered after"],
  done.map((d) => [d.kind, `${d.wait.toFixed(0)} ms`, `${d.total.toFixed(0)} ms`]),
);
process.exit(0);
