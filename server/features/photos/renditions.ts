// A photo's renditions (issue 39, domain/photo-renditions.ts): AVIF and WebP copies at the widths
// the screens show, and a ThumbHash placeholder, made once by a job after the upload (or the
// re-framing, which gives the photo a new key), never during the request. The square ones are cut
// where the 400 px thumbnail was (square-match.ts finds it again in the main image), so the member's
// framing holds; the others are the whole photo. A photo_renditions row is written once every file
// is stored: no row, no renditions in the API's answers.
import { allRenditions, type RenditionFormat, renditionPath } from "@domain/photo-renditions.ts";
import type { PhotoSquare } from "@domain/photo-square.ts";
import { sql } from "drizzle-orm";
import type { Sharp } from "sharp";
import { rgbaToThumbHash } from "thumbhash";
import { z } from "zod";
import type { AppDeps } from "../../deps.ts";
import { type Db, queryRows } from "../../platform/db/client.ts";
import { photoRenditions } from "../../platform/db/schema/index.ts";
import { memberImage, readImageHeader } from "../../platform/images/index.ts";
import { photoOwner, renditionBase, renditionKeys, thumbKey } from "../../platform/storage/photo-keys.ts";
import { forgetRenditions } from "../../platform/storage/photo-renditions.ts";
import { ObjectExistsError, type Storage } from "../../platform/storage/storage.ts";
import { PHOTO_QUEUES } from "./queues.ts";
import { findSquare } from "./square-match.ts";

/**
 * How each format is encoded. AVIF's effort 3 rather than 4: less than half the time for files 3–4 %
 * larger; its chroma subsampled as WebP's and JPEG's always is (sharp's AVIF default keeps it whole,
 * 5–7 % larger for nothing a photo shows). Measured on the demo portraits and a 1600 px photo (ADR
 * 0053). Sharp strips every metadata block unless told otherwise.
 */
export const RENDITION_ENCODING = {
  avif: { quality: 50, effort: 3, chromaSubsampling: "4:2:0" },
  webp: { quality: 72 },
} as const satisfies Record<RenditionFormat, object>;

/** The placeholder is computed from the square at this size (ThumbHash takes at most 100 × 100). */
const PLACEHOLDER_SIDE = 100;

export interface RenditionFile {
  key: string;
  body: Buffer;
  contentType: string;
}

export interface EncodedRenditions {
  files: RenditionFile[];
  /** ThumbHash of the square, base64. */
  placeholder: string;
  /** Where the square was cut from the main image; null: from the stored thumbnail itself. */
  square: PhotoSquare | null;
}

function encode(img: Sharp, format: RenditionFormat): Promise<Buffer> {
  return (
    format === "avif" ? img.avif(RENDITION_ENCODING.avif) : img.webp(RENDITION_ENCODING.webp)
  ).toBuffer();
}

/**
 * Every rendition of the photo `key` from its stored main image and thumbnail, one encode at a time
 * (the job is meant to take one core, not all). Widths are never enlarged: a photo narrower than a
 * width gets its own width under that name, encoded once for all the names it serves. Throws on
 * bytes that are not a readable image (ImageRefused, or sharp's decoding error).
 */
