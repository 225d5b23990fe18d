// The composed test set of bench/verification.ts, from the sample faces of server/test/face-samples.ts
// (the same man in six photos, the last one smiling; eight other people): each face straight and
// tilted 25° clockwise (a head tilted to the member's left, decide.ts), and the man's photos printed
// (« a photo of a photo ») then moved or lit the ways a hand and a lamp can: tilted 25°, tilted 5° the
// other way, lit brighter. Also the sizes the server really receives, for the timings: 640 × 480
// camera frames and profile photos of PHOTO_MAX_DIMENSION on their long side. Composed before the
// engine loads (so that the memory it adds is measured alone), analysed after.
//
// The attempts themselves (composeSequences, after the engine loads) are bursts of camera frames as
// the page sends them (320 × 240 JPEG, on the capture's times): live captures composed from one
// photo moved and its mouth warped (face-samples.ts: liveCapture), and what an attacker holding still
// photos of the man can send instead — his stills as frames, rotated in small steps, cut or faded to
// his smiling photo (aligned on his face or not) — and prints moved, lit or swapped the same way.
import { PHOTO_MAX_DIMENSION } from "@domain/constants.ts";
import type { Gesture } from "@domain/verification.ts";
import sharp from "sharp";
import type { FaceAnalysis, FaceEngine } from "../../server/features/verification/face-engine.ts";
import {
  blended,
  type Capture,
  cameraPicture,
  face,
  liveCapture,
  OTHER_PEOPLE,
  OTHER_PEOPLE_MOUTHS,
  printed,
  SAME_PERSON,
  SAME_PERSON_MOUTHS,
  sentFrame,
  tilted,
} from "../../server/test/face-samples.ts";

/** Degrees, clockwise: the head (or the print) tilted to the member's left. */
export const TILT = 25;
/** Degrees: a print tilted back slightly the other way, as a hand holding it does. */
export const PRINT_BACK = -5;
/** A print lit brighter (sharp's modulate brightness), as when a lamp comes nearer. */
export const LIT = 1.3;
/** The smiling photo of the man (SAME_PERSON[5]). */
export const SMILING = 5;

const HIS = ["photo", "tilted", "print", "printTilted", "printBack", "printLit"] as const;
const THEIRS = ["photo", "tilted"] as const;
export type His<T> = Record<(typeof HIS)[number], T>;
export type Theirs<T> = Record<(typeof THEIRS)[number], T>;

export interface Images {
  him: His<Buffer>[];
  others: Theirs<Buffer>[];
  /** Production sizes: the attempt of decide.test.ts as 640 × 480 camera frames… */
  camera: Buffer[];
  /** …and three of his photos as profile photos of PHOTO_MAX_DIMENSION × ¾ of it. */
  profile: Buffer[];
  /** A camera frame with no face. */
  blank: Buffer;
  /** His live capture from photo 1, tilt then smile, as the page sends it (29 frames of 320 × 240). */
  live: Capture;
  /** A burst of as many frames with no face, at that size. */
  blankBurst: Capture;
}

export interface Analyses {
  him: His<FaceAnalysis>[];
  others: Theirs<FaceAnalysis>[];
}

/** The image letterboxed in grey to `width` × `height` (enlarged if need be). */
const sized = (image: Buffer, width: number, height: number, quality: number) =>
  sharp(image).resize(width, height, { fit: "contain", background: "#808080" }).jpeg({ quality }).toBuffer();

export async function composeImages(): Promise<Images> {
  const him: His<Buffer>[] = [];
  for (const region of SAME_PERSON) {
    const photo = await face(region);
    const print = await printed(photo);
    him.push({
      photo,
      tilted: await tilted(photo, TILT),
      print,
      printTilted: await tilted(print, TILT),
      printBack: await tilted(print, PRINT_BACK),
      printLit: await sharp(print).modulate({ brightness: LIT }).jpeg({ quality: 60 }).toBuffer(),
    });
  }
  const others: Theirs<Buffer>[] = [];
  for (const region of OTHER_PEOPLE) {
    const photo = await face(region);
    others.push({ photo, tilted: await tilted(photo, TILT) });
  }
  const [h0, h1, h2, h3, h5] = [0, 1, 2, 3, SMILING].map((i) => him[i]!);
  const camera = await Promise.all([h1!.photo, h1!.tilted, h5!.photo].map((b) => sized(b, 640, 480, 85)));
  const long = PHOTO_MAX_DIMENSION;
  const profile = await Promise.all(
    [h0!.photo, h2!.photo, h3!.photo].map((b) => sized(b, long, (long * 3) / 4, 82)),
  );
  const blank = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#777" } })
    .jpeg({ quality: 85 })
    .toBuffer();
  const live = await liveCapture(h1!.photo, SAME_PERSON_MOUTHS[1]!, ["tilt-left", "smile"]);
  const blankFrame = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#777" } })
    .jpeg({ quality: 85 })
    .toBuffer();
  const blankBurst = { frames: live.frames.map(() => blankFrame), times: live.times };
  return { him, others, camera, profile, blank, live, blankBurst };
}

