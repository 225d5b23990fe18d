// The attempts of bench/verification.ts, composed from the analysed test set (samples.ts) and
// decided by decide() as the server does: genuine (the man's frames against his own other photos),
// impostors (his frames against other people's photos, theirs against his and against each
// other's) and spoofs (prints of his photos against his other photos). A profile photo never is
// the same image as a frame, except in the one set that says so. decide() is pure: each image is
// analysed once and its analysis reused by every attempt it appears in.
import type { Gesture } from "@domain/verification.ts";
import { type Decision, decide, THRESHOLDS } from "../../server/verification/decide.ts";
import type { FaceAnalysis, FaceEngine, FaceFinding } from "../../server/verification/face-engine.ts";
import { type Analyses, LIT, PRINT_BACK, SMILING, TILT } from "./samples.ts";

export type Kind = "genuine" | "impostor" | "spoof";

interface Attempt {
  frames: FaceAnalysis[];
  gestures: Gesture[];
  profile: FaceAnalysis[];
}

export interface AttemptSet {
  kind: Kind;
  label: string;
  attempts: Attempt[];
}

export interface SetResult {
  kind: Kind;
  label: string;
  decisions: Decision[];
  /** The likeness decide() computes, recomputed for every attempt whose frames all show a face. */
  likeness: number[];
}

const BOTH: Gesture[] = ["tilt-left", "smile"];
const TILT_ONLY: Gesture[] = ["tilt-left"];
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

export function attemptSets(a: Analyses): AttemptSet[] {
  const { him, others } = a;
  const neutral = range(him.length).filter((i) => i !== SMILING);
  // The same man: straight, head tilted, then his smiling photo; or straight, tilted, straight again.
  const hisBoth = (i: number) => [him[i]!.photo, him[i]!.tilted, him[SMILING]!.photo];
  const hisTilt = (i: number) => [him[i]!.photo, him[i]!.tilted, him[i]!.photo];
  const theirTilt = (j: number) => [others[j]!.photo, others[j]!.tilted, others[j]!.photo];
  const his = (p: number) => [him[p]!.photo];
  const theirs = (j: number) => [others[j]!.photo];
  // Every x with every y; `distinct` when both index the same photos: a photo never meets itself.
  const pairs = <T>(xs: number[], ys: number[], f: (x: number, y: number) => T) =>
    xs.flatMap((x) => ys.map((y) => f(x, y)));
  const distinct = <T>(xs: number[], ys: number[], f: (x: number, y: number) => T) =>
    xs.flatMap((x) => ys.filter((y) => y !== x).map((y) => f(x, y)));
  const all = range(him.length);
  const people = range(others.length);
  const spoof = (label: string, frames: (i: number) => FaceAnalysis[], from = all, to = all): AttemptSet => ({
    kind: "spoof",
    label,
    attempts: distinct(from, to, (i, p) => ({ frames: frames(i), gestures: BOTH, profile: his(p) })),
  });
  return [
    {
      kind: "genuine",
      label: "tilt + smile: his photo i straight, tilted, then his smiling photo; profile: his photo p ≠ i",
      attempts: distinct(neutral, neutral, (i, p) => ({
        frames: hisBoth(i),
        gestures: BOTH,
        profile: his(p),
      })),
    },
    {
      kind: "genuine",
      label: "tilt + smile, as above; profile: his smiling photo (the same image as the last frame)",
      attempts: neutral.map((i) => ({ frames: hisBoth(i), gestures: BOTH, profile: his(SMILING) })),
    },
    {
      kind: "genuine",
      label: "tilt only: his photo i straight, tilted, straight; profile: his photo p ≠ i",
      attempts: distinct(all, all, (i, p) => ({ frames: hisTilt(i), gestures: TILT_ONLY, profile: his(p) })),
    },
    {
      kind: "genuine",
      label: "tilt only; profile: his 5 other photos",
      attempts: all.map((i) => ({
        frames: hisTilt(i),
        gestures: TILT_ONLY,
        profile: all.filter((p) => p !== i).map((p) => him[p]!.photo),
      })),
    },
    {
      kind: "impostor",
      label: "his tilt + smile frames; profile: another person's photo",
      attempts: pairs(neutral, people, (i, j) => ({
        frames: hisBoth(i),
        gestures: BOTH,
        profile: theirs(j),
      })),
    },
    {
      kind: "impostor",
      label: "his tilt-only frames; profile: another person's photo",
      attempts: pairs(all, people, (i, j) => ({
        frames: hisTilt(i),
        gestures: TILT_ONLY,
        profile: theirs(j),
      })),
    },
    {
      kind: "impostor",
      label: "another person's tilt-only frames; profile: one of his photos",
      attempts: pairs(people, all, (j, p) => ({
        frames: theirTilt(j),
        gestures: TILT_ONLY,
        profile: his(p),
      })),
    },
    {
      kind: "impostor",
      label: "another person's tilt-only frames; profile: his 6 photos",
      attempts: people.map((j) => ({ frames: theirTilt(j), gestures: TILT_ONLY, profile: all.flatMap(his) })),
    },
    {
      kind: "impostor",
      label: "another person's tilt-only frames; profile: a third person's photo",
      attempts: distinct(people, people, (j, k) => ({
        frames: theirTilt(j),
        gestures: TILT_ONLY,
        profile: theirs(k),
      })),
    },
    spoof("his print i held still (3 frames); profile: his photo p ≠ i", (i) => {
      const p = him[i]!.print;
      return [p, p, p];
    }),
    spoof(`his print i, tilted ${TILT}°, straight again`, (i) => [
      him[i]!.print,
      him[i]!.printTilted,
      him[i]!.print,
    ]),
    spoof(`his print i, tilted ${TILT}°, then ${PRINT_BACK}° (the other way)`, (i) => [
      him[i]!.print,
      him[i]!.printTilted,
      him[i]!.printBack,
    ]),
    spoof(`his print i, tilted ${TILT}°, then lit brighter (×${LIT})`, (i) => [
      him[i]!.print,
      him[i]!.printTilted,
      him[i]!.printLit,
    ]),
    spoof(
      "two prints: his print i, tilted, then a print of his smiling photo; profile: his photo p ≠ i",
      (i) => [him[i]!.print, him[i]!.printTilted, him[SMILING]!.print],
      all.filter((i) => i !== SMILING),
      all.filter((p) => p !== SMILING),
    ),
  ];
}

