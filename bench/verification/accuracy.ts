// The attempts of bench/verification.ts, composed from the test set (samples.ts: composeSequences)
// and decided as the server does: the frames' checks (number, sizes: checkFrames), the capture's
// times (captureTimesFit), then decide() on every frame's analysis. Genuine (the man's live captures
// against his own other photos), impostors (his captures against other people's photos, theirs
// against his and against each other's), spoofs (prints of his photos, moved and lit by hand) and
// composed attacks (issue 33: what an attacker holding still photos of the man can send instead of a
// live capture — goal: 0 accepted). A profile photo never is the same image as a frame, except in
// the one set that says so. decide() is pure: each frame is analysed once and its analysis reused.
import type { Gesture } from "@domain/verification.ts";
import sharp from "sharp";
import { captureTimesFit } from "../../domain/verification-capture.ts";
import { type Decision, decide, THRESHOLDS } from "../../server/features/verification/decide.ts";
import type {
  FaceAnalysis,
  FaceEngine,
  FaceFinding,
} from "../../server/features/verification/face-engine.ts";
import { checkFrames } from "../../server/features/verification/verification.service.ts";
import { captureTimes, spreadStills } from "../../server/test/face-samples.ts";
import { type Analyses, LIT, PRINT_BACK, type Sequences, SMILING, STEP, TILT } from "./samples.ts";

export type Kind = "genuine" | "impostor" | "spoof" | "composed";

interface Attempt {
  frames: Buffer[];
  /** When each frame was taken, as sent; null: sent without times (the tester's request). */
  times: number[] | null;
  gestures: Gesture[];
  profile: FaceAnalysis[];
  /** The challenge's age when the answer arrives, by the server's clock: a second after the last frame unless said. */
  elapsedMs?: number;
}

export interface AttemptSet {
  kind: Kind;
  label: string;
  attempts: Attempt[];
}

/** Refused before any analysis (400): the frames (number, format, sizes) or their times. */
export type Invalid = { outcome: "invalid"; reason: "FRAMES" | "TIMES" };
export type Outcome = Decision | Invalid;

export interface SetResult {
  kind: Kind;
  label: string;
  decisions: Outcome[];
  /** The likeness decide() computes, recomputed for every analysed attempt whose frames all show a face. */
  likeness: number[];
  /** The sequence's measures (sequenceMeasures) of every analysed attempt whose frames all show a face. */
  measures: Measures[];
}

const BOTH: Gesture[] = ["tilt-left", "smile"];
const TILT_ONLY: Gesture[] = ["tilt-left"];
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const fill = <T>(n: number, x: T): T[] => Array.from({ length: n }, () => x);

/**
 * 29 frames for « tilt-left, smile »: at rest (5 frames), rotated in small steps to TILT° (5), held
 * (5), back in steps (5), then `smile`'s 9 frames.
 */
function tiltThen(rest: Buffer, steps: Buffer[], smile: Buffer[]): Buffer[] {
  const held = steps.at(-1)!;
  const frames = [
    ...fill(5, rest),
    ...steps,
    ...fill(5, held),
    ...[...steps].reverse().slice(1),
    rest,
    ...smile,
  ];
  if (frames.length !== 29 || steps.length !== 5 || smile.length !== 9)
    throw new Error("tiltThen: 5 steps and 9 frames of smile");
  return frames;
}