async function analyseEach<K extends string>(
  engine: FaceEngine,
  images: Record<K, Buffer>,
): Promise<Record<K, FaceAnalysis>> {
  const out = {} as Record<K, FaceAnalysis>;
  for (const key of Object.keys(images) as K[]) out[key] = await engine.analyse(images[key]);
  return out;
}

export async function analyseImages(engine: FaceEngine, images: Images): Promise<Analyses> {
  const him: His<FaceAnalysis>[] = [];
  for (const h of images.him) him.push(await analyseEach(engine, h));
  const others: Theirs<FaceAnalysis>[] = [];
  for (const o of images.others) others.push(await analyseEach(engine, o));
  return { him, others };
}

/** Degrees of the small steps an attacker rotates a still by, up to TILT. */
export const STEP = 5;

/** What an attacker holds of the man, from his neutral photo i, as camera frames. */
export interface Stills {
  neutral: Buffer;
  /** Rotated STEP°, 2 × STEP°… TILT°. */
  steps: Buffer[];
  /** His smiling photo as it is, and moved and scaled so that his face lies where it lies in photo i. */
  smiling: Buffer;
  aligned: Buffer;
  /** Photo i faded into the smiling photo: ¼, ½, ¾; in six steps; and into the aligned one. */
  fade: Buffer[];
  slowFade: Buffer[];
  alignedFade: Buffer[];
}

/** His print i (« a photo of a photo ») moved and lit by hand, as camera frames. */
export interface Prints {
  /** 0°, STEP°… TILT°. */
  steps: Buffer[];
  /** Tilted back the other way: −2.5°, PRINT_BACK°. */
  back: Buffer[];
  /** Lit brighter: ×1.1, ×1.2, LIT. */
  lit: Buffer[];
  /** A print of his smiling photo faded in: ¼, ½, ¾, 1. */
  smilingFade: Buffer[];
}

export interface Sequences {
  /** His live captures, tilt-left then smile, from each neutral photo (null for the smiling one). */
  hisLive: (Capture | null)[];
  /** Tilt-left only: his, from each of his photos; other people's. */
  hisTilt: Capture[];
  theirTilt: Capture[];
  stills: (Stills | null)[];
  prints: Prints[];
}

const camera = async (picture: Buffer) => sentFrame(await cameraPicture(picture));
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** `picture` moved and scaled so that the face boxed `from` lies on `to` (face() pictures' size). */
async function align(picture: Buffer, from: number[], to: number[]): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(picture).metadata();
  const scale = to[2]! / from[2]!;
  const scaled = await sharp(picture)
    .resize(Math.round(width * scale), Math.round(height * scale))
    .toBuffer();
  const left = Math.round(to[0]! - from[0]! * scale);
  const top = Math.round(to[1]! - from[1]! * scale);
  // Placed on a grey picture of the same size, what overflows cut off.
  const cut = {
    left: Math.max(0, -left),
    top: Math.max(0, -top),
    width: Math.min(Math.round(width * scale) - Math.max(0, -left), width - Math.max(0, left)),
    height: Math.min(Math.round(height * scale) - Math.max(0, -top), height - Math.max(0, top)),
  };
  return sharp({ create: { width, height, channels: 3, background: "#808080" } })
    .composite([
      { input: await sharp(scaled).extract(cut).toBuffer(), left: Math.max(0, left), top: Math.max(0, top) },
    ])
    .jpeg({ quality: 92 })
    .toBuffer();
}

