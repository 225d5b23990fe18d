// The verification decision, from the analyses of the selfie frames — one burst at a fixed cadence
// (CAPTURE in domain/verification.ts): the face at rest, then each gesture made and held — and of
// the member's profile photos. Pure: the thresholds are here, with why. The capture's times were
// checked before (domain/verification-capture.ts).
//
// What stops a photo of a photo is the challenge: gestures drawn by the server, answered within
// minutes, in order, by frames of one face. A print held still fails it; a print moved by hand can
// pass the head movement but not the smile, which needs the emotion model's « happy » and a wider
// mouth on the face mesh (bench/verification.ts: 0 of 140 print attempts verified).
//
// What stops a few still photos of someone (neutral, rotated, smiling: ADR 0013, issue 33) is that
// the frames must be one live sequence: every frame a face that the anti-spoofing and liveness
// models accept (each frame, not a median a few frames can carry), consecutive frames close in pose,
// place, size and descriptor (no cut from one picture to another), and every frame with the head
// straight the same picture of the face as the first frame (a smile made on that face, not another
// photo of it faded in). A sequence synthesised from one photo — moved and its mouth warped, as the
// tests' own genuine captures are — is not told apart by these checks: only the two models stand
// against it, and on our composed samples they do not separate it (ADR 0013).
import type { Gesture, VerificationReason } from "@domain/verification.ts";
import type { FaceAnalysis, FaceFinding } from "./face-engine.ts";

export const THRESHOLDS = {
  /** Detection confidence for a frame's face to count. */
  FACE_SCORE: 0.6,
  /** Every frame's face against the first one: the same person throughout. */
  SAME_PERSON: 0.55,
  /** Head tilt (roll) and turn (yaw) away from the first frame, in radians (~14° and ~17°). */
  TILT: 0.25,
  TURN: 0.3,
  /**
   * A smile: the emotion model's « happy » up by this much on the first frame, the head kept
   * straight (the model's output moves when a face is tilted or turned, so those frames do not
   * count). On the sample photos, a smiling photo scores 0.32 against 0.00–0.23 for neutral ones.
   */
  SMILE_GAIN: 0.15,
  STRAIGHT: 0.15,
  /**
   * And the mouth wider, from the face mesh (mouth width over the eye-corner distance), which a
   * print does not change when tilted or lit differently: the same man's smiling photo is 0.03–0.09
   * wider than his neutral ones; his prints move by at most 0.03 tilted back or lit ×1.3.
   */
  MOUTH_GAIN: 0.04,
  /**
   * The liveness and anti-spoofing models: their medians over the frames, and a lower floor that
   * every frame must clear, so that a few good frames cannot carry the others.
   */
  LIVE: 0.5,
  REAL: 0.3,
  LIVE_EACH: 0.3,
  REAL_EACH: 0.2,
  /**
   * Between consecutive frames (FRAME_INTERVAL_MS, 250 ms, apart): the head turns or tilts by at
   * most STEP_TURN radians (15°: a head tilted steadily in a second moves 6–8° a frame; the tester's
   * stills jump 25°), the face box moves by at most STEP_SHIFT of its width and grows or shrinks by
   * at most STEP_SCALE (a tilt changes the box by up to 1.24× a frame on the composed captures), and
   * the descriptors stay at STEP_SAME or more (0.95–1 on the composed captures; 0.72–0.87 from one
   * photo of the man to another).
   */
  STEP_TURN: 0.26,
  STEP_SHIFT: 0.25,
  STEP_SCALE: 1.4,
  STEP_SAME: 0.9,
  /**
   * Every frame with the head straight (within STRAIGHT of the first frame) is the same picture of the
   * face as the first: 0.90–1 on the composed captures, smile included; at most 0.87 when the smile
   * is another photo of the man cut or faded in (aligned on his face or not). A narrow margin on
   * composed pictures: a real smile may move the descriptor more than the composed one (ADR 0013).
   */
  SAME_CAPTURE: 0.88,
  /** A gesture counts when shown on this many consecutive frames (half a second: made and held). */
  HOLD_FRAMES: 2,
  /**
   * Likeness to the profile photos (the best photo, averaged over the frames): at or above MATCH
   * verified; from REVIEW to MATCH an administrator decides; below, refused. On the sample set
   * (bench/verification.ts), the same man's photos score 0.65–0.86 together, other people 0.28–0.55
   * against him and 0.23–0.61 between them.
   */
  MATCH: 0.68,
  REVIEW: 0.55,
} as const;

export type Decision =
  | { outcome: "verified"; likeness: number; descriptor: number[] }
  | { outcome: "review"; reason: VerificationReason; likeness: number; descriptor: number[] }
  | { outcome: "refused"; reason: VerificationReason; likeness: number | null };

type Similarity = (a: readonly number[], b: readonly number[]) => number;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** Whether `frame` shows `gesture` compared with the first frame. */
function shows(gesture: Gesture, frame: FaceFinding, first: FaceFinding): boolean {
  switch (gesture) {
    // The camera's picture is not mirrored: the member's left is the picture's right, so a head
    // tilted to the member's left turns clockwise in it (roll grows) and turned to the left, the
    // yaw grows the same way.
    case "tilt-left":
      return frame.roll - first.roll >= THRESHOLDS.TILT;
    case "tilt-right":
      return first.roll - frame.roll >= THRESHOLDS.TILT;
    case "turn-left":
      return frame.yaw - first.yaw >= THRESHOLDS.TURN;
    case "turn-right":
      return first.yaw - frame.yaw >= THRESHOLDS.TURN;
    case "smile":
      return (
        frame.smile - first.smile >= THRESHOLDS.SMILE_GAIN &&
        frame.mouthWidth - first.mouthWidth >= THRESHOLDS.MOUTH_GAIN &&
        Math.abs(frame.roll - first.roll) < THRESHOLDS.STRAIGHT &&
        Math.abs(frame.yaw - first.yaw) < THRESHOLDS.STRAIGHT
      );
    case "blink":
      return frame.blink && !first.blink;
  }
}

