// The report of bench/verification.ts, printed on stdout as markdown: the heading with the machine
// and its load average, the engine's load and memory, analyse() per image, whole decisions, then
// the outcomes on the composed test set, the likeness distributions against THRESHOLDS, and what
// the liveness, anti-spoofing and emotion models said of each kind of frame; then photo screening
// on upload (screening.ts): the nudity model's load and memory, the screening time per photo, the
// model's scores on the composed images, the hashes' distances, and the lookup in SQL.
import { cpus } from "node:os";
import { SCREEN } from "../../server/moderation/photo-screen.ts";
import { THRESHOLDS } from "../../server/verification/decide.ts";
import type { FaceFinding } from "../../server/verification/face-engine.ts";
import { max, mib, ms, n, pct, ratio } from "../chat/stats.ts";
import type { Kind, SetResult } from "./accuracy.ts";
import {
  type DistanceRow,
  type Lookup,
  type Outcome,
  outcomeOf,
  type ScoreGroup,
  type ScreenLoad,
  type ScreenRow,
} from "./screening.ts";
import type { Decisions, Load, Memory, Row } from "./timing.ts";

const SCREEN_TARGET_MS = 500;
const DECISION_TARGET_MS = 5000;

const load3 = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(" / ");
const two = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : "–");
const min = (xs: number[]) => (xs.length ? Math.min(...xs) : Number.NaN);
const spread = (xs: number[]) => `${two(min(xs))} / ${two(pct(xs, 50))} / ${two(max(xs))}`;

export function printHeading(loadBefore: number[], loadAfter: number[], totalS: number, runs: number): void {
  console.log(
    "\n## Verified profiles: decision time, screening time per photo, memory, false accepts and rejects (bench/verification.ts)",
  );
  console.log(
    `\nNode ${process.version}, ${cpus().length} cores (${cpus()[0]?.model.trim() ?? "?"}); load average (1 / 5 / 15 min) ${load3(loadBefore)} at the start, ${load3(loadAfter)} at the end — run it on an idle machine. ${runs} runs per timed row, interleaved; ${totalS.toFixed(0)} s in all. The engine runs in this process's main thread, as in the server.`,
  );
}

export function printLoad(l: Load, later: Memory[], baselineMs: number, backend: string): void {
  console.log("\n### The engine's load");
  console.log("| step | ms |\n|---|---:|");
  console.log(
    `| faceEngine(), first call (Human and TensorFlow.js required, models read from disk, WebAssembly started) | ${ms(l.loadMs)} |`,
  );
  console.log(`| first analyse() after it (640 × 480 frame) | ${ms(l.firstAnalyseMs)} |`);
  console.log(`| analyse() once warm, p50 (the baseline below) | ${ms(baselineMs)} |`);
  console.log(`\n_${backend}_`);

  console.log("\n### Memory (MB, after a full garbage collection)");
  printMemory(
    [...l.memory, ...later],
    "**added by the engine, loaded and warm** (after one analysis − before)",
  );
  console.log(
    "\n_rss is what the server's process grows by. The models' weights and the WebAssembly memory live outside the JavaScript heap (external); a WebAssembly memory grows as needed and is never given back to the system._",
  );
}

/**
 * A memory table: the moments (the first before a load, the third after it and one use), then
 * what the load added (third − first) and what the end added (last − first).
 */
function printMemory(rows: Memory[], addedLabel: string): void {
  console.log(
    "| moment | rss | heapUsed | external | of which arrayBuffers | tensors alive |\n|---|---:|---:|---:|---:|---:|",
  );
  const row = (label: string, u: (k: keyof NodeJS.MemoryUsage) => number, tensors: string) =>
    console.log(
      `| ${label} | ${mib(u("rss"))} | ${mib(u("heapUsed"))} | ${mib(u("external"))} | ${mib(u("arrayBuffers"))} | ${tensors} |`,
    );
  for (const m of rows) row(m.label, (k) => m.usage[k], m.tensors === null ? "–" : n(m.tensors));
  const tensors = (m: Memory) => m.tensors ?? 0;
  const before = rows[0]!;
  const warm = rows[2]!;
  const end = rows[rows.length - 1]!;
  row(addedLabel, (k) => warm.usage[k] - before.usage[k], `+${n(tensors(warm) - tensors(before))}`);
  row("**added by the end of the run** (end − before)", (k) => end.usage[k] - before.usage[k], "");
}