export async function encodeRenditions(
  key: string,
  main: Uint8Array,
  thumb: Uint8Array,
): Promise<EncodedRenditions> {
  const mainHeader = await readImageHeader(main);
  const thumbHeader = await readImageHeader(thumb);
  const square = await findSquare(main, thumb);
  // The member's square cut from the main image; without a match (a square smaller than a quarter
  // of the photo, say), the stored thumbnail is the square.
  const squareImage = () =>
    square
      ? memberImage(main)
          .rotate()
          .extract({ left: square.left, top: square.top, width: square.size, height: square.size })
      : memberImage(thumb).rotate();
  const squareSide = square ? square.size : Math.min(thumbHeader.shown.width, thumbHeader.shown.height);
  const mainWidth = mainHeader.shown.width;

  const base = renditionBase(key);
  const encoded = new Map<string, Buffer>();
  const files: RenditionFile[] = [];
  for (const r of allRenditions()) {
    const width = Math.min(r.width, r.kind === "thumb" ? squareSide : mainWidth);
    const id = `${r.kind}-${width}.${r.format}`;
    let body = encoded.get(id);
    if (!body) {
      const img =
        r.kind === "thumb"
          ? squareImage().resize(width, width)
          : memberImage(main).rotate().resize(width, null, { withoutEnlargement: true });
      body = await encode(img, r.format);
      encoded.set(id, body);
    }
    files.push({
      key: renditionPath(base, r.kind, r.width, r.format),
      body,
      contentType: `image/${r.format}`,
    });
  }

  const { data, info } = await squareImage()
    .resize(PLACEHOLDER_SIDE, PLACEHOLDER_SIDE, { fit: "fill" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const placeholder = Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString("base64");
  return { files, placeholder, square };
}

/**
 * Stores one rendition. A file already there was left by an attempt that stopped midway (or written
 * by another instance at the same moment): kept when it holds the same bytes, else replaced (a file
 * cut short). Nobody is sent a rendition before its photo's row exists, so replacing it is safe.
 */
async function putRendition(storage: Storage, file: RenditionFile): Promise<void> {
  try {
    await storage.put(file.key, file.body, file.contentType);
    return;
  } catch (err) {
    if (!(err instanceof ObjectExistsError)) throw err;
  }
  const existing = await storage.get(file.key);
  if (existing && Buffer.from(existing.body).equals(file.body)) return;
  await storage.delete(file.key);
  await storage.put(file.key, file.body, file.contentType);
}

/** Whether a profile still shows the photo: its owner's row when the key names one (a primary-key read). */
async function isShown(db: Db, key: string): Promise<boolean> {
  const owner = photoOwner(key);
  const [row] = await queryRows(
    db,
    z.strictObject({ shown: z.boolean() }),
    owner
      ? sql`SELECT EXISTS (SELECT 1 FROM profiles WHERE user_id = ${owner} AND ${key}::text = ANY (photos)) AS shown`
      : // A seeded pool picture, shared by many members.
        sql`SELECT EXISTS (SELECT 1 FROM profiles WHERE ${key}::text = ANY (photos)) AS shown`,
  );
  return row?.shown === true;
}

async function hasRenditions(db: Db, key: string): Promise<boolean> {
  const rows = await db
    .select({ key: photoRenditions.photoKey })
    .from(photoRenditions)
    .where(sql`${photoRenditions.photoKey} = ${key}`);
  return rows.length > 0;
}

/** Removes a photo's rendition files and its row (the photo's own files are its deleter's). */
async function removeRenditions(deps: Pick<AppDeps, "database" | "storage">, key: string) {
  await Promise.all(renditionKeys(key).map((k) => deps.storage.delete(k)));
  await forgetRenditions(deps.database.db, [key]);
}

/**
 * What a job did: made the renditions; found them made; found the photo gone from every profile
 * (deleted or re-framed meanwhile: nothing is left behind); or could not read its stored files (a
 * corrupt or missing file, which no retry would mend: logged, and tried again by the next backfill).
 */
export type RenditionOutcome = "made" | "exists" | "gone" | "unreadable";

/** The photo-renditions job: idempotent, and safe beside a deletion of the same photo. */
export async function makeRenditions(
  deps: Pick<AppDeps, "database" | "storage" | "logger">,
  key: string,
): Promise<RenditionOutcome> {
  const { db } = deps.database;
  if (await hasRenditions(db, key)) return "exists";
  if (!(await isShown(db, key))) return "gone";
  const [main, thumb] = await Promise.all([deps.storage.get(key), deps.storage.get(thumbKey(key))]);
  if (!main || !thumb) {
    deps.logger.warn({ key, main: !!main, thumb: !!thumb }, "photo renditions: a stored file is missing");
    return "unreadable";
  }
  let made: EncodedRenditions;
  try {
    made = await encodeRenditions(key, main.body, thumb.body);
  } catch (err) {
    deps.logger.warn({ err, key }, "photo renditions: the stored photo cannot be read");
    return "unreadable";
  }
  for (const file of made.files) await putRendition(deps.storage, file);
  await db
    .insert(photoRenditions)
    .values({ photoKey: key, placeholder: made.placeholder })
    .onConflictDoNothing();
  // Deleted while it was being rendered: the deletion may have looked for the files before they were
  // written, so they go now.
  if (!(await isShown(db, key))) {
    await removeRenditions(deps, key);
    return "gone";
  }
  return "made";
}

/** Queues a photo's renditions; a failure is logged, never the answer's (the backfill will find it). */
export async function queueRenditions(deps: Pick<AppDeps, "jobs" | "logger">, key: string): Promise<void> {
  await deps.jobs
    .send(PHOTO_QUEUES.renditions, { key }, { singletonKey: key, priority: 1 })
    .catch((err: unknown) =>
      deps.logger.error({ err, key }, "photo renditions: the job could not be queued"),
    );
}

/** Photos queued per backfill run; a full batch queues the next run a little later. */
export const RENDITION_BACKFILL_BATCH = 500;
/** Seconds before the next run when a batch was full (its jobs take a few seconds each). */
const BACKFILL_NEXT_SECONDS = 600;

/**
 * The backfill: queues the renditions of shown photos that have none (uploaded before issue 39, the
 * demo seed's, a job whose queuing failed), main photos first, each key once (a pooled picture
 * shared by many members included). Rows whose photo no profile shows any more (a day old at least)
 * are dropped, their files being the orphan sweep's. Returns the number of photos queued.
 */
export async function backfillRenditions(
  deps: Pick<AppDeps, "database" | "jobs" | "logger">,
  batch = RENDITION_BACKFILL_BATCH,
): Promise<number> {
  const { db } = deps.database;
  await db.execute(sql`DELETE FROM photo_renditions r WHERE r.created_at < now() - interval '1 day'
    AND NOT EXISTS (SELECT 1 FROM profiles p, unnest(p.photos) AS k WHERE k = r.photo_key)`);
  const missing = await queryRows(
    db,
    z.strictObject({ key: z.string() }),
    sql`SELECT x.key FROM profiles p, unnest(p.photos) WITH ORDINALITY AS x(key, n)
      WHERE NOT EXISTS (SELECT 1 FROM photo_renditions r WHERE r.photo_key = x.key)
      GROUP BY x.key ORDER BY min(x.n), x.key LIMIT ${batch}`,
  );
  // Already waiting (queued by the upload or an earlier run): the send is dropped (singletonKey).
  for (const { key } of missing)
    await deps.jobs.send(PHOTO_QUEUES.renditions, { key, backfill: true }, { singletonKey: key });
  if (missing.length === batch)
    await deps.jobs.send(
      PHOTO_QUEUES.renditionsBackfill,
      {},
      { startAfter: BACKFILL_NEXT_SECONDS, singletonKey: "next", singletonSeconds: BACKFILL_NEXT_SECONDS },
    );
  if (missing.length > 0) deps.logger.info({ queued: missing.length }, "photo renditions: backfill queued");
  return missing.length;
}
