// A video for Chromium's fake camera (--use-file-for-fake-video-capture), made from the sample faces
// of @vladmandic/human's package (server/test/face-samples.ts): the same man straight and neutral,
// then his head tilted to his left (clockwise in the camera's unmirrored picture), then smiling —
// timed on the page's capture schedule so that each gesture is on screen when it is asked for.
// Written as YUV4MPEG2 (4:2:0), which Chromium's file capture device reads and plays in a loop; the
// file is made by the journey's first worker, in the test output folder, and never committed.
import { mkdir, open, rename, stat } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { face, SAME_PERSON, tilted } from "../server/test/face-samples.ts";
import { CAPTURE_SCHEDULE, captureSteps } from "../web/features/verification/capture-schedule.ts";

export const VIDEO = { width: 640, height: 480, fps: 10 };
const GREY = { r: 128, g: 128, b: 128 };

/**
 * A face picture enlarged `scale` times and centred on a grey 640 × 480 camera frame, as raw RGB.
 *
 * The sizes are chosen, not incidental: the samples are 100 px crops enlarged, and on them the
 * emotion model's « happy » and the face mesh's mouth width move with the face's size in the
 * picture about as much as with the smile itself. Measured on frames put through this file's 4:2:0
 * conversion and back and encoded as JPEG at qualities 75 to 95 with the brightness ±6 %: the neutral
 * face at 1.2 scores no « happy » and a mouth width of 0.57–0.60; the smiling face at 1.21, 1.24 and
 * 1.25 scores 0.12–0.66 and 0.63–0.67 — together, each of the page's frames of the smile meets
 * decide.ts's thresholds (+0.15, +0.04) in most conversions, and one of three always did.
 */
async function cameraFrame(picture: Buffer, scale: number): Promise<Buffer> {
  const { width, height } = VIDEO;
  const meta = await sharp(picture).metadata();
  const w = Math.round((meta.width ?? 0) * scale);
  const h = Math.round((meta.height ?? 0) * scale);
  // What overflows the frame (grey margin) is cut evenly on both sides.
  const cut = { width: Math.min(w, width), height: Math.min(h, height) };
  const enlarged = await sharp(picture)
    .resize(w, h)
    .extract({ left: Math.round((w - cut.width) / 2), top: Math.round((h - cut.height) / 2), ...cut })
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: GREY } })
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

/** RGB to planar I420 (BT.601, limited range, as a camera gives it), chroma averaged over 2 × 2. */
export function rgbToI420(rgb: Buffer, width: number, height: number): Buffer {
  const ySize = width * height;
  const cw = width / 2;
  const out = Buffer.alloc(ySize * 1.5);
  for (let i = 0; i < ySize; i++) {
    const r = rgb[i * 3]!;
    const g = rgb[i * 3 + 1]!;
    const b = rgb[i * 3 + 2]!;
    out[i] = Math.round(16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255);
  }
  for (let y = 0; y < height / 2; y++) {
    for (let x = 0; x < cw; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const p = ((y * 2 + dy) * width + x * 2 + dx) * 3;
        r += rgb[p]!;
        g += rgb[p + 1]!;
        b += rgb[p + 2]!;
      }
      r /= 4;
      g /= 4;
      b /= 4;
      out[ySize + y * cw + x] = Math.round(128 + (-37.797 * r - 74.203 * g + 112 * b) / 255);
      out[ySize + ySize / 4 + y * cw + x] = Math.round(128 + (112 * r - 93.786 * g - 18.214 * b) / 255);
    }
  }
  return out;
}

/**
 * What the camera shows, in seconds from its start: the neutral face, then each gesture from three
 * quarters of the way through its countdown until as far into the next one's. Counted from the
 * page's schedule, which starts once the camera plays and the challenge is drawn: the page may start
 * up to 2.2 s after the camera, or the camera's pictures lag up to 1.2 s behind, and the frames still
 * show every gesture in order (checked with decide.ts on this file's pictures, converted back to RGB
 * and encoded as JPEG, for each shift in steps of 0.1 s).
 */
export function timeline(): { until: number; shows: "neutral" | "tilt-left" | "smile" }[] {
  const steps = captureSteps(2);
  const prompts = steps.filter((s) => s.kind === "gesture").map((s) => s.atMs / 1000);
  const lead = CAPTURE_SCHEDULE.gestureSeconds * 0.75;
  const last = steps.at(-1)!.atMs / 1000;
  return [
    { until: prompts[0]! + lead, shows: "neutral" },
    { until: prompts[1]! + lead, shows: "tilt-left" },
    { until: last + 3, shows: "smile" },
  ];
}

// Square pixels, progressive, 4:2:0 with JPEG-style chroma siting.
const HEADER = `YUV4MPEG2 W${VIDEO.width} H${VIDEO.height} F${VIDEO.fps}:1 Ip A1:1 C420jpeg\n`;

/** The size of the file writeFakeCameraVideo writes. */
function expectedBytes(): number {
  const { width, height, fps } = VIDEO;
  const frames = Math.round(timeline().at(-1)!.until * fps);
  return HEADER.length + frames * ("FRAME\n".length + width * height * 1.5);
}

/**
 * Writes the video to `file` (about 65 MB: 14 s of 640 × 480 at 10 frames a second) unless a worker
 * already did, and returns its path. Written under another name, then renamed: a worker never
 * reads a half-written file.
 */
export async function writeFakeCameraVideo(file: string): Promise<string> {
  const existing = await stat(file).catch(() => null);
  if (existing?.size === expectedBytes()) return file;
  const neutral = await face(SAME_PERSON[1]!);
  const smiling = await face(SAME_PERSON[5]!);
  const { width, height, fps } = VIDEO;
  const i420 = async (picture: Buffer, scale: number) =>
    rgbToI420(await cameraFrame(picture, scale), width, height);
  // Each part's frames in turn: the smile at three sizes (see cameraFrame), so that frames taken
  // half a second apart show different ones.
  const frames = {
    neutral: [await i420(neutral, 1.2)],
    "tilt-left": [await i420(await tilted(neutral, 25), 1.2)],
    smile: [await i420(smiling, 1.24), await i420(smiling, 1.21), await i420(smiling, 1.25)],
  };
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.part`;
  const out = await open(partial, "w");
  try {
    await out.write(HEADER);
    let t = 0;
    for (const part of timeline()) {
      const pictures = frames[part.shows];
      for (; t < Math.round(part.until * fps); t++) {
        await out.write("FRAME\n");
        await out.write(pictures[t % pictures.length]!);
      }
    }
  } finally {
    await out.close();
  }
  await rename(partial, file);
  return file;
}