const verdict = (p95: number, target: number) => (p95 <= target ? "yes" : "**no**");

export function printScreening(rows: Row[]): void {
  console.log("\n### analyse() per image: the face side of « screening time per photo » (target ≤ 500 ms)");
  console.log(
    "| image | runs | p50 ms | p95 ms | max ms | p50 ÷ baseline p50 | p95 ≤ 500 ms |\n|---|---:|---:|---:|---:|---:|---:|",
  );
  const base = pct(rows[0]!.ms, 50);
  for (const r of rows)
    console.log(
      `| ${r.label} | ${n(r.ms.length)} | ${ms(pct(r.ms, 50))} | ${ms(pct(r.ms, 95))} | ${ms(max(r.ms))} | ${ratio(pct(r.ms, 50) / base)} | ${verdict(pct(r.ms, 95), SCREEN_TARGET_MS)} |`,
    );
  console.log(
    "\n_Face analysis only (detection, mesh, iris, descriptor, emotion, anti-spoofing, liveness), run on verification selfies and profile photos. What runs on every uploaded photo (perceptual hash, nudity) is timed under « Photo screening on upload » below._",
  );
}

const outcomes = (m: Map<string, number> | undefined) =>
  m ? [...m].map(([k, v]) => `${k} ${v}`).join(", ") : "–";

export function printDecisions(d: Decisions, baselineMs: number): void {
  console.log("\n### Whole decision for one attempt (target ≤ 5 s on this machine)");
  console.log(
    "| attempt | runs | p50 ms | p95 ms | max ms | p50 ÷ one analyse() p50 | outcomes | p95 ≤ 5 s |\n|---|---:|---:|---:|---:|---:|---|---:|",
  );
  for (const r of d.rows)
    console.log(
      `| ${r.label} | ${n(r.ms.length)} | ${ms(pct(r.ms, 50))} | ${ms(pct(r.ms, 95))} | ${ms(max(r.ms))} | ${ratio(pct(r.ms, 50) / baselineMs)} | ${outcomes(r.outcomes)} | ${verdict(pct(r.ms, 95), DECISION_TARGET_MS)} |`,
    );
  console.log(
    `\n_Every frame and every profile photo analysed one after the other, then decide(), as submitVerification does (its frame checks, storage reads and database writes are not included). The baseline is one analyse() of one composed frame (${ms(baselineMs)} ms). While the first four rows ran, the event loop's delay was p50 ${ms(d.loopDelay.p50)} ms, p99 ${ms(d.loopDelay.p99)} ms, max ${ms(d.loopDelay.max)} ms: how long any other request of the server would have waited behind an analysis._`,
  );
}

const KIND_LABEL: Record<Kind, string> = { genuine: "genuine", impostor: "impostor", spoof: "spoof (print)" };

function reasons(r: SetResult): string {
  const counts = new Map<string, number>();
  for (const d of r.decisions)
    if ("reason" in d && d.outcome === "refused") counts.set(d.reason, (counts.get(d.reason) ?? 0) + 1);
  return [...counts].map(([k, v]) => `${k} ${v}`).join(", ") || "–";
}

const tally = (rs: SetResult[], outcome: string) =>
  rs.reduce((s, r) => s + r.decisions.filter((d) => d.outcome === outcome).length, 0);

