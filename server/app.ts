// createApp: middleware and routes of the JSON API, plus the built SPA in production.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { IMPORT_MAX_BYTES } from "@domain/admin.ts";
import { LIVE_CHECK } from "@domain/calls.ts";
import { MSG } from "@domain/messages.ts";
import { isSpaRoute } from "@domain/routes.ts";
import { SHARE_PATH } from "@domain/sharing.ts";
import { VOICE_MAX_BYTES, VOICE_MSG } from "@domain/voice.ts";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Context, Hono, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { apiRoutes } from "./api.ts";
import type { AppDeps, AppEnv } from "./deps.ts";
import { paymentNotificationRoutes } from "./features/billing/index.ts";
import { blurringOwner, maySeePhotosOf } from "./features/members/index.ts";
import { heldPhotoOwner } from "./features/moderation/index.ts";
import { ONE_CLICK_UNSUBSCRIBE_PATH } from "./features/notifications/email-outbox.ts";
import { blurredVariant } from "./features/photos/index.ts";
import { sharePageRoutes } from "./features/sharing/index.ts";
import { TRIP_KIT_PATH, tripKitRoutes } from "./features/trip-kit/index.ts";
import { VERIFICATION_BODY_LIMIT } from "./features/verification/verification.routes.ts";
import { translateAuthResponse } from "./platform/auth/french-errors.ts";
import { createBaseApp } from "./platform/http/base-app.ts";
import { AppError } from "./platform/http/errors.ts";
import { requireSameOrigin } from "./platform/http/origin-check.ts";
import type { Logger } from "./platform/logger.ts";
import { healthRoutes } from "./platform/observability/health.routes.ts";
import { createMetrics } from "./platform/observability/metrics.ts";
import type { Config } from "./platform/settings/config.ts";
import { photoKeysOfFile, photoOfBlurred } from "./platform/storage/photo-keys.ts";
import { storageRoutes } from "./platform/storage/storage.routes.ts";
import { spaDocument } from "./spa-document.ts";

const JSON_BODY_LIMIT = 100 * 1024;
/** Larger bodies, by path: photo uploads (2 MB file + multipart), JSON imports (2 MB file, JSON-escaped). */
const BODY_LIMITS: Record<string, number> = {
  "/api/profile/photos": 3 * 1024 * 1024,
  "/api/admin/import": IMPORT_MAX_BYTES * 2 + 1024,
  "/api/admin/import/preview": IMPORT_MAX_BYTES * 2 + 1024,
  "/api/verification": VERIFICATION_BODY_LIMIT,
};

/** Voice recordings (issue 37): the audio itself is the body; its own check refuses above VOICE_MAX_BYTES. */
const VOICE_UPLOAD = /^\/api\/(matches\/[^/]+\/voice-messages|profile\/voice-intro)$/;
const VOICE_BODY_LIMIT = VOICE_MAX_BYTES + 1024;
/** A call's live identity check (issue 38): a few camera frames, multipart. */
const LIVE_CHECK_UPLOAD = /^\/api\/calls\/[^/]+\/live-check$/;
const LIVE_CHECK_BODY_LIMIT = LIVE_CHECK.FRAMES * LIVE_CHECK.MAX_FRAME_BYTES + 16 * 1024;

export interface AppOptions {
  /** The built SPA (dist/) to serve with the API; absent, only the API and photos are served. */
  spaDir?: string | undefined;
}

