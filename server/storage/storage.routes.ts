// Public photo URLs: /storage/profiles/<key>, cached for PHOTO_CACHE_SECONDS (SPEC §9: cache 3600).
import { PHOTO_BUCKET, PHOTO_CACHE_SECONDS } from "@domain/constants.ts";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../deps.ts";
import { notFound } from "../http/errors.ts";
import { isSafeKey } from "./storage.ts";

export function storageRoutes(deps: Pick<AppDeps, "storage">) {
  return new Hono<AppEnv>().get(`/${PHOTO_BUCKET}/*`, async (c) => {
    let key: string;
    try {
      key = decodeURIComponent(c.req.path.slice(`/storage/${PHOTO_BUCKET}/`.length));
    } catch {
      // Malformed percent-encoding ("%E0%A4%A", a lone "%") names no object.
      throw notFound();
    }
    if (!isSafeKey(key)) throw notFound();
    const obj = await deps.storage.get(key);
    if (!obj) throw notFound();
    return c.body(obj.body as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": obj.contentType,
      "Cache-Control": `public, max-age=${PHOTO_CACHE_SECONDS}`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    });
  });
}
