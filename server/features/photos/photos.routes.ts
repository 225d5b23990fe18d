import { MSG } from "@domain/messages.ts";
import { Hono } from "hono";
import { z } from "zod";
import { AppError, parseOrThrow } from "../../http/errors.ts";
import { readJson } from "../../http/json.ts";
import { memberRateLimit } from "../../http/rate-limit.ts";
import { requireUser } from "../../http/session.ts";
import type { AppDeps, AppEnv } from "../../http/types.ts";
import { toProfileDto } from "../profile/profile.service.ts";
import { addPhoto, deletePhoto, setMainPhoto } from "./photos.service.ts";

const pathSchema = z.string({ error: MSG.INVALID_FILE_PATH }).max(300, MSG.INVALID_FILE_PATH);
// PUT /main takes a JSON body: every shape error gets a French message (INVALID_FILE_PATH is the
// SPEC's English wording for a deletion path only).
const mainSchema = z.strictObject(
  { key: z.string({ error: MSG.VALIDATION }).min(1, MSG.VALIDATION).max(300, MSG.VALIDATION) },
  { error: MSG.VALIDATION },
);

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
          const row = await addPhoto(db, storage, c.get("user").id, {
            name: file.name,
            type: file.type,
            size: file.size,
            bytes: async () => new Uint8Array(await file.arrayBuffer()),
          });
          return c.json(toProfileDto(row, storage), 201);
        },
      )
      .delete("/", async (c) => {
        const path = parseOrThrow(pathSchema, c.req.query("path") ?? "");
        const row = await deletePhoto(db, storage, c.get("user").id, path);
        return c.json(toProfileDto(row, storage));
      })
      .put("/main", async (c) => {
        const { key } = parseOrThrow(mainSchema, await readJson(c));
        const row = await setMainPhoto(db, c.get("user").id, key);
        return c.json(toProfileDto(row, storage));
      })
  );
}
