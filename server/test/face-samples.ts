// Test faces, composed from the sample images that ship inside @vladmandic/human (never downloaded):
// its « facematch » screenshot shows a grid of faces extracted from its sample photos, sorted by
// likeness to the first one. The first row is one person (six photos of him); other cells are
// other people. Crops are enlarged and framed like a selfie; tilts, mirrors, smiles and « photos
// of a photo » are composed from them, and so are live captures: one photo moved and smiled, frame
// after frame, on the capture's schedule (liveCapture).
import { createRequire } from "node:module";
import path from "node:path";
import { CAPTURE, captureFrameCount, type Gesture } from "@domain/verification.ts";
import sharp from "sharp";

const require = createRequire(import.meta.url);
const GRID = path.join(
  path.dirname(require.resolve("@vladmandic/human")),
  "..",
  "assets",
  "screenshot-facematch.jpg",
);

// The grid: 18 columns of 106.67 px from x = 0, rows of 113 px from y = 284 (1920 × 954 image).
const cell = (row: number, col: number) => ({
  left: Math.round(col * 106.67) + 2,
  top: 284 + row * 113,
  width: 102,
  height: 92,
});

/** The same man in six photos (row 1 of the grid): [neutral…, smiling last]. */
export const SAME_PERSON = [0, 1, 2, 3, 4, 5].map((col) => cell(0, col));
/** Other people, men and women. */
export const OTHER_PEOPLE = [
  cell(1, 6),
  cell(1, 7),
  cell(2, 1),
  cell(2, 2),
  cell(2, 3),
  cell(2, 5),
  cell(2, 8),
  cell(3, 2),
];

type Point = readonly [number, number];
/**
 * The mouth's corners in face()'s picture of each sample, as Human's face mesh finds them (points 61
 * and 291): where smiled() pulls them.
 */
export const SAME_PERSON_MOUTHS: readonly (readonly [Point, Point])[] = [
  [
    [195, 262],
    [270, 263],
  ],
  [
    [189, 265],
    [260, 264],
  ],
  [
    [209, 254],
    [272, 257],
  ],
  [
    [196, 264],
    [267, 267],
  ],
  [
    [195, 262],
    [263, 263],
  ],
  [
    [196, 265],
    [264, 271],
  ],
];
export const OTHER_PEOPLE_MOUTHS: readonly (readonly [Point, Point])[] = [
  [
    [163, 259],
    [245, 259],
  ],
  [
    [240, 274],
    [312, 264],
  ],
  [
    [169, 262],
    [237, 266],
  ],
  [
    [188, 247],
    [261, 251],
  ],
  [
    [199, 267],
    [276, 270],
  ],
  [
    [189, 245],
    [258, 253],
  ],
  [
    [147, 262],
    [201, 264],
  ],
  [
    [186, 246],
    [260, 250],
  ],
];