export async function attemptSets(seq: Sequences, a: Analyses): Promise<AttemptSet[]> {
  const { him, others } = a;
  const all = range(him.length);
  const neutral = all.filter((i) => i !== SMILING);
  const people = range(others.length);
  const his = (p: number) => [him[p]!.photo];
  const theirs = (j: number) => [others[j]!.photo];
  const pairs = <T>(xs: number[], ys: number[], f: (x: number, y: number) => T) =>
    xs.flatMap((x) => ys.map((y) => f(x, y)));
  // Every x with every y but itself: a photo never meets itself.
  const distinct = <T>(xs: number[], ys: number[], f: (x: number, y: number) => T) =>
    xs.flatMap((x) => ys.filter((y) => y !== x).map((y) => f(x, y)));
  const live = (c: { frames: Buffer[]; times: number[] } | null | undefined) => ({
    frames: c!.frames,
    times: c!.times,
  });
  const TIMES_2 = captureTimes(2);
  const stillsOf = (i: number) => seq.stills[i]!;
  const printsOf = (i: number) => seq.prints[i]!;
  // Against his photo p ≠ i (and ≠ his smiling photo when it is in the frames).
  const againstHim = (
    kind: Kind,
    label: string,
    from: number[],
    frames: (i: number) => Omit<Attempt, "gestures" | "profile"> & { gestures?: Gesture[] },
    to = all,
  ): AttemptSet => ({
    kind,
    label,
    attempts: distinct(from, to, (i, p) => ({ gestures: BOTH, ...frames(i), profile: his(p) })),
  });
  const noSmiling = all.filter((p) => p !== SMILING);
  // One frame of his live capture i at another size (640 × 480): composed once per capture.
  const bigger = new Map<number, Buffer>();
  for (const i of neutral)
    bigger.set(i, await sharp(seq.hisLive[i]!.frames[5]!).resize(640, 480).jpeg({ quality: 85 }).toBuffer());
  return [
    {
      kind: "genuine",
      label: "live capture, tilt + smile: his photo i moved and smiled; profile: his photo p ≠ i",
      attempts: distinct(neutral, neutral, (i, p) => ({
        ...live(seq.hisLive[i]),
        gestures: BOTH,
        profile: his(p),
      })),
    },
    {
      kind: "genuine",
      label: "live capture, tilt + smile, as above; profile: his smiling photo",
      attempts: neutral.map((i) => ({ ...live(seq.hisLive[i]), gestures: BOTH, profile: his(SMILING) })),
    },
    {
      kind: "genuine",
      label: "live capture, tilt only: his photo i; profile: his photo p ≠ i",
      attempts: distinct(all, all, (i, p) => ({
        ...live(seq.hisTilt[i]),
        gestures: TILT_ONLY,
        profile: his(p),
      })),
    },
    {
      kind: "genuine",
      label: "live capture, tilt only; profile: his 5 other photos",
      attempts: all.map((i) => ({
        ...live(seq.hisTilt[i]),
        gestures: TILT_ONLY,
        profile: all.filter((p) => p !== i).map((p) => him[p]!.photo),
      })),
    },
    {
      kind: "impostor",
      label: "his live capture, tilt + smile; profile: another person's photo",
      attempts: pairs(neutral, people, (i, j) => ({
        ...live(seq.hisLive[i]),
        gestures: BOTH,
        profile: theirs(j),
      })),
    },
    {
      kind: "impostor",
      label: "his live capture, tilt only; profile: another person's photo",
      attempts: pairs(all, people, (i, j) => ({
        ...live(seq.hisTilt[i]),
        gestures: TILT_ONLY,
        profile: theirs(j),
      })),
    },
    {
      kind: "impostor",
      label: "another person's live capture, tilt only; profile: one of his photos",
      attempts: pairs(people, all, (j, p) => ({
        ...live(seq.theirTilt[j]),
        gestures: TILT_ONLY,
        profile: his(p),
      })),
    },
    {
      kind: "impostor",
      label: "another person's live capture, tilt only; profile: his 6 photos",
      attempts: people.map((j) => ({
        ...live(seq.theirTilt[j]),
        gestures: TILT_ONLY,
        profile: all.flatMap(his),
      })),
    },
    {
      kind: "impostor",
      label: "another person's live capture, tilt only; profile: a third person's photo",
      attempts: distinct(people, people, (j, k) => ({
        ...live(seq.theirTilt[j]),
        gestures: TILT_ONLY,
        profile: theirs(k),
      })),
    },
    againstHim("spoof", "his print i held still (29 frames); profile: his photo p ≠ i", all, (i) => ({
      frames: fill(29, printsOf(i).steps[0]!),
      times: TIMES_2,
    })),
    againstHim("spoof", `his print i tilted ${TILT}° in ${STEP}° steps, held, straight again`, all, (i) => {
      const p = printsOf(i);
      return { frames: tiltThen(p.steps[0]!, p.steps.slice(1), fill(9, p.steps[0]!)), times: TIMES_2 };
    }),
    againstHim(
      "spoof",
      `his print i tilted ${TILT}° and back, then ${PRINT_BACK}° (the other way)`,
      all,
      (i) => {
        const p = printsOf(i);
        return {
          frames: tiltThen(p.steps[0]!, p.steps.slice(1), [...p.back, ...fill(7, p.back[1]!)]),
          times: TIMES_2,
        };
      },
    ),
    againstHim("spoof", `his print i tilted ${TILT}° and back, then lit brighter (to ×${LIT})`, all, (i) => {
      const p = printsOf(i);
      return {
        frames: tiltThen(p.steps[0]!, p.steps.slice(1), [...p.lit, ...fill(6, p.lit[2]!)]),
        times: TIMES_2,
      };
    }),
    againstHim(
      "spoof",
      "two prints: his print i tilted and back, then a print of his smiling photo faded in; profile: his photo p ≠ i",
      noSmiling,
      (i) => {
        const p = printsOf(i);
        const faded = p.smilingFade;
        return {
          frames: tiltThen(p.steps[0]!, p.steps.slice(1), [...faded, ...fill(5, faded[3]!)]),
          times: TIMES_2,
        };
      },
      noSmiling,
    ),
    againstHim(
      "composed",
      "the tester's three stills as he sent them: his photo i, the same rotated 25°, his smiling photo (3 frames, no times)",
      neutral,
      (i) => ({ frames: [stillsOf(i).neutral, stillsOf(i).steps[4]!, stillsOf(i).smiling], times: null }),
      noSmiling,
    ),
    againstHim(
      "composed",
      "the same three stills spread over the burst (each repeated), on the capture's times",
      neutral,
      (i) => spreadStills([stillsOf(i).neutral, stillsOf(i).steps[4]!, stillsOf(i).smiling]),
      noSmiling,
    ),
    againstHim(
      "composed",
      `his photo i rotated in ${STEP}° steps, held, back, then cut to his smiling photo`,
      neutral,
      (i) => {
        const s = stillsOf(i);
        return { frames: tiltThen(s.neutral, s.steps, fill(9, s.smiling)), times: TIMES_2 };
      },
      noSmiling,
    ),
    againstHim(
      "composed",
      "the same, his smiling photo faded in over 3 frames",
      neutral,
      (i) => {
        const s = stillsOf(i);
        return { frames: tiltThen(s.neutral, s.steps, [...s.fade, ...fill(6, s.smiling)]), times: TIMES_2 };
      },
      noSmiling,
    ),
    againstHim(
      "composed",
      "the same, faded in over 6 frames",
      neutral,
      (i) => {
        const s = stillsOf(i);
        return {
          frames: tiltThen(s.neutral, s.steps, [...s.slowFade, ...fill(3, s.smiling)]),
          times: TIMES_2,
        };
      },
      noSmiling,
    ),
    againstHim(
      "composed",
      "the same, his smiling photo first moved and scaled onto his face in photo i, faded in over 3 frames",
      neutral,
      (i) => {
        const s = stillsOf(i);
        return {
          frames: tiltThen(s.neutral, s.steps, [...s.alignedFade, ...fill(6, s.aligned)]),
          times: TIMES_2,
        };
      },
      noSmiling,
    ),
    againstHim("composed", "his photo i repeated (29 frames)", neutral, (i) => ({
      frames: fill(29, stillsOf(i).neutral),
      times: TIMES_2,
    })),
    againstHim(
      "composed",
      "his live capture i, a frame of the smile swapped with one of the tilt",
      neutral,
      (i) => {
        const frames = [...seq.hisLive[i]!.frames];
        [frames[9], frames[22]] = [frames[22]!, frames[9]!];
        return { frames, times: seq.hisLive[i]!.times };
      },
    ),
    againstHim("composed", "his live capture i backwards, on the capture's times", neutral, (i) => ({
      frames: [...seq.hisLive[i]!.frames].reverse(),
      times: seq.hisLive[i]!.times,
    })),
    againstHim("composed", "his live capture i sent at once (the challenge 300 ms old)", neutral, (i) => ({
      ...live(seq.hisLive[i]),
      elapsedMs: 300,
    })),
    againstHim("composed", "his live capture i, its times compressed to half the schedule", neutral, (i) => {
      const times = seq.hisLive[i]!.times;
      return {
        frames: seq.hisLive[i]!.frames,
        times: times.map((t) => times[0]! + Math.round((t - times[0]!) / 2)),
      };
    }),
    againstHim("composed", "his live capture i, one frame at another size (640 × 480)", neutral, (i) => ({
      frames: seq.hisLive[i]!.frames.map((f, k) => (k === 5 ? bigger.get(i)! : f)),
      times: seq.hisLive[i]!.times,
    })),
  ];
}