export function createApp(deps: AppDeps, options: AppOptions = {}) {
  const { config, logger, auth } = deps;
  const metrics = createMetrics(() => deps.hub.connections);
  const app = createBaseApp(config, logger, metrics);
  app.route("/", healthRoutes(deps, metrics));

  // Rate limits key on the client address. Unless a trusted proxy sets it, the header a client
  // sends is replaced by the socket address so nobody can dodge limits by forging it.
  const clientAddress: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!config.trustProxy) {
      let address = "unknown";
      try {
        address = getConnInfo(c).remote.address ?? "unknown";
      } catch {
        // Requests built in tests (app.request) have no socket.
        address = "127.0.0.1";
      }
      c.req.raw.headers.set("x-forwarded-for", address);
    }
    await next();
  };
  app.use("/api/*", clientAddress);
  app.use("/storage/*", clientAddress);

  // The API's answers compressed (issue 39): JSON was a third of a member's day on a 3G phone, and
  // shrinks about fivefold (bench/data-day.ts). gzip or deflate, as the client accepts; under 1 KB,
  // images, audio and the event stream (text/event-stream) are left as they are. Not /api/auth/*:
  // those answers carry the session's token, and a secret compressed beside text a third party can
  // put in the same answer is what BREACH reads from the answer's size.
  const compressed = compress();
  app.use("/api/*", (c, next) => (c.req.path.startsWith("/api/auth/") ? next() : compressed(c, next)));

  // An answer given without reading the request's body (too large, signed out, refused early) ends
  // its connection (issue 33): a client still sending that body cannot reuse the connection — the
  // server stops reading it half a second later — so it must not be told « keep-alive ».
  app.use("/api/*", async (c, next) => {
    await next();
    const length = c.req.header("content-length");
    const hasBody =
      (length !== undefined && length !== "0") || c.req.header("transfer-encoding") !== undefined;
    if (hasBody && !c.req.raw.bodyUsed) c.res.headers.set("Connection", "close");
  });

  app.use("/api/*", async (c, next) => {
    // No body to limit (and reading whether there is one would build the whole Request object).
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    // Photo uploads carry up to 2 MB plus multipart overhead; their own route checks the file size.
    const voice = VOICE_UPLOAD.test(c.req.path);
    const limit =
      BODY_LIMITS[c.req.path] ??
      (voice
        ? VOICE_BODY_LIMIT
        : LIVE_CHECK_UPLOAD.test(c.req.path)
          ? LIVE_CHECK_BODY_LIMIT
          : JSON_BODY_LIMIT);
    return bodyLimit({
      maxSize: limit,
      onError: () => {
        // A recording too heavy is told so in the words of the recorder (a 10-minute file, issue 37).
        if (voice) throw new AppError(413, "VOICE_TOO_LARGE", VOICE_MSG.TOO_LARGE);
        throw new AppError(413, "BODY_TOO_LARGE", MSG.BODY_TOO_LARGE);
      },
    })(c, next);
  });

  // Payment providers' notifications are signed by the provider, not sent by our pages.
  const notifications = paymentNotificationRoutes(deps);
  app.use(
    "/api/*",
    requireSameOrigin(config, [
      ...notifications.map((n) => n.path),
      // Authenticated by its signed token; mail clients post to it (RFC 8058 one-click).
      ONE_CLICK_UNSUBSCRIBE_PATH,
    ]),
  );

  app.get("/api/health", (c) => c.json({ status: "ok" }));

  // Better Auth's own admin endpoints (user listing, impersonation…) stay closed: administration
  // goes through /api/admin, where every action is audited.
  app.all("/api/auth/admin/*", () => {
    throw new AppError(404, "NOT_FOUND", MSG.NOT_FOUND);
  });
  // Nothing in the app sets an account's name or image: closed rather than left to accept any text.
  app.all("/api/auth/update-user", () => {
    throw new AppError(404, "NOT_FOUND", MSG.NOT_FOUND);
  });
  app.on(["GET", "POST"], "/api/auth/*", async (c) => translateAuthResponse(await auth.handler(c.req.raw)));

  app.route("/", apiRoutes(deps));
  for (const n of notifications) app.route(n.path, n.routes);
  app.route(
    "/storage",
    storageRoutes(deps, {
      heldBy: (key) => heldPhotoOwner(deps.database.db, key),
      // Issue 40: photos their member blurs, and their blurred variants.
      blurredBy: (key) => blurringOwner(deps.database.db, photoKeysOfFile(key)),
      maySee: (ownerId, viewerId) => maySeePhotosOf(deps.database.db, ownerId, viewerId),
      blurredVariant: async (key) => {
        const photo = photoOfBlurred(key);
        if (!photo || (await heldPhotoOwner(deps.database.db, photo)) !== null) return null;
        return blurredVariant(deps.storage, photo);
      },
    }),
  );
  // A shared match's card (issue 40): a page of its own, for people without an account.
  app.route(SHARE_PATH, sharePageRoutes(deps));
  // The trip kit (issue 40): a page the service worker keeps for a trip without network.
  app.route(TRIP_KIT_PATH, tripKitRoutes(deps));

  app.all("/api/*", () => {
    throw new AppError(404, "NOT_FOUND", MSG.NOT_FOUND);
  });
  // Unknown buckets and paths under /storage are 404s, never the SPA's index.html.
  app.all("/storage/*", () => {
    throw new AppError(404, "NOT_FOUND", MSG.NOT_FOUND);
  });

  if (options.spaDir) mountSpa(app, options.spaDir, deps);
  return app;
}

