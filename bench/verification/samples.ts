// The composed test set of bench/verification.ts, from the sample faces of server/test/face-samples.ts
// (the same man in six photos, the last one smiling; eight other people): each face straight and
// tilted 25° clockwise (a head tilted to the member's left, decide.ts), and the man's photos printed
// (« a photo of a photo ») then moved or lit the ways a hand and a lamp can: tilted 25°, tilted 5° the
// other way, lit brighter. Also the sizes the server really receives, for the timings: 640 × 480
// camera frames and profile photos of PHOTO_MAX_DIMENSION on their long side. Composed before the
// engine loads (so that the memory it adds is measured alone), analysed after.
import { PHOTO_MAX_DIMENSION } from "@domain/constants.ts";
import sharp from "sharp";
import { face, OTHER_PEOPLE, printed, SAME_PERSON, tilted } from "../../server/test/face-samples.ts";
import type { FaceAnalysis, FaceEngine } from "../../server/verification/face-engine.ts";

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
  return { him, others, camera, profile, blank };
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