/** The face decide() takes from a frame: the first one scored high enough. */
const faceOf = (f: FaceAnalysis) => f.faces.find((x) => x.score >= THRESHOLDS.FACE_SCORE);

/** As the server: the largest face of each profile photo, the photos without one left out. */
const profileFaces = (attempt: Attempt) =>
  attempt.profile.map((a) => a.faces[0]).filter((f): f is FaceFinding => f !== undefined);

/** decide()'s likeness: the best profile photo, averaged over the frames; null without faces. */
function likenessOf(
  found: FaceFinding[],
  attempt: Attempt,
  similarity: FaceEngine["similarity"],
): number | null {
  const profile = profileFaces(attempt).filter((p) => p.embedding.length > 0);
  if (profile.length === 0) return null;
  return Math.max(
    ...profile.map((p) => found.reduce((s, f) => s + similarity(f.embedding, p.embedding), 0) / found.length),
  );
}

/** What decide()'s sequence checks look at, over an attempt: the extremes between consecutive frames. */
export interface Measures {
  /** Largest change of roll and of yaw between consecutive frames, degrees. */
  roll: number;
  yaw: number;
  /** Largest move of the face box's centre (÷ its width) and change of its size (ratio). */
  shift: number;
  scale: number;
  /** Least similarity of consecutive frames, and of a straight frame to the first. */
  step: number;
  straight: number;
  /** Least anti-spoofing and liveness score of a frame. */
  real: number;
  live: number;
}