export function printOutcomes(results: SetResult[]): void {
  console.log("\n### Outcomes on the composed test set");
  console.log(
    "| kind | attempts composed as | attempts | verified | review | refused | refused because |\n|---|---|---:|---:|---:|---:|---|",
  );
  for (const r of results)
    console.log(
      `| ${KIND_LABEL[r.kind]} | ${r.label} | ${r.decisions.length} | ${tally([r], "verified")} | ${tally([r], "review")} | ${tally([r], "refused")} | ${reasons(r)} |`,
    );

  console.log("\n### False accepts and false rejects");
  console.log("| attempts | count | verified | review | refused | error |\n|---|---:|---:|---:|---:|---|");
  for (const kind of ["genuine", "impostor", "spoof"] as const) {
    const rs = results.filter((r) => r.kind === kind);
    const total = rs.reduce((s, r) => s + r.decisions.length, 0);
    const [v, rv, rf] = ["verified", "review", "refused"].map((o) => tally(rs, o));
    const error =
      kind === "genuine"
        ? `**false rejects ${rf}** (${rv} more sent to review)`
        : kind === "impostor"
          ? `**false accepts ${v}** (${rv} more sent to review)`
          : `**prints verified ${v}** (${rv} more sent to review)`;
    console.log(`| ${KIND_LABEL[kind]} | ${total} | ${v} | ${rv} | ${rf} | ${error} |`);
  }
}

export function printLikeness(results: SetResult[], pairs: { label: string; values: number[] }[]): void {
  console.log(`\n### Likeness against THRESHOLDS.MATCH ${THRESHOLDS.MATCH} and REVIEW ${THRESHOLDS.REVIEW}`);
  console.log(
    `| pairs | n | min / median / max | ≥ ${THRESHOLDS.MATCH} (verified) | ${THRESHOLDS.REVIEW}–${THRESHOLDS.MATCH} (review) | < ${THRESHOLDS.REVIEW} (refused) |\n|---|---:|---|---:|---:|---:|`,
  );
  const line = (label: string, xs: number[]) =>
    console.log(
      `| ${label} | ${xs.length} | ${spread(xs)} | ${xs.filter((x) => x >= THRESHOLDS.MATCH).length} | ${xs.filter((x) => x >= THRESHOLDS.REVIEW && x < THRESHOLDS.MATCH).length} | ${xs.filter((x) => x < THRESHOLDS.REVIEW).length} |`,
    );
  for (const p of pairs) line(`photo × photo: ${p.label}`, p.values);
  for (const kind of ["genuine", "impostor", "spoof"] as const)
    line(
      `attempts: all ${KIND_LABEL[kind]}`,
      results.filter((r) => r.kind === kind).flatMap((r) => r.likeness),
    );
  for (const r of results.filter((x) => x.kind !== "spoof"))
    line(`${KIND_LABEL[r.kind]}: ${r.label}`, r.likeness);
  console.log(
    "\n_An attempt's likeness is decide()'s: the best profile photo, the similarity averaged over the frames; recomputed here for every attempt whose frames all show a face, including those refused before likeness is looked at._",
  );
}

export function printModels(
  kinds: { label: string; faces: FaceFinding[]; missing: number }[],
  smiles: { label: string; gains: number[]; counted: number }[],
): void {
  console.log(
    `\n### What the models say, per kind of frame (min / median / max; floors: real ${THRESHOLDS.REAL}, live ${THRESHOLDS.LIVE}, medians over an attempt's frames)`,
  );
  console.log(
    "| frames | n | no face | real (anti-spoofing) | live (liveness) | smile (« happy ») |\n|---|---:|---:|---|---|---|",
  );
  for (const k of kinds)
    console.log(
      `| ${k.label} | ${k.faces.length + k.missing} | ${k.missing} | ${spread(k.faces.map((f) => f.real))} | ${spread(k.faces.map((f) => f.live))} | ${spread(k.faces.map((f) => f.smile))} |`,
    );
  console.log(
    `\n### The « smile » gesture (« happy » up by ${THRESHOLDS.SMILE_GAIN} on the first frame, roll and yaw within ${THRESHOLDS.STRAIGHT} rad)`,
  );
  console.log(
    "| first frame → frame | pairs | gain min / median / max | counted as a smile |\n|---|---:|---|---:|",
  );
  for (const s of smiles)
    console.log(`| ${s.label} | ${s.gains.length} | ${spread(s.gains)} | ${s.counted} / ${s.gains.length} |`);
}

