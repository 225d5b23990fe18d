// A video for Chromium's fake camera (--use-file-for-fake-video-capture), made from one sample face
// of @vladmandic/human's package (server/test/face-samples.ts): the man straight and neutral, then
// his head tilting steadily to his left (clockwise in the camera's unmirrored picture) and held,
// then straightening while he smiles (his mouth warped a little more each frame) — one picture moving
// continuously, as the server demands of a live capture (server/features/verification/decide.ts), timed on
// the page's capture schedule so that each gesture is on screen when it is asked for. Written as
// YUV4MPEG2 (4:2:0), which Chromium's file capture device reads and plays in a loop; the file is
// made by the journey's first worker, in the test output folder, and never committed.
import { mkdir, open, rename, stat } from "node:fs/promises";
import path from "node:path";
import {
  CAMERA,
  cameraPicture,
  face,
  LIVE_TILT,
  type Pose,
  posed,
  SAME_PERSON,
  SAME_PERSON_MOUTHS,
} from "../server/test/face-samples.ts";
import { captureSteps, FIRST_FRAME_MS } from "../web/features/verification/capture-schedule.ts";

export const VIDEO = { ...CAMERA, fps: 10 };

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
 * What the camera shows, in seconds from its start (the page's schedule starts once the camera
 * plays and the challenge is drawn, so its first frame, at FIRST_FRAME_MS, comes at least that late
 * on the video): straight and neutral; from `tilt`, the head tilting LIVE_TILT° in a second, held;
 * from `smile`, straightening and smiling in 0.8 s, held to the end. Each step between two frames of
 * the page (250 ms) stays well within decide.ts's STEP_TURN. The page may start up to 2.2 s after
 * the camera, or the camera's pictures lag up to 1.2 s behind, and its frames still show the face at
 * rest first, then the tilt held at least four frames, then the smile held at least three: its
 * burst covers the video from FIRST_FRAME_MS − 1.2 s to the last frame + 2.2 s.
 */
export function timeline() {
  const first = FIRST_FRAME_MS / 1000;
  const last = captureSteps(2).at(-1)!.atMs / 1000;
  return { tilt: first + 2.1, smile: first + 4.1, end: last + 3.5 };
}

function poseAt(seconds: number): Pose {
  const { tilt, smile } = timeline();
  const ramp = (from: number, length: number) => Math.min(1, Math.max(0, (seconds - from) / length));
  const tilted = ramp(tilt, 1);
  const smiling = ramp(smile, 0.8);
  return { roll: LIVE_TILT * tilted * (1 - smiling), smile: smiling };
}

// Square pixels, progressive, 4:2:0 with JPEG-style chroma siting.
const HEADER = `YUV4MPEG2 W${VIDEO.width} H${VIDEO.height} F${VIDEO.fps}:1 Ip A1:1 C420jpeg\n`;

/** The size of the file writeFakeCameraVideo writes. */
function expectedBytes(): number {
  const { width, height, fps } = VIDEO;
  const frames = Math.round(timeline().end * fps);
  return HEADER.length + frames * ("FRAME\n".length + width * height * 1.5);
}

/**
 * Writes the video to `file` (about 64 MB: 13.5 s of 640 × 480 at 10 frames a second) unless a
 * worker already did, and returns its path. Written under another name, then renamed: a worker never
 * reads a half-written file.
 */
export async function writeFakeCameraVideo(file: string): Promise<string> {
  const existing = await stat(file).catch(() => null);
  if (existing?.size === expectedBytes()) return file;
  const neutral = await face(SAME_PERSON[1]!);
  const { width, height, fps } = VIDEO;
  // Each pose drawn once: the rest and the holds repeat the same picture.
  const drawn = new Map<string, Buffer>();
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.part`;
  const out = await open(partial, "w");
  try {
    await out.write(HEADER);
    const frames = Math.round(timeline().end * fps);
    for (let t = 0; t < frames; t++) {
      const pose = poseAt(t / fps);
      const key = `${pose.roll.toFixed(3)}/${pose.smile.toFixed(3)}`;
      let picture = drawn.get(key);
      if (!picture) {
        const rgb = await cameraPicture(await posed(neutral, SAME_PERSON_MOUTHS[1]!, pose));
        picture = rgbToI420(rgb, width, height);
        drawn.set(key, picture);
      }
      await out.write("FRAME\n");
      await out.write(picture);
    }
  } finally {
    await out.close();
  }
  await rename(partial, file);
  return file;
}