/**
 * What answers while the database opens (and, on a first start, demo data is seeded): the SPA is
 * served at once, and API and photo requests wait for the full app instead of failing.
 */
export function createStartingApp(
  config: Config,
  logger: Logger,
  ready: Promise<App>,
  options: AppOptions = {},
) {
  const app = createBaseApp(config, logger, null);
  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", (c) => c.json({ status: "starting" }, 503));
  const forward = async (c: Context<AppEnv>) => (await ready).fetch(c.req.raw, c.env);
  app.all("/api/*", forward);
  app.all("/storage/*", forward);
  if (options.spaDir) mountSpa(app, options.spaDir);
  return app;
}

/**
 * The service worker (web/sw.ts → sw.js), the Workbox chunks a worker may import (none today: ours
 * is one file, scripts/build/pwa.ts) and the web manifest.
 */
const WORKER_FILES = /^\/(sw\.js|workbox-[\w-]+\.js|manifest\.webmanifest)$/;

/**
 * Serves the built SPA: hashed assets cached for a year, the prerendered public pages, and
 * index.html for every other path: with HTTP 200 for the app's pages (domain/routes.ts), 404
 * otherwise (the app then shows « Page introuvable »).
 */
function mountSpa(app: Hono<AppEnv>, spaDir: string, deps?: AppDeps) {
  const distDir = path.resolve(spaDir);
  const indexFile = path.join(distDir, "index.html");
  if (!existsSync(indexFile)) return;
  const indexHtml = readFileSync(indexFile, "utf8");
  // A signed-in member's page carries the session and the subscription status (the starting app,
  // before the database is open, serves the plain document).
  const documentFor = deps ? spaDocument(deps, indexHtml, memberFrames(distDir)) : async () => indexHtml;
  // Hashed file names change with their content: cached for a year. (Set on the response once it
  // is made: serveStatic's onFound runs after the response exists, too late for a header.)
  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.ok) c.res.headers.set("Cache-Control", "public, max-age=31536000, immutable");
  });
  app.use(
    "/assets/*",
    serveStatic({
      root: path.relative(process.cwd(), distDir),
      // The build writes .br and .gz copies (scripts/build/precompress.ts).
      precompressed: true,
    }),
  );
  // A hashed file that is not there (an old tab after a deploy) is a 404, never index.html.
  app.all("/assets/*", (c) => c.text("Not found", 404));
  // The public pages rendered at build time (scripts/build/prerender.ts), ahead of the plain index.html.
  for (const [urlPath, file] of Object.entries(prerenderedPages(distDir))) {
    const serve = serveStatic({
      root: path.relative(process.cwd(), distDir),
      path: file,
      precompressed: true,
    });
    app.get(urlPath, (c, next) => {
      c.header("Cache-Control", "no-cache");
      return serve(c, next);
    });
  }
  // The service worker and the web manifest keep their names from one version to the next: the
  // browser must ask for them again each time (a cached sw.js would hold every update back).
  app.use("*", async (c, next) => {
    await next();
    if (!WORKER_FILES.test(c.req.path) || !c.res.ok) return;
    c.res.headers.set("Cache-Control", "no-cache");
    if (c.req.path.endsWith(".webmanifest")) c.res.headers.set("Content-Type", "application/manifest+json");
  });
  app.use("*", serveStatic({ root: path.relative(process.cwd(), distDir), precompressed: true }));
  app.get("*", async (c) => {
    c.header("Cache-Control", "no-cache");
    if (!isSpaRoute(c.req.path)) return c.html(indexHtml, 404);
    return c.html(await documentFor(c), 200);
  });
}

/** URL path → file under dist/, from the manifest the build writes (none when it did not prerender). */
function prerenderedPages(distDir: string): Record<string, string> {
  const manifest = path.join(distDir, "pages", "manifest.json");
  return existsSync(manifest) ? (JSON.parse(readFileSync(manifest, "utf8")) as Record<string, string>) : {};
}

/** Member page path → its prerendered frame's document (web/prerender.tsx), read once. */
function memberFrames(distDir: string): Record<string, string> {
  const manifest = path.join(distDir, "pages", "member-frames.json");
  if (!existsSync(manifest)) return {};
  const files = JSON.parse(readFileSync(manifest, "utf8")) as Record<string, string>;
  return Object.fromEntries(
    Object.entries(files).map(([urlPath, file]) => [urlPath, readFileSync(path.join(distDir, file), "utf8")]),
  );
}

export type App = ReturnType<typeof createApp>;