/** The face decide() takes from a frame: the first one scored high enough. */
const faceOf = (f: FaceAnalysis) => f.faces.find((x) => x.score >= THRESHOLDS.FACE_SCORE);

/** decide()'s likeness: the best profile photo, averaged over the frames; null without faces. */
function likenessOf(attempt: Attempt, similarity: FaceEngine["similarity"]): number | null {
  const frames = attempt.frames.map(faceOf);
  const profile = profileFaces(attempt).filter((p) => p.embedding.length > 0);
  if (frames.some((f) => !f?.embedding.length) || profile.length === 0) return null;
  const found = frames as FaceFinding[];
  return Math.max(
    ...profile.map((p) => found.reduce((s, f) => s + similarity(f.embedding, p.embedding), 0) / found.length),
  );
}

/** As the server: the largest face of each profile photo, the photos without one left out. */
const profileFaces = (attempt: Attempt) =>
  attempt.profile.map((a) => a.faces[0]).filter((f): f is FaceFinding => f !== undefined);

export function runSets(sets: AttemptSet[], engine: FaceEngine): SetResult[] {
  const similarity = (x: readonly number[], y: readonly number[]) => engine.similarity(x, y);
  return sets.map((set) => ({
    kind: set.kind,
    label: set.label,
    decisions: set.attempts.map((at) =>
      decide({ gestures: at.gestures, frames: at.frames, profileFaces: profileFaces(at), similarity }),
    ),
    likeness: set.attempts.map((at) => likenessOf(at, similarity)).filter((x): x is number => x !== null),
  }));
}

