// Demo photos drawn locally: an SVG composition (warm gradient, soft shapes, the member's initials)
// rendered to JPEG with sharp, plus its 400×400 thumbnail. Nothing is downloaded, no face is shown.
import { PHOTO_FOLDER, PHOTO_THUMB_DIMENSION } from "@domain/constants.ts";
import sharp from "sharp";
import { photoKey, thumbKey } from "../../server/features/photos/photo-keys.ts";
import { ObjectExistsError, type Storage } from "../../server/storage/storage.ts";
import { Random } from "./random.ts";

/** Drawing coordinates (a 4:5 portrait)... */
const WIDTH = 600;
const HEIGHT = 750;
/** ...rendered at this size: plenty for a profile card and quick to encode. */
const OUT_WIDTH = 480;
const OUT_HEIGHT = 600;
const JPEG = { quality: 74, optimiseCoding: false, chromaSubsampling: "4:2:0" } as const;
/** Images rendered at once: enough to keep two cores busy without piling up memory. */
const BATCH = 6;

function hex(h: number, s: number, l: number): string {
  // HSL → RGB, written out so the SVG only uses colours every renderer understands.
  const hue = ((h % 360) + 360) % 360;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + hue / 30) % 12;
    const v = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

/** The SVG of one picture; `hue` sets the member's palette, `seed` the shapes of this picture. */
export function portraitSvg(initials: string, hue: number, seed: number): string {
  const rng = new Random(seed);
  const h2 = hue + rng.int(20, 45);
  const shapes: string[] = [];
  for (let i = 0; i < 6; i++) {
    const r = rng.int(60, 220);
    const colour = hex(hue + rng.int(-30, 60), 0.8, rng.int(55, 85) / 100);
    const opacity = (rng.int(12, 30) / 100).toFixed(2);
    shapes.push(
      `<circle cx="${rng.int(0, WIDTH)}" cy="${rng.int(0, HEIGHT)}" r="${r}" fill="${colour}" fill-opacity="${opacity}"/>`,
    );
  }
  const waveY = rng.int(480, 620);
  shapes.push(
    `<path d="M0 ${waveY} Q ${WIDTH / 2} ${waveY - rng.int(40, 140)} ${WIDTH} ${waveY + rng.int(-40, 40)} V ${HEIGHT} H 0 Z" fill="#ffffff" fill-opacity="0.12"/>`,
  );
  const safe = initials.replace(/[<>&"']/g, "");
  const text = safe
    ? `<text x="${WIDTH / 2}" y="${HEIGHT / 2 + 70}" font-family="DejaVu Sans, sans-serif" font-size="200" font-weight="bold" fill="#ffffff" fill-opacity="0.9" text-anchor="middle">${safe}</text>`
    : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OUT_WIDTH}" height="${OUT_HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${hex(hue, 0.75, 0.66)}"/><stop offset="1" stop-color="${hex(h2, 0.7, 0.42)}"/>
</linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
${shapes.join("\n")}
<circle cx="${WIDTH / 2}" cy="${HEIGHT / 2}" r="190" fill="#ffffff" fill-opacity="0.14"/>
${text}
</svg>`;
}

export interface RenderedPhoto {
  main: Buffer;
  thumb: Buffer;
}

/**
 * Renders the portrait and its thumbnail straight from the vectors: the thumbnail's viewBox is the
 * centred square a 400×400 "cover" crop would keep, which is cheaper than resizing the pixels.
 */
export async function renderPhoto(svg: string): Promise<RenderedPhoto> {
  const side = Math.min(WIDTH, HEIGHT);
  const square = svg.replace(
    `width="${OUT_WIDTH}" height="${OUT_HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"`,
    `width="${PHOTO_THUMB_DIMENSION}" height="${PHOTO_THUMB_DIMENSION}" viewBox="${(WIDTH - side) / 2} ${(HEIGHT - side) / 2} ${side} ${side}"`,
  );
  const [main, thumb] = await Promise.all([
    sharp(Buffer.from(svg)).flatten().jpeg(JPEG).toBuffer(),
    sharp(Buffer.from(square)).flatten().jpeg(JPEG).toBuffer(),
  ]);
  return { main, thumb };
}

export interface PhotoJob {
  userId: string;
  initials: string;
  hue: number;
  count: number;
  /** Millisecond timestamp of the first upload; the next ones follow a minute apart. */
  uploadedAt: number;
  seed: number;
}

export interface PhotoTask {
  key: string;
  svg: string;
}

/** The storage keys and drawings of a member's photos, main photo first; nothing is drawn yet. */
export function planPhotos(job: PhotoJob): PhotoTask[] {
  return Array.from({ length: job.count }, (_, i) => ({
    key: photoKey(job.userId, job.uploadedAt + i * 60_000, ".jpg"),
    svg: portraitSvg(job.initials, job.hue + i * 12, job.seed + i),
  }));
}

async function inBatches<T>(
  items: readonly T[],
  size: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  for (let i = 0; i < items.length; i += size) {
    await Promise.all(items.slice(i, i + size).map(fn));
  }
}

/** Draws and stores each photo with its thumbnail (at thumbKey). */
export async function storePhotos(storage: Storage, tasks: readonly PhotoTask[]): Promise<void> {
  await inBatches(tasks, BATCH, async (task) => {
    const photo = await renderPhoto(task.svg);
    await storage.put(task.key, photo.main, "image/jpeg");
    await storage.put(thumbKey(task.key), photo.thumb, "image/jpeg");
  });
}

export const POOL_SIZE = 24;

export function poolKey(n: number): string {
  return `${PHOTO_FOLDER}/seedpool-${n}.jpg`;
}

/**
 * The shared pictures of large data sets: drawn once, reused by later runs (put() refuses to
 * overwrite, which here just means the picture is already there).
 */
export async function ensurePhotoPool(storage: Storage, size = POOL_SIZE): Promise<string[]> {
  const keys = Array.from({ length: size }, (_, n) => poolKey(n + 1));
  await inBatches(keys, BATCH, async (key) => {
    if ((await storage.get(key)) && (await storage.get(thumbKey(key)))) return;
    const n = keys.indexOf(key);
    const photo = await renderPhoto(portraitSvg("", -45 + Math.round((n * 95) / size), 7_000 + n));
    for (const [k, body] of [
      [key, photo.main],
      [thumbKey(key), photo.thumb],
    ] as const) {
      try {
        await storage.put(k, body, "image/jpeg");
      } catch (err) {
        if (!(err instanceof ObjectExistsError)) throw err;
      }
    }
  });
  return keys;
}
