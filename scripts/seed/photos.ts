// Demo photos drawn locally: illustrated portraits (DiceBear's Avataaars style, see portrait-svg.ts
// for the credits) rendered to WebP with sharp, each with its 400×400 thumbnail, stored like the
// photos members upload. Nothing is downloaded. A member's photos all show the same person. Their
// AVIF and WebP renditions (issue 39) are not drawn here: the server's backfill queues them once the
// members are in (at its next start, and daily), a pooled picture once for everyone who shows it.
import { createHash } from "node:crypto";
import { GENDERS, PHOTO_FOLDER, PHOTO_FORMATS, PHOTO_THUMB_DIMENSION } from "@domain/constants.ts";
import sharp from "sharp";
import { photoKey, thumbKey } from "../../server/platform/storage/photo-keys.ts";
import { ObjectExistsError, type Storage } from "../../server/platform/storage/storage.ts";
import type { Region } from "./names.ts";
import {
  type Person,
  type PhotoPose,
  type PortraitLook,
  photoPose,
  portraitLook,
  TONE_GROUPS,
  type ToneGroup,
  toneGroupOf,
} from "./portrait-look.ts";
import { portraitSvgs } from "./portrait-svg.ts";
import { Random } from "./random.ts";

/** Rendered size of the main photo: 4:5, plenty for the profile gallery and quick to encode. */
export const MAIN_WIDTH = 480;
export const MAIN_HEIGHT = 600;
const WEBP = PHOTO_FORMATS.webp;
/**
 * Encoding WebP is the largest part of the drawing time. Effort 0 (measured against 2) takes about
 * an eighth off the demo seed's CPU time for files about half as large again: some 18 KiB for a
 * photo and its thumbnail, about what the JPEG drawings these portraits replaced weighed.
 */
const WEBP_OPTIONS = { quality: 80, effort: 0 } as const;
/** Images rendered at once: enough to keep two cores busy without piling up memory. */
const BATCH = 6;

export interface RenderedPhoto {
  main: Buffer;
  thumb: Buffer;
}

/** Renders one photo of a person and its thumbnail, both straight from the vectors. */
export async function renderPhoto(look: PortraitLook, pose: PhotoPose): Promise<RenderedPhoto> {
  const svgs = portraitSvgs(look, pose, {
    width: MAIN_WIDTH,
    height: MAIN_HEIGHT,
    side: PHOTO_THUMB_DIMENSION,
  });
  const encode = (svg: string) => sharp(Buffer.from(svg)).flatten().webp(WEBP_OPTIONS).toBuffer();
  const [main, thumb] = await Promise.all([encode(svgs.main), encode(svgs.thumb)]);
  return { main, thumb };
}

export interface PhotoJob {
  userId: string;
  person: Person;
  /** Backdrop hue of the first photo. */
  hue: number;
  count: number;
  /** Millisecond timestamp of the first upload; the next ones follow a minute apart. */
  uploadedAt: number;
  seed: number;
}

export interface PhotoTask {
  key: string;
  look: PortraitLook;
  pose: PhotoPose;
}

/**
 * The random part of a seeded photo's name (photo-keys.ts), drawn from the member's seed rather than
 * the system's randomness, so the same seed plans the same photos; the PRNG's own sequence (the
 * person, the poses) is left as it was.
 */
function seededNonce(job: PhotoJob, index: number): string {
  return createHash("sha256").update(`${job.userId}:${job.seed}:${index}`).digest("hex").slice(0, 32);
}

/**
 * The storage keys, person and poses of a member's photos, main photo first; nothing is drawn yet.
 * The look is drawn once from the member's seed, so every photo shows the same person.
 */