/** A nudity score: two decimals, or in scientific notation below 0.01 (the model is often sure). */
const score = (x: number) => (!Number.isFinite(x) ? "–" : x >= 0.01 ? x.toFixed(2) : x.toExponential(1));
/** A ratio, with two decimals below 0.1× (a hash is a few hundredths of an analysis). */
const share = (x: number) => (Number.isFinite(x) && x < 0.1 ? `${x.toFixed(2)}×` : ratio(x));
const scores = (xs: number[]) => `${score(min(xs))} / ${score(pct(xs, 50))} / ${score(max(xs))}`;

export function printScreenLoad(l: ScreenLoad, later: Memory[], warmMs: number): void {
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  const weights = `TensorFlow.js: ${n(l.weights.before.tensors)} tensors held (${mb(l.weights.before.bytes)} MB) before photoScreen(), ${n(l.weights.after.tensors)} (${mb(l.weights.after.bytes)} MB) after it: the nudity model holds ${n(l.weights.after.tensors - l.weights.before.tensors)} tensors, ${mb(l.weights.after.bytes - l.weights.before.bytes)} MB of weights.`;
  console.log(
    "\n## Photo screening on upload: what screenUpload() runs on every photo (server/moderation), screening time per photo and memory",
  );
  console.log("\n### The nudity model's load (after the face engine's, on the same WebAssembly backend)");
  console.log("| step | ms |\n|---|---:|");
  console.log(
    `| photoScreen(), first call (nsfwjs and @tensorflow/tfjs required, MobileNetV2 built from its bundled JavaScript) | ${ms(l.loadMs)} |`,
  );
  console.log(`| first nudity() after it (640 × 480 frame) | ${ms(l.firstNudityMs)} |`);
  console.log(`| nudity() once warm, p50 (640 × 480 frame, below) | ${ms(warmMs)} |`);
  console.log(`\n_${weights}_`);
  console.log("\n### Memory added by the nudity model (MB, after a full garbage collection)");
  printMemory(
    [...l.memory, ...later],
    "**added by the nudity model, loaded and warm** (after one nudity() − before)",
  );
  console.log(
    "\n_Measured as for the face engine, the face engine already loaded: this is what the server grows by once both models are in memory, compared with the face engine alone. sharp-phash keeps nothing between calls._",
  );
}

export function printScreenTimes(rows: ScreenRow[], baselineMs: number): void {
  console.log(
    `\n### Screening time per photo (target ≤ ${SCREEN_TARGET_MS} ms): perceptual hash, nudity, and both (without the SQL lookup, timed below)`,
  );
  console.log(
    `| image | step | runs | p50 ms | p95 ms | max ms | p50 ÷ baseline p50 | p95 ≤ ${SCREEN_TARGET_MS} ms |\n|---|---|---:|---:|---:|---:|---:|---:|`,
  );
  for (const r of rows)
    console.log(
      `| ${r.image} | ${r.label} | ${n(r.ms.length)} | ${ms(pct(r.ms, 50))} | ${ms(pct(r.ms, 95))} | ${ms(max(r.ms))} | ${share(pct(r.ms, 50) / baselineMs)} | ${verdict(pct(r.ms, 95), SCREEN_TARGET_MS)} |`,
    );
  console.log(
    `\n_The baseline is the bench's: one analyse() of the composed selfie frame, p50 ${ms(baselineMs)} ms, measured earlier in this run; its first row here re-times it among these runs (a drift of the machine shows there). Both steps run one after the other on the main thread, as screenUpload() awaits them; nudity() decodes and resizes the photo to 224 × 224 (sharp, off the main thread), then classifies it (WebAssembly, on it)._`,
  );
}

