// Public photo URLs: /storage/profiles/<key>, cached for PHOTO_CACHE_SECONDS (SPEC §9: cache 3600).
// A photo held by screening (issue 16) is served only to its owner and to administrators, never
// cached by anyone on the way (its renditions too, issue 39); misses are limited per client address
// (issue 33). A photo its member blurs (issue 40) is served only to her, to the members she liked back
// or showed it to, and to administrators; anyone may have its small blurred variant.
import { PHOTO_BUCKET, PHOTO_CACHE_SECONDS } from "@domain/constants.ts";
import { MSG } from "@domain/messages.ts";
import { RENDITION_FOLDER } from "@domain/photo-renditions.ts";
import { type Context, Hono } from "hono";
import { clientAddress } from "../http/attempt-limits.ts";
import type { AppEnv } from "../http/env.ts";
import { AppError, notFound } from "../http/errors.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { MissLimiter } from "./miss-limit.ts";
import { BLURRED_FOLDER } from "./photo-keys.ts";
import { isSafeKey } from "./storage.ts";

/**
 * A rendition's name never changes, nor its bytes (a new framing is a new key): browsers keep it for
 * a year without asking again. Shared caches (a CDN, a proxy) for an hour, as the photo itself, so
 * that a deleted or removed photo stops being served as soon as the photo does (ADR 0053).
 */
export const RENDITION_CACHE_CONTROL = `public, max-age=31536000, s-maxage=${PHOTO_CACHE_SECONDS}, immutable`;

export interface StorageRouteOptions {
  /**
   * The owner of the held photo a key belongs to (main photo, thumbnail or rendition), or null when
   * it is public.
   */
  heldBy: (key: string) => Promise<string | null>;
  /**
   * Issue 40: the member who blurs the photo a key belongs to, or null; then only she, the members
   * `maySee` lets through and administrators get the file.
   */
  blurredBy?: (key: string) => Promise<string | null>;
  maySee?: (ownerId: string, viewerId: string) => Promise<boolean>;
  /** A photo's blurred variant (photos/b/…), made on demand from its thumbnail; null if none. */
  blurredVariant?: (key: string) => Promise<Uint8Array | null>;
  misses?: MissLimiter;
}

export function storageRoutes(
  deps: Pick<PlatformDeps, "storage" | "sessions">,
  options: StorageRouteOptions,
) {
  const misses = options.misses ?? new MissLimiter();
  const missed = (c: Context<AppEnv>) => {
    misses.miss(clientAddress(c.req.raw.headers));
    return notFound();
  };
  return new Hono<AppEnv>().get(`/${PHOTO_BUCKET}/*`, async (c) => {
    const wait = misses.retryAfter(clientAddress(c.req.raw.headers));
    if (wait > 0) {
      c.header("Retry-After", String(wait));
      throw new AppError(429, "RATE_LIMITED", MSG.RATE_LIMITED);
    }
    let key: string;
    try {
      key = decodeURIComponent(c.req.path.slice(`/storage/${PHOTO_BUCKET}/`.length));
    } catch {
      // Malformed percent-encoding ("%E0%A4%A", a lone "%") names no object.
      throw missed(c);
    }
    if (!isSafeKey(key)) throw missed(c);
    // A blurred variant (issue 40): public like the photo, whatever its owner's blur.
    if (key.startsWith(`${BLURRED_FOLDER}/`)) {
      const variant = options.blurredVariant ? await options.blurredVariant(key) : null;
      if (!variant) throw missed(c);
      return c.body(variant as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": "image/webp",
        "Cache-Control": `public, max-age=${PHOTO_CACHE_SECONDS}`,
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
      });
    }
    const blurredBy = options.blurredBy ? await options.blurredBy(key) : null;
    if (blurredBy !== null) {
      const viewer = await deps.sessions(c.req.raw.headers);
      const allowed =
        viewer !== null &&
        (viewer.user.id === blurredBy ||
          viewer.user.role === "admin" ||
          (options.maySee ? await options.maySee(blurredBy, viewer.user.id) : false));
      // As if it did not exist, for a member she has not shown her photos to.
      if (!allowed) throw missed(c);
    }
    const owner = await options.heldBy(key);
    if (owner !== null) {
      const viewer = await deps.sessions(c.req.raw.headers);
      // Held from public view: as if it did not exist, for anyone but its owner and administrators.
      if (!viewer || (viewer.user.id !== owner && viewer.user.role !== "admin")) throw missed(c);
    }
    const obj = await deps.storage.get(key);
    if (!obj) throw missed(c);
    const cacheControl =
      owner !== null || blurredBy !== null
        ? "private, no-store"
        : key.startsWith(`${RENDITION_FOLDER}/`)
          ? RENDITION_CACHE_CONTROL
          : `public, max-age=${PHOTO_CACHE_SECONDS}`;
    return c.body(obj.body as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": obj.contentType,
      "Cache-Control": cacheControl,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    });
  });
}