export function planPhotos(job: PhotoJob): PhotoTask[] {
  const rng = new Random(job.seed);
  const look = portraitLook(job.person, rng);
  return Array.from({ length: job.count }, (_, i) => ({
    key: photoKey(job.userId, job.uploadedAt + i * 60_000, WEBP.ext, seededNonce(job, i)),
    look,
    pose: photoPose(look, job.hue, i, rng),
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
    const photo = await renderPhoto(task.look, task.pose);
    await storage.put(task.key, photo.main, WEBP.mime);
    await storage.put(thumbKey(task.key), photo.thumb, WEBP.mime);
  });
}

/**
 * The shared pictures of large data sets: for each gender and skin-tone group, two people with two
 * photos each (2 × 3 × 2 × 2 = 24), so a member gets pictures of one person who fits them
 * (members planned with three photos get two).
 */
const POOL_PEOPLE = 2;
const POOL_POSES = 2;
export const POOL_SIZE = GENDERS.length * TONE_GROUPS.length * POOL_PEOPLE * POOL_POSES;
/** The region each pooled person comes from, by tone group. */
const POOL_REGIONS: Record<ToneGroup, readonly Region[]> = {
  dark: ["subsaharan", "subsaharan"],
  medium: ["maghreb", "madagascar"],
  light: ["europe", "europe"],
};
const POOL_AGES = [31, 44];

export function poolKey(n: number): string {
  return `${PHOTO_FOLDER}/seedpool-${n}${WEBP.ext}`;
}

interface PoolPerson {
  person: Person;
  /** Pool numbers (poolKey) of this person's photos. */
  numbers: number[];
}

/** Who the pool shows, in pool-number order: by gender, then tone group from dark to light. */
function poolPeople(): PoolPerson[] {
  const people: PoolPerson[] = [];
  let n = 1;
  for (const gender of GENDERS) {
    for (const group of TONE_GROUPS) {
      for (let p = 0; p < POOL_PEOPLE; p++) {
        const person = { gender, region: POOL_REGIONS[group][p]!, age: POOL_AGES[p]! };
        people.push({ person, numbers: Array.from({ length: POOL_POSES }, () => n++) });
      }
    }
  }
  return people;
}

/** Pooled pictures by "gender/tone group": for each person, their photo keys. */
export type PhotoPool = ReadonlyMap<string, readonly (readonly string[])[]>;

const poolGroup = (gender: string, group: ToneGroup) => `${gender}/${group}`;

/**
 * Draws the pool once and reuses it on later runs (put() refuses to overwrite, which here just
 * means the picture is already there).
 */
export async function ensurePhotoPool(storage: Storage): Promise<PhotoPool> {
  const people = poolPeople();
  const tasks = people.flatMap((p, i) => {
    const rng = new Random(7_000 + i);
    const look = portraitLook(p.person, rng);
    return p.numbers.map((n, pose) => ({ key: poolKey(n), look, pose: photoPose(look, i * 60, pose, rng) }));
  });
  await inBatches(tasks, BATCH, async (task) => {
    if ((await storage.get(task.key)) && (await storage.get(thumbKey(task.key)))) return;
    const photo = await renderPhoto(task.look, task.pose);
    for (const [k, body] of [
      [task.key, photo.main],
      [thumbKey(task.key), photo.thumb],
    ] as const) {
      try {
        await storage.put(k, body, WEBP.mime);
      } catch (err) {
        if (!(err instanceof ObjectExistsError)) throw err;
      }
    }
  });
  const pool = new Map<string, string[][]>();
  for (const p of people) {
    const group = poolGroup(p.person.gender, toneGroupOf(p.person.region));
    pool.set(group, [...(pool.get(group) ?? []), p.numbers.map(poolKey)]);
  }
  return pool;
}

/** Pooled photos for a member: up to `count` photos of one person of their gender and tone group. */
export function pickPooledPhotos(
  pool: PhotoPool,
  person: Omit<Person, "age">,
  count: number,
  rng: Random,
): string[] {
  if (count === 0) return [];
  const people = pool.get(poolGroup(person.gender, toneGroupOf(person.region)));
  if (!people?.length) throw new Error(`No pooled photos for ${person.gender}/${person.region}`);
  return rng.pick(people).slice(0, count);
}
