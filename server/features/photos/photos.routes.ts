import { MSG } from "@domain/messages.ts";
import {
  type PhotoSquare,
  photoCropSchema,
  photoOrderSchema,
  photoSquareSchema,
} from "@domain/photo-square.ts";
import { eq } from "drizzle-orm";
import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../../deps.ts";
import type { Db } from "../../platform/db/client.ts";
import { profiles } from "../../platform/db/schema/index.ts";
import { AppError, parseOrThrow } from "../../platform/http/errors.ts";
import { readJson } from "../../platform/http/json.ts";
import { memberRateLimit } from "../../platform/http/rate-limit.ts";
import { requireUser } from "../../platform/http/session.ts";
import { jsonBody, queryOf } from "../../platform/http/validate.ts";
import { inImageTurn } from "../../platform/images/index.ts";
import { forgetPhoto, recordScreening, renamePhoto, screenUpload } from "../moderation/index.ts";
import { ownProfileDto } from "../profile/index.ts";
import { withMainPhotoRecheck } from "../verification/index.ts";
import { readPhotoHeader } from "./image.ts";
import { PATH_QUERY_RULES, photoPathQuery } from "./photo-path-query.ts";
import {
  addPhoto,
  checkDeclaredFile,
  cropPhoto,
  deletePhoto,
  reorderPhotos,
  setMainPhoto,
} from "./photos.service.ts";
import { queueRenditions } from "./renditions.ts";

/** The member's photo keys, in order. */
async function mainAndKeys(db: Db, userId: string): Promise<string[]> {
  const [row] = await db
    .select({ photos: profiles.photos })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row?.photos ?? [];
}

// PUT /main takes a JSON body: every shape error gets a French message (INVALID_FILE_PATH is the
// SPEC's English wording for a deletion path only).
const mainSchema = z.strictObject(
  { key: z.string({ error: MSG.VALIDATION }).min(1, MSG.VALIDATION).max(300, MSG.VALIDATION) },
  { error: MSG.VALIDATION },
);

/** The optional `square` field of an upload: JSON text, `{"left":0,"top":0,"size":400}`. */
function squareField(value: unknown): PhotoSquare | undefined {
  if (value === undefined) return undefined;
  const invalid = () => new AppError(400, "PHOTO_CROP_INVALID", MSG.PHOTO_CROP_INVALID);
  if (typeof value !== "string" || value.length > 200) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw invalid();
  }
  const result = photoSquareSchema.safeParse(parsed);
  if (!result.success) throw invalid();
  return result.data;
}

/** A wrong square is PHOTO_CROP_INVALID (a stable code the crop dialog can rely on); the rest is validation. */
/** A crop's body: a square outside the photo reads as such, not as a generic validation error. */
const cropBody: MiddlewareHandler<
  AppEnv,
  string,
  { in: { json: z.input<typeof photoCropSchema> }; out: { json: z.output<typeof photoCropSchema> } }
> = async (c, next) => {
  const body = await readJson(c);
  const result = photoCropSchema.safeParse(body);
  if (!result.success && result.error.issues.some((issue) => issue.path[0] === "square")) {
    throw new AppError(400, "PHOTO_CROP_INVALID", MSG.PHOTO_CROP_INVALID);
  }
  c.req.addValidatedData("json", parseOrThrow(photoCropSchema, body));
  await next();
};

export function photoRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const { storage } = deps;
  return (
    new Hono<AppEnv>()
      .use(requireUser(deps))
      // Each upload costs a sharp re-encode: counted per member, across instances.
      .post(
        "/",
        memberRateLimit(db, "photo-upload", { max: deps.config.uploadsPerHour, windowSeconds: 3600 }),
        async (c) => {
          let body: Record<string, unknown>;
          try {
            body = await c.req.parseBody();
          } catch {
            throw new AppError(400, "PHOTO_MISSING", MSG.PHOTO_MISSING);
          }
          const file = body.file;
          if (!(file instanceof File)) throw new AppError(400, "PHOTO_MISSING", MSG.PHOTO_MISSING);
          const square = squareField(body.square);
          const userId = c.get("user").id;
          checkDeclaredFile(file);
          const bytes = new Uint8Array(await file.arrayBuffer());
          // The header first, in milliseconds: nothing is decoded of what is not an image, has too
          // many pixels or an unsupported format (issue 33).
          await readPhotoHeader(bytes);
          const row = await inImageTurn(c, deps.images, userId, async () => {
            // Screened before anything is stored: an explicit photo is refused here (issue 16).
            const screening = await screenUpload(deps.logger, userId, bytes);
            return withMainPhotoRecheck(deps, userId, () =>
              addPhoto(
                deps,
                userId,
                { name: file.name, type: file.type, size: file.size, bytes: async () => bytes },
                square,
                // In the transaction that adds the photo: a held photo is never public, not even briefly.
                screening ? (tx, key) => recordScreening(tx, userId, key, screening) : undefined,
              ),
            );
          });
          // The renditions (issue 39) are the job's: queued once the photo is in, never awaited.
          const added = row.photos.at(-1);
          if (added) await queueRenditions(deps, added);
          return c.json(await ownProfileDto(db, storage, row), 201);
        },
      )
      .delete("/", queryOf(photoPathQuery, PATH_QUERY_RULES), async (c) => {
        const { path } = c.req.valid("query");
        const userId = c.get("user").id;
        const row = await withMainPhotoRecheck(deps, userId, () => deletePhoto(db, storage, userId, path));
        await forgetPhoto(db, path);
        return c.json(await ownProfileDto(db, storage, row));
      })
      .put("/main", jsonBody(mainSchema), async (c) => {
        const { key } = c.req.valid("json");
        const userId = c.get("user").id;
        const row = await withMainPhotoRecheck(deps, userId, () => setMainPhoto(db, userId, key));
        return c.json(await ownProfileDto(db, storage, row));
      })
      // The full new order of the member's own photos.
      .put("/order", jsonBody(photoOrderSchema), async (c) => {
        const { keys } = c.req.valid("json");
        const userId = c.get("user").id;
        const row = await withMainPhotoRecheck(deps, userId, () => reorderPhotos(db, userId, keys));
        return c.json(await ownProfileDto(db, storage, row));
      })
      // A new square for a photo's thumbnail; the photo gets a new key (see cropPhoto). It costs a
      // sharp encode and two writes, like an upload: its own counter, at the same rate.
      .post(
        "/crop",
        memberRateLimit(db, "photo-crop", { max: deps.config.uploadsPerHour, windowSeconds: 3600 }),
        cropBody,
        async (c) => {
          const { key, square } = c.req.valid("json");
          const userId = c.get("user").id;
          const before = (await mainAndKeys(db, userId)).indexOf(key);
          const row = await inImageTurn(c, deps.images, userId, () =>
            withMainPhotoRecheck(deps, userId, () => cropPhoto(db, storage, userId, key, square)),
          );
          // The same picture under a new key: its hash and any hold on it follow (issue 16).
          const renamed = before >= 0 ? row.photos[before] : undefined;
          if (renamed) {
            await renamePhoto(db, key, renamed);
            // A new key: new renditions, cut on the new square (the old ones went with the old key).
            await queueRenditions(deps, renamed);
          }
          return c.json(await ownProfileDto(db, storage, row));
        },
      )
  );
}