const fades = async (a: Buffer, b: Buffer, amounts: number[]) => {
  const [x, y] = [await cameraPicture(a), await cameraPicture(b)];
  return Promise.all(amounts.map((k) => sentFrame(blended(x, y, k))));
};

export async function composeSequences(engine: FaceEngine, log: (line: string) => void): Promise<Sequences> {
  const BOTH: Gesture[] = ["tilt-left", "smile"];
  const TILT_ONLY: Gesture[] = ["tilt-left"];
  const his = await Promise.all(SAME_PERSON.map((r) => face(r)));
  const theirs = await Promise.all(OTHER_PEOPLE.map((r) => face(r)));
  log("  live captures…");
  const hisLive: (Capture | null)[] = [];
  for (const i of range(his.length))
    hisLive.push(i === SMILING ? null : await liveCapture(his[i]!, SAME_PERSON_MOUTHS[i]!, BOTH));
  const hisTilt: Capture[] = [];
  for (const i of range(his.length))
    hisTilt.push(await liveCapture(his[i]!, SAME_PERSON_MOUTHS[i]!, TILT_ONLY));
  const theirTilt: Capture[] = [];
  for (const j of range(theirs.length))
    theirTilt.push(await liveCapture(theirs[j]!, OTHER_PEOPLE_MOUTHS[j]!, TILT_ONLY));
  log("  stills and prints…");
  const smilingPhoto = his[SMILING]!;
  const smilingBox = (await engine.analyse(smilingPhoto)).faces[0]!.box;
  const smiling = await camera(smilingPhoto);
  const degrees = range(TILT / STEP).map((k) => (k + 1) * STEP);
  const stills: (Stills | null)[] = [];
  for (const i of range(his.length)) {
    if (i === SMILING) {
      stills.push(null);
      continue;
    }
    const photo = his[i]!;
    const alignedPhoto = await align(smilingPhoto, smilingBox, (await engine.analyse(photo)).faces[0]!.box);
    stills.push({
      neutral: await camera(photo),
      steps: await Promise.all(degrees.map(async (d) => camera(await tilted(photo, d)))),
      smiling,
      aligned: await camera(alignedPhoto),
      fade: await fades(photo, smilingPhoto, [0.25, 0.5, 0.75]),
      slowFade: await fades(
        photo,
        smilingPhoto,
        range(6).map((k) => (k + 1) / 7),
      ),
      alignedFade: await fades(photo, alignedPhoto, [0.25, 0.5, 0.75]),
    });
  }
  const smilingPrint = await printed(smilingPhoto);
  const prints: Prints[] = [];
  for (const photo of his) {
    const print = await printed(photo);
    prints.push({
      steps: await Promise.all([0, ...degrees].map(async (d) => camera(d ? await tilted(print, d) : print))),
      back: await Promise.all([PRINT_BACK / 2, PRINT_BACK].map(async (d) => camera(await tilted(print, d)))),
      lit: await Promise.all(
        [1.1, 1.2, LIT].map(async (b) =>
          camera(await sharp(print).modulate({ brightness: b }).jpeg({ quality: 60 }).toBuffer()),
        ),
      ),
      smilingFade: await fades(print, smilingPrint, [0.25, 0.5, 0.75, 1]),
    });
  }
  return { hisLive, hisTilt, theirTilt, stills, prints };
}

/** Every distinct frame of the sequences analysed once (a burst repeats its frames while still). */
export async function analyseFrames(engine: FaceEngine, seq: Sequences): Promise<Map<Buffer, FaceAnalysis>> {
  const frames = new Set<Buffer>();
  const add = (xs: Buffer[]) => {
    for (const x of xs) frames.add(x);
  };
  for (const c of [...seq.hisLive, ...seq.hisTilt, ...seq.theirTilt]) if (c) add(c.frames);
  for (const s of seq.stills)
    if (s) add([s.neutral, ...s.steps, s.smiling, s.aligned, ...s.fade, ...s.slowFade, ...s.alignedFade]);
  for (const p of seq.prints) add([...p.steps, ...p.back, ...p.lit, ...p.smilingFade]);
  const out = new Map<Buffer, FaceAnalysis>();
  for (const f of frames) out.set(f, await engine.analyse(f));
  return out;
}