const DEG = 180 / Math.PI;

function sequenceMeasures(faces: FaceFinding[], similarity: FaceEngine["similarity"]): Measures {
  const first = faces[0]!;
  const m: Measures = { roll: 0, yaw: 0, shift: 0, scale: 1, step: 1, straight: 1, real: 1, live: 1 };
  for (const [i, f] of faces.entries()) {
    m.real = Math.min(m.real, f.real);
    m.live = Math.min(m.live, f.live);
    if (
      Math.abs(f.roll - first.roll) < THRESHOLDS.STRAIGHT &&
      Math.abs(f.yaw - first.yaw) < THRESHOLDS.STRAIGHT
    )
      m.straight = Math.min(m.straight, similarity(f.embedding, first.embedding));
    const p = faces[i - 1];
    if (!p) continue;
    m.roll = Math.max(m.roll, Math.abs(f.roll - p.roll) * DEG);
    m.yaw = Math.max(m.yaw, Math.abs(f.yaw - p.yaw) * DEG);
    const dx = f.box[0] + f.box[2] / 2 - (p.box[0] + p.box[2] / 2);
    const dy = f.box[1] + f.box[3] / 2 - (p.box[1] + p.box[3] / 2);
    m.shift = Math.max(m.shift, Math.hypot(dx, dy) / Math.max(f.box[2], p.box[2]));
    m.scale = Math.max(m.scale, f.box[2] / p.box[2], p.box[2] / f.box[2]);
    m.step = Math.min(m.step, similarity(f.embedding, p.embedding));
  }
  return m;
}