/** A face crop enlarged three times and framed in grey, like a selfie or a profile photo. */
export async function face(region: ReturnType<typeof cell>): Promise<Buffer> {
  return sharp(GRID)
    .extract(region)
    .resize(region.width * 3, region.height * 3, { kernel: "lanczos3" })
    .extend({ top: 60, bottom: 60, left: 60, right: 60, background: "#808080" })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** The face tilted by `degrees` (positive: clockwise), as a head tilted to the side. */
export async function tilted(image: Buffer, degrees: number): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  return sharp(await sharp(image).rotate(degrees, { background: "#808080" }).toBuffer())
    .resize(width, height, { fit: "cover" })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** The same picture printed and held up to the camera: duller, softer, the same in every frame. */
export async function printed(image: Buffer): Promise<Buffer> {
  return sharp(image)
    .modulate({ saturation: 0.6, brightness: 1.05 })
    .blur(0.8)
    .jpeg({ quality: 60 })
    .toBuffer();
}

/**
 * The face smiling by `amount` (0 to 1): the mouth's corners pulled outwards and up (by 20 % and
 * 15 % of the mouth's width at 1), the skin around them following smoothly — one picture, its
 * mouth moved, as a face smiles in front of a camera. At 1, on 320 × 240 camera frames, the face
 * mesh reads a mouth 0.07–0.10 wider on each of the man's neutral photos and the emotion model a
 * smile on three of five (bench/verification.ts); the face's descriptor hardly moves (0.98–1).
 */
export async function smiled(image: Buffer, mouth: readonly [Point, Point], amount: number): Promise<Buffer> {
  if (amount <= 0) return image;
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const [[lx, ly], [rx, ry]] = mouth;
  const span = Math.hypot(rx - lx, ry - ly);
  const dx = 0.2 * span * amount;
  const dy = -0.15 * span * amount;
  const moves = [
    { x: lx - dx, y: ly + dy, dx: -dx, dy },
    { x: rx + dx, y: ry + dy, dx, dy },
  ];
  const twoSigma2 = 2 * (0.25 * span) ** 2;
  const out = Buffer.alloc(data.length);
  // Each pixel reads where it came from (the displacement centred on the corners' new places).
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sx = x;
      let sy = y;
      for (const m of moves) {
        const w = Math.exp(-((x - m.x) ** 2 + (y - m.y) ** 2) / twoSigma2);
        sx -= m.dx * w;
        sy -= m.dy * w;
      }
      const x0 = Math.min(width - 2, Math.max(0, Math.floor(sx)));
      const y0 = Math.min(height - 2, Math.max(0, Math.floor(sy)));
      const fx = Math.min(1, Math.max(0, sx - x0));
      const fy = Math.min(1, Math.max(0, sy - y0));
      for (let c = 0; c < 3; c++) {
        const at = (yy: number, xx: number) => data[(yy * width + xx) * 3 + c]!;
        out[(y * width + x) * 3 + c] = Math.round(
          at(y0, x0) * (1 - fx) * (1 - fy) +
            at(y0, x0 + 1) * fx * (1 - fy) +
            at(y0 + 1, x0) * (1 - fx) * fy +
            at(y0 + 1, x0 + 1) * fx * fy,
        );
      }
    }
  }
  return sharp(out, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** A face's pose: the head's tilt in degrees (positive: clockwise in the picture) and its smile, 0 to 1. */
export interface Pose {
  roll: number;
  smile: number;
}

/** Degrees of a head tilted to a side in the composed captures. */
export const LIVE_TILT = 25;

const POSES: Partial<Record<Gesture, Pose>> = {
  // The camera's picture is not mirrored: the member's left is clockwise (decide.ts).
  "tilt-left": { roll: LIVE_TILT, smile: 0 },
  "tilt-right": { roll: -LIVE_TILT, smile: 0 },
  smile: { roll: 0, smile: 1 },
};
const REST: Pose = { roll: 0, smile: 0 };

/**
 * How a member follows `gestures` on the capture's schedule, at `ms` after the first frame: at rest,
 * then for each gesture, 0.3 s after its prompt, a second's steady movement from the pose before
 * (undone meanwhile) to the gesture's, held until the next prompt. Turning the head is not composed
 * (a photo cannot turn).
 */
export function poseAt(gestures: readonly Gesture[], ms: number): Pose {
  let pose = REST;
  for (const [k, gesture] of gestures.entries()) {
    const target = POSES[gesture];
    if (!target) throw new Error(`poseAt: ${gesture} is not composed`);
    const start = (CAPTURE.REST_SECONDS + k * CAPTURE.GESTURE_SECONDS) * 1000 + 300;
    const f = Math.min(1, Math.max(0, (ms - start) / 1000));
    if (f === 0) break;
    pose = {
      roll: pose.roll + (target.roll - pose.roll) * f,
      smile: pose.smile + (target.smile - pose.smile) * f,
    };
  }
  return pose;
}

/** The face picture in `pose`: smiled, then tilted. */
export async function posed(image: Buffer, mouth: readonly [Point, Point], pose: Pose): Promise<Buffer> {
  const face = await smiled(image, mouth, pose.smile);
  return Math.abs(pose.roll) < 0.01 ? face : tilted(face, pose.roll);
}

export const CAMERA = { width: 640, height: 480 };

/**
 * A face picture enlarged `scale` times and centred on a grey 640 × 480 camera frame, as raw RGB
 * (what overflows the frame, grey margin, is cut evenly on both sides). At 1.2 the face fills the
 * frame's height, as a selfie at arm's length.
 */
export async function cameraPicture(picture: Buffer, scale = 1.2): Promise<Buffer> {
  const { width, height } = CAMERA;
  const meta = await sharp(picture).metadata();
  const w = Math.round((meta.width ?? 0) * scale);
  const h = Math.round((meta.height ?? 0) * scale);
  const cut = { width: Math.min(w, width), height: Math.min(h, height) };
  const enlarged = await sharp(picture)
    .resize(w, h)
    .extract({ left: Math.round((w - cut.width) / 2), top: Math.round((h - cut.height) / 2), ...cut })
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r: 128, g: 128, b: 128 } } })
    .composite([
      {
        input: enlarged,
        left: Math.round((width - cut.width) / 2),
        top: Math.round((height - cut.height) / 2),
      },
    ])
    .removeAlpha()
    .raw()
    .toBuffer();
}