export function printScores(groups: ScoreGroup[]): void {
  console.log(
    `\n### What the nudity model says of the composed images (SCREEN: refused from explicit ${SCREEN.EXPLICIT}; held from explicit ${SCREEN.SUSPECT_EXPLICIT} or suggestive ${SCREEN.SUSPECT_SUGGESTIVE})`,
  );
  console.log(
    "| images | n | explicit (« Porn » + « Hentai ») min / median / max | suggestive (« Sexy ») min / median / max | refused | held | accepted |\n|---|---:|---|---|---:|---:|---:|",
  );
  for (const g of groups) {
    const o = g.scores.map(outcomeOf);
    const c = (x: Outcome) => o.filter((y) => y === x).length;
    console.log(
      `| ${g.label} | ${g.scores.length} | ${scores(g.scores.map((s) => s.explicit))} | ${scores(g.scores.map((s) => s.suggestive))} | ${c("refused")} | ${c("held")} | ${c("accepted")} |`,
    );
  }
  console.log(
    "\n_Outcomes from the scores alone, as screenUpload() decides them when the photo is on no other account. The probe is an adversarial example of the library's sample face (scripts/moderation/compose-explicit-probe.ts), not explicit content; no image here is._",
  );
}

export function printDistances(rows: DistanceRow[]): void {
  console.log(
    `\n### Same-photo detection: Hamming distance between perceptual hashes (64 bits; the same photo at ≤ SCREEN.SAME_PHOTO_BITS = ${SCREEN.SAME_PHOTO_BITS})`,
  );
  console.log(
    `| pairs | n | bits min / median / max | ≤ ${SCREEN.SAME_PHOTO_BITS} (taken for the same photo) |\n|---|---:|---|---:|`,
  );
  const whole = (x: number) => (Number.isFinite(x) ? String(x) : "–");
  for (const r of rows)
    console.log(
      `| ${r.label} | ${r.bits.length} | ${whole(min(r.bits))} / ${whole(pct(r.bits, 50))} / ${whole(max(r.bits))} | ${r.bits.filter((b) => b <= SCREEN.SAME_PHOTO_BITS).length} / ${r.bits.length} |`,
    );
  console.log(
    "\n_Two random hashes differ in 32 bits on average. « Different people » rows should stay far above the threshold; rows of the same photo re-encoded should stay at or below it. Rows above the threshold are the same picture that the hash takes for another one: a copy changed that way is not held as reused._",
  );
}

export function printLookups(lookups: Lookup[], baselineMs: number): void {
  console.log(
    `\n### The reuse lookup in SQL, and screenUpload() whole (hash, nudity, lookup): PGlite in memory (target ≤ ${SCREEN_TARGET_MS} ms)`,
  );
  console.log(
    `| hashes stored | step | runs | p50 ms | p95 ms | max ms | p50 ÷ baseline p50 | outcomes | p95 ≤ ${SCREEN_TARGET_MS} ms |\n|---:|---|---:|---:|---:|---:|---:|---|---:|`,
  );
  for (const l of lookups)
    for (const r of l.rows)
      console.log(
        `| ${n(l.hashes)} | ${r.label} | ${n(r.ms.length)} | ${ms(pct(r.ms, 50))} | ${ms(pct(r.ms, 95))} | ${ms(max(r.ms))} | ${share(pct(r.ms, 50) / baselineMs)} | ${outcomes(r.outcomes)} | ${verdict(pct(r.ms, 95), SCREEN_TARGET_MS)} |`,
      );
  console.log(
    `\n_photo_hashes holds random hashes on other accounts (4 photos each) plus the 14 composed photos' own on one of them; PGlite in memory, the server's migrations applied (seeding took ${lookups.map((l) => `${l.seedS.toFixed(1)} s for ${n(l.hashes)}`).join(", ")}). The lookup reads every other account's hash (no index can serve a Hamming distance): it grows with the rows. The probe is refused before the lookup. A PostgreSQL server is not measured._`,
  );
}