/** Photo-to-photo similarity, every pair once: his photos together, against others, others together. */
export function photoPairs(a: Analyses, engine: FaceEngine): { label: string; values: number[] }[] {
  const emb = (xs: { photo: FaceAnalysis }[]) =>
    xs.map((x) => x.photo.faces[0]?.embedding).filter((e): e is number[] => !!e?.length);
  const his = emb(a.him);
  const theirs = emb(a.others);
  const within = (xs: number[][]) =>
    xs.flatMap((x, i) => xs.slice(i + 1).map((y) => engine.similarity(x, y)));
  return [
    { label: "his photos, pairwise (genuine)", values: within(his) },
    {
      label: "his photos × other people's (impostor)",
      values: his.flatMap((x) => theirs.map((y) => engine.similarity(x, y))),
    },
    { label: "other people's photos, pairwise (impostor)", values: within(theirs) },
  ];
}

/** What the liveness, anti-spoofing and emotion models say of each kind of frame. */
export function frameKinds(a: Analyses): { label: string; faces: FaceFinding[]; missing: number }[] {
  const kind = (label: string, analyses: FaceAnalysis[]) => {
    const faces = analyses.map(faceOf);
    return {
      label,
      faces: faces.filter((f): f is FaceFinding => !!f),
      missing: faces.filter((f) => !f).length,
    };
  };
  const { him, others } = a;
  const neutral = him.filter((_, i) => i !== SMILING);
  return [
    kind(
      "his photos, neutral",
      neutral.map((h) => h.photo),
    ),
    kind("his smiling photo", [him[SMILING]!.photo]),
    kind(
      `his photos, tilted ${TILT}°`,
      him.map((h) => h.tilted),
    ),
    kind(
      "other people's photos",
      others.map((o) => o.photo),
    ),
    kind(
      `other people's photos, tilted ${TILT}°`,
      others.map((o) => o.tilted),
    ),
    kind(
      "his prints, neutral",
      neutral.map((h) => h.print),
    ),
    kind("print of his smiling photo", [him[SMILING]!.print]),
    kind(
      `his prints, tilted ${TILT}°`,
      him.map((h) => h.printTilted),
    ),
    kind(
      `his prints, neutral, tilted ${PRINT_BACK}°`,
      neutral.map((h) => h.printBack),
    ),
    kind(
      `his prints, neutral, lit ×${LIT}`,
      neutral.map((h) => h.printLit),
    ),
  ];
}

/**
 * Whether a frame counts as decide()'s « smile » after a straight first frame: the emotion model's
 * « happy » up by SMILE_GAIN, roll and yaw within STRAIGHT of the first frame.
 */
export function smiles(a: Analyses): { label: string; gains: number[]; counted: number }[] {
  const neutral = a.him.filter((_, i) => i !== SMILING);
  const smiling = a.him[SMILING]!;
  type H = Analyses["him"][number];
  const row = (label: string, first: (h: H) => FaceAnalysis, frame: (h: H) => FaceAnalysis) => {
    const pairs = neutral
      .map((h) => [faceOf(first(h)), faceOf(frame(h))] as const)
      .filter((p): p is readonly [FaceFinding, FaceFinding] => !!p[0] && !!p[1]);
    const counts = ([f, x]: readonly [FaceFinding, FaceFinding]) =>
      x.smile - f.smile >= THRESHOLDS.SMILE_GAIN &&
      Math.abs(x.roll - f.roll) < THRESHOLDS.STRAIGHT &&
      Math.abs(x.yaw - f.yaw) < THRESHOLDS.STRAIGHT;
    return { label, gains: pairs.map(([f, x]) => x.smile - f.smile), counted: pairs.filter(counts).length };
  };
  return [
    row(
      "his smiling photo after his neutral photo (genuine)",
      (h) => h.photo,
      () => smiling.photo,
    ),
    row(
      "print of his smiling photo after his neutral print",
      (h) => h.print,
      () => smiling.print,
    ),
    row(
      `his neutral print tilted ${PRINT_BACK}° after itself straight`,
      (h) => h.print,
      (h) => h.printBack,
    ),
    row(
      `his neutral print lit ×${LIT} after itself`,
      (h) => h.print,
      (h) => h.printLit,
    ),
  ];
}