export async function runSets(
  sets: AttemptSet[],
  analysed: Map<Buffer, FaceAnalysis>,
  engine: FaceEngine,
): Promise<SetResult[]> {
  const similarity = (x: readonly number[], y: readonly number[]) => engine.similarity(x, y);
  const results: SetResult[] = [];
  for (const set of sets) {
    const result: SetResult = { kind: set.kind, label: set.label, decisions: [], likeness: [], measures: [] };
    for (const at of set.attempts) {
      // The server's checks before any analysis, the real functions.
      const framesOk = await checkFrames(at.frames, at.gestures.length).then(
        () => true,
        () => false,
      );
      const elapsed = at.elapsedMs ?? (at.times?.at(-1) ?? 0) + 1000;
      if (!framesOk) {
        result.decisions.push({ outcome: "invalid", reason: "FRAMES" });
        continue;
      }
      if (!captureTimesFit(at.times ?? [], at.gestures.length, elapsed)) {
        result.decisions.push({ outcome: "invalid", reason: "TIMES" });
        continue;
      }
      const frames = at.frames.map((f) => {
        const found = analysed.get(f);
        if (!found) throw new Error(`${set.label}: a frame was not analysed`);
        return found;
      });
      result.decisions.push(
        decide({ gestures: at.gestures, frames, profileFaces: profileFaces(at), similarity }),
      );
      const faces = frames.map(faceOf);
      if (faces.some((f) => !f?.embedding.length)) continue;
      const found = faces as FaceFinding[];
      const likeness = likenessOf(found, at, similarity);
      if (likeness !== null) result.likeness.push(likeness);
      result.measures.push(sequenceMeasures(found, similarity));
    }
    results.push(result);
  }
  return results;
}

/** Photo-to-photo similarity, every pair once: his photos together, against others, others together. */
export function photoPairs(a: Analyses, engine: FaceEngine): { label: string; values: number[] }[] {
  const emb = (xs: { photo: FaceAnalysis }[]) =>
    xs.map((x) => x.photo.faces[0]?.embedding).filter((e): e is number[] => !!e?.length);
  const his = emb(a.him);
  const theirs = emb(a.others);
  const within = (xs: number[][]) =>
    xs.flatMap((x, i) => xs.slice(i + 1).map((y) => engine.similarity(x, y)));
  const smiling = his[SMILING];
  return [
    { label: "his photos, pairwise (genuine)", values: within(his) },
    {
      label: "his neutral photos × his smiling photo (what a cut or a fade to it compares)",
      values: smiling ? his.filter((_, i) => i !== SMILING).map((x) => engine.similarity(x, smiling)) : [],
    },
    {
      label: "his photos × other people's (impostor)",
      values: his.flatMap((x) => theirs.map((y) => engine.similarity(x, y))),
    },
    { label: "other people's photos, pairwise (impostor)", values: within(theirs) },
  ];
}