/** The gestures were made in order, each held on HOLD_FRAMES consecutive frames after the previous one. */
function followed(gestures: readonly Gesture[], faces: FaceFinding[]): boolean {
  const first = faces[0];
  if (!first) return false;
  let from = 1;
  for (const gesture of gestures) {
    let run = 0;
    for (; from < faces.length && run < THRESHOLDS.HOLD_FRAMES; from++)
      run = shows(gesture, faces[from]!, first) ? run + 1 : 0;
    if (run < THRESHOLDS.HOLD_FRAMES) return false;
  }
  return true;
}

const centre = (f: FaceFinding) => [f.box[0] + f.box[2] / 2, f.box[1] + f.box[3] / 2] as const;

/** Frame `b` follows frame `a` of the same capture: no jump in pose, place, size or face. */
function continuous(a: FaceFinding, b: FaceFinding, similarity: Similarity): boolean {
  const [ax, ay] = centre(a);
  const [bx, by] = centre(b);
  const scale = Math.max(b.box[2] / a.box[2], a.box[2] / b.box[2]);
  return (
    Math.abs(b.roll - a.roll) <= THRESHOLDS.STEP_TURN &&
    Math.abs(b.yaw - a.yaw) <= THRESHOLDS.STEP_TURN &&
    Math.hypot(bx - ax, by - ay) <= THRESHOLDS.STEP_SHIFT * Math.max(a.box[2], b.box[2]) &&
    scale <= THRESHOLDS.STEP_SCALE &&
    similarity(a.embedding, b.embedding) >= THRESHOLDS.STEP_SAME
  );
}

/** The frames are one live sequence: each follows the one before, and the straight ones are the first's face. */
function oneSequence(faces: FaceFinding[], similarity: Similarity): boolean {
  const first = faces[0]!;
  return faces.every(
    (f, i) =>
      (i === 0 || continuous(faces[i - 1]!, f, similarity)) &&
      (Math.abs(f.roll - first.roll) >= THRESHOLDS.STRAIGHT ||
        Math.abs(f.yaw - first.yaw) >= THRESHOLDS.STRAIGHT ||
        similarity(f.embedding, first.embedding) >= THRESHOLDS.SAME_CAPTURE),
  );
}

/** The mean of the frames' descriptors: what is kept while the badge is valid. */
function meanDescriptor(faces: FaceFinding[]): number[] {
  const n = faces[0]?.embedding.length ?? 0;
  return Array.from(
    { length: n },
    (_, i) => faces.reduce((sum, f) => sum + (f.embedding[i] ?? 0), 0) / faces.length,
  );
}

export function decide(input: {
  gestures: readonly Gesture[];
  /** Every frame of the capture, in the order taken. */
  frames: readonly FaceAnalysis[];
  /** The faces found in the member's profile photos (the largest of each photo). */
  profileFaces: readonly FaceFinding[];
  similarity: Similarity;
}): Decision {
  const { frames, similarity } = input;
  const refuse = (reason: VerificationReason, likeness: number | null = null): Decision => ({
    outcome: "refused",
    reason,
    likeness,
  });
  if (frames.some((f) => f.faces.filter((x) => x.score >= THRESHOLDS.FACE_SCORE).length > 1))
    return refuse("SEVERAL_FACES");
  const faces = frames.map((f) => f.faces.find((x) => x.score >= THRESHOLDS.FACE_SCORE));
  if (faces.some((f) => !f || f.embedding.length === 0)) return refuse("NO_FACE");
  const found = faces as FaceFinding[];
  const first = found[0]!;
  if (found.some((f) => similarity(f.embedding, first.embedding) < THRESHOLDS.SAME_PERSON))
    return refuse("DIFFERENT_FACES");
  if (
    found.some((f) => f.live < THRESHOLDS.LIVE_EACH || f.real < THRESHOLDS.REAL_EACH) ||
    median(found.map((f) => f.live)) < THRESHOLDS.LIVE ||
    median(found.map((f) => f.real)) < THRESHOLDS.REAL
  )
    return refuse("NOT_LIVE");
  if (!oneSequence(found, similarity)) return refuse("NOT_CONTINUOUS");
  if (!followed(input.gestures, found)) return refuse("CHALLENGE_NOT_FOLLOWED");
  const profile = input.profileFaces.filter((f) => f.embedding.length > 0);
  if (profile.length === 0) return refuse("NO_PROFILE_FACE");
  const likeness = Math.max(
    ...profile.map(
      (p) => found.reduce((sum, f) => sum + similarity(f.embedding, p.embedding), 0) / found.length,
    ),
  );
  const descriptor = meanDescriptor(found);
  if (likeness >= THRESHOLDS.MATCH) return { outcome: "verified", likeness, descriptor };
  if (likeness >= THRESHOLDS.REVIEW) return { outcome: "review", reason: "UNCERTAIN", likeness, descriptor };
  return refuse("NO_MATCH", likeness);
}
