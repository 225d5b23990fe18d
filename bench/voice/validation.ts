// Section 4 of bench/voice.ts: checkVoice (server/platform/media/voice-check.ts) over the fixtures, the
// run's speech recording, a 2-minute file and refused ones; p50 of CHECK_RUNS after warm-ups, against
// the sha256 of the same bytes (interleaved, same run).
import { createHash } from "node:crypto";
import { VOICE_MESSAGE_MAX_MS, VOICE_MSG } from "@domain/voice.ts";
import { BufferSource, Input, MP4, WEBM } from "mediabunny";
import { AppError } from "../../server/platform/http/errors.ts";
import { checkVoice } from "../../server/platform/media/voice-check.ts";
import { repeatedWebm, voiceFixture, wavSecond } from "../../server/test/voice.ts";
import { heading, progress, table } from "../harness/report.ts";
import { interleaved, ms, n, pct, ratio, timed } from "../harness/stats.ts";

const log = progress("voice");
const CHECK_RUNS = 50;
const CHECK_WARMUP = 5;

/** The duration mediabunny reads in a file, ms (what checkVoice will read; null if unreadable): what a file made here declares. */
export async function fileMs(bytes: Uint8Array): Promise<number | null> {
  const input = new Input({ formats: [WEBM, MP4], source: new BufferSource(bytes) });
  try {
    return Math.round((await input.computeDuration()) * 1000);
  } catch {
    return null;
  } finally {
    input.dispose();
  }
}

/** Prints the table; returns the p50 of the speech recording and of the 2-minute file, as printed. */
export async function validationFigures(speech: Uint8Array, seconds: number) {
  log("checkVoice timings…");
  const beep = voiceFixture("beep-3s.webm");
  const files: [string, Uint8Array][] = [
    ["3 s WebM (beep fixture)", beep],
    ["3 s MP4, Opus (beep fixture)", voiceFixture("beep-3s.mp4")],
    [`${seconds} s speech recording (this run)`, speech],
    ["2-minute WebM (repeatedWebm(40))", await repeatedWebm(40)],
    ["refused: just over 2 minutes (repeatedWebm(41))", await repeatedWebm(41)],
    ["refused: WAV (1 s)", wavSecond()],
    ["refused: truncated 3 s WebM (last 700 B cut)", beep.slice(0, beep.length - 700)],
    ["refused: 10 min at a low rate (repeatedWebm(51, 4))", await repeatedWebm(51, 4)],
    ["refused: WebM with a video track (camera-1s)", voiceFixture("camera-1s.webm")],
  ];
  const checkRows: unknown[][] = [];
  for (const [name, bytes] of files) {
    const inFile = await fileMs(bytes);
    const declaredMs = inFile ?? 1000;
    const limits = { maxMs: VOICE_MESSAGE_MAX_MS, tooLong: VOICE_MSG.TOO_LONG_MESSAGE, declaredMs };
    let outcome = "";
    const check = () =>
      checkVoice(bytes, limits).then(
        (v) => {
          outcome = `accepted, ${n(v.durationMs)} ms`;
        },
        (error: unknown) => {
          outcome = error instanceof AppError ? error.code : String(error);
        },
      );
    const hash = async () => createHash("sha256").update(bytes).digest();
    const first = await timed(check);
    const [checks, hashes] = await interleaved([check, hash], CHECK_RUNS, CHECK_WARMUP);
    checkRows.push([
      name,
      n(bytes.length),
      inFile === null ? "unreadable (1,000)" : `${n(inFile)} ms`,
      outcome,
      ms(first),
      ms(pct(checks!, 50)),
      ms(pct(checks!, 95)),
      ms(pct(hashes!, 50)),
      ratio(pct(checks!, 50) / pct(hashes!, 50)),
    ]);
  }
  heading("4. Server validation per file (checkVoice)");
  table(
    "file | bytes | duration in the file (declared) | result | first call ms | p50 ms | p95 ms | sha256 p50 ms (baseline) | p50 vs sha256",
    checkRows,
    "lrrlrrrrr",
  );
  console.log(
    `\n"First call": the file's first check, before its warm-ups (the upload route had already checked the two recordings in this process: not a cold start). Then ${CHECK_RUNS} runs each after ${CHECK_WARMUP} warm-ups, interleaved with the baseline; one process, the app idle beside it. The files made by repeatedWebm are written by mediabunny's muxer (cluster sizes, Cues and Duration known) and read faster than Chromium's recordings (clusters of unknown size, no Cues, walked to the end): a real 2-minute recording should cost about 4× the 30 s recording's figure (not measured: recording one takes 2 minutes).`,
  );
  // Columns: name, bytes, duration, result, first call, p50, p95, …
  const thirtyCheck = checkRows[2]![5];
  const twoMinCheck = checkRows[3]![5];
  return { thirtyCheck, twoMinCheck };
}