/** What the liveness, anti-spoofing and emotion models say of each kind of frame. */
export function frameKinds(
  seq: Sequences,
  analysed: Map<Buffer, FaceAnalysis>,
): { label: string; faces: FaceFinding[]; missing: number }[] {
  const kind = (label: string, frames: Buffer[]) => {
    const faces = [...new Set(frames)].map((f) => faceOf(analysed.get(f)!));
    return {
      label,
      faces: faces.filter((f): f is FaceFinding => !!f),
      missing: faces.filter((f) => !f).length,
    };
  };
  const stills = seq.stills.filter((s) => s !== null);
  return [
    kind(
      "his live captures, tilt + smile: every distinct frame",
      seq.hisLive.flatMap((c) => c?.frames ?? []),
    ),
    kind(
      "his live captures: the smile held (last frame)",
      seq.hisLive.flatMap((c) => (c ? [c.frames.at(-1)!] : [])),
    ),
    kind(
      "other people's live captures, tilt only: every distinct frame",
      seq.theirTilt.flatMap((c) => c.frames),
    ),
    kind(
      "his photos as camera frames, neutral",
      stills.map((s) => s.neutral),
    ),
    kind(
      `his photos rotated in ${STEP}° steps`,
      stills.flatMap((s) => s.steps),
    ),
    kind("his smiling photo, as it is and aligned on each neutral photo", [
      stills[0]!.smiling,
      ...stills.map((s) => s.aligned),
    ]),
    kind(
      "his photos fading into his smiling photo",
      stills.flatMap((s) => [...s.fade, ...s.slowFade, ...s.alignedFade]),
    ),
    kind(
      "his prints, straight and tilted",
      seq.prints.flatMap((p) => p.steps),
    ),
    kind(
      "his prints, tilted back or lit brighter",
      seq.prints.flatMap((p) => [...p.back, ...p.lit]),
    ),
    kind(
      "his prints fading into a print of his smiling photo",
      seq.prints.flatMap((p) => p.smilingFade),
    ),
  ];
}

/**
 * Whether a frame counts as decide()'s « smile » after the first frame: « happy » up by SMILE_GAIN,
 * the mouth wider by MOUTH_GAIN, roll and yaw within STRAIGHT.
 */
export function smiles(
  seq: Sequences,
  analysed: Map<Buffer, FaceAnalysis>,
): { label: string; gains: number[]; mouths: number[]; counted: number }[] {
  const row = (label: string, pairs: [Buffer, Buffer][]) => {
    const found = pairs
      .map(([a, b]) => [faceOf(analysed.get(a)!), faceOf(analysed.get(b)!)] as const)
      .filter((p): p is readonly [FaceFinding, FaceFinding] => !!p[0] && !!p[1]);
    const counts = ([f, x]: readonly [FaceFinding, FaceFinding]) =>
      x.smile - f.smile >= THRESHOLDS.SMILE_GAIN &&
      x.mouthWidth - f.mouthWidth >= THRESHOLDS.MOUTH_GAIN &&
      Math.abs(x.roll - f.roll) < THRESHOLDS.STRAIGHT &&
      Math.abs(x.yaw - f.yaw) < THRESHOLDS.STRAIGHT;
    return {
      label,
      gains: found.map(([f, x]) => x.smile - f.smile),
      mouths: found.map(([f, x]) => x.mouthWidth - f.mouthWidth),
      counted: found.filter(counts).length,
    };
  };
  const stills = seq.stills.filter((s) => s !== null);
  return [
    row(
      "his live capture: the smile held, after the first frame (genuine)",
      seq.hisLive.flatMap((c) => (c ? [[c.frames[0]!, c.frames.at(-1)!] as [Buffer, Buffer]] : [])),
    ),
    row(
      "his smiling photo after his neutral photo",
      stills.map((s) => [s.neutral, s.smiling]),
    ),
    row(
      "print of his smiling photo after his print",
      seq.prints.map((p) => [p.steps[0]!, p.smilingFade[3]!]),
    ),
    row(
      `his print tilted ${PRINT_BACK}° after itself straight`,
      seq.prints.map((p) => [p.steps[0]!, p.back[1]!]),
    ),
    row(
      `his print lit ×${LIT} after itself`,
      seq.prints.map((p) => [p.steps[0]!, p.lit[2]!]),
    ),
  ];
}