/** A camera frame (raw RGB, CAMERA's size) as the page sends it: reduced to FRAME_MAX_SIDE, JPEG. */
export function sentFrame(raw: Buffer): Promise<Buffer> {
  const scale = CAPTURE.FRAME_MAX_SIDE / Math.max(CAMERA.width, CAMERA.height);
  return sharp(raw, { raw: { ...CAMERA, channels: 3 } })
    .resize(Math.round(CAMERA.width * scale), Math.round(CAMERA.height * scale))
    .jpeg({ quality: 85 })
    .toBuffer();
}

export interface Capture {
  frames: Buffer[];
  /** When each frame was taken, in milliseconds from the start of the page's schedule. */
  times: number[];
}

/** When the page takes each frame of a capture of `gestures` gestures, a few milliseconds late as timers are. */
export function captureTimes(gestures: number): number[] {
  return Array.from(
    { length: captureFrameCount(gestures) },
    (_, i) => CAPTURE.LOOK_SECONDS * 1000 + i * CAPTURE.FRAME_INTERVAL_MS + ((i * 7) % 13),
  );
}

/**
 * A live capture composed from one photo of a face: the member following `gestures` (poseAt) in
 * front of the camera, each frame as the page sends it, with its time.
 */
export async function liveCapture(
  image: Buffer,
  mouth: readonly [Point, Point],
  gestures: readonly Gesture[],
): Promise<Capture> {
  const times = captureTimes(gestures.length);
  const first = times[0]!;
  const cache = new Map<string, Buffer>();
  const frames: Buffer[] = [];
  for (const t of times) {
    const pose = poseAt(gestures, t - first);
    const key = `${pose.roll.toFixed(2)}/${pose.smile.toFixed(3)}`;
    let frame = cache.get(key);
    if (!frame) {
      frame = await sentFrame(await cameraPicture(await posed(image, mouth, pose)));
      cache.set(key, frame);
    }
    frames.push(frame);
  }
  return { frames, times };
}

/** Two camera pictures (raw RGB, CAMERA's size) mixed, `amount` of `b` over `a`: one photo faded into another. */
export function blended(a: Buffer, b: Buffer, amount: number): Buffer {
  const out = Buffer.alloc(a.length);
  for (let i = 0; i < a.length; i++) out[i] = Math.round(a[i]! * (1 - amount) + (b[i] ?? 0) * amount);
  return out;
}

/**
 * Frames standing still for a capture of `stills.length − 1` gestures: the first still while the face
 * should be at rest, then each next one from its gesture's prompt — what a few photos sent as a
 * burst look like, on the capture's times.
 */
export function spreadStills<T>(stills: readonly T[]): { frames: T[]; times: number[] } {
  const gestures = stills.length - 1;
  const times = captureTimes(gestures);
  const first = times[0]!;
  const frames = times.map((t) => {
    const k = Math.floor((t - first - CAPTURE.REST_SECONDS * 1000) / (CAPTURE.GESTURE_SECONDS * 1000));
    return stills[Math.min(gestures, Math.max(-1, k) + 1)]!;
  });
  return { frames, times };
}
