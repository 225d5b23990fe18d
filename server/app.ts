// createApp: middleware and routes of the JSON API, plus the built SPA in production.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { MSG } from "@domain/messages.ts";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { secureHeaders } from "hono/secure-headers";
import { translateAuthResponse } from "./auth/french-errors.ts";
import { navRoutes } from "./features/nav/nav.routes.ts";
import { photoRoutes } from "./features/photos/photos.routes.ts";
import { profileRoutes } from "./features/profile/profile.routes.ts";
import { AppError } from "./http/errors.ts";
import type { AppDeps, AppEnv } from "./http/types.ts";
import { storageRoutes } from "./storage/storage.routes.ts";

const JSON_BODY_LIMIT = 100 * 1024;

export function createApp(deps: AppDeps) {
  const { config, logger, auth } = deps;
  const app = new Hono<AppEnv>();

  app.use("*", async (c, next) => {
    const started = performance.now();
    c.set("log", logger);
    await next();
    if (c.req.path.startsWith("/api/")) {
      logger.debug(
        {
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms: Math.round(performance.now() - started),
        },
        "request",
      );
    }
  });
  app.use(
    "*",
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", "data:", "blob:"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
      strictTransportSecurity: config.isProduction ? "max-age=31536000; includeSubDomains" : false,
      referrerPolicy: "strict-origin-when-cross-origin",
      crossOriginEmbedderPolicy: false,
      // Routes that set a stricter header (photos: sandboxed, no scripts) keep their own.
      overwrite: false,
    }),
  );

  // Rate limits key on the client address. Unless a trusted proxy sets it, the header a client
  // sends is replaced by the socket address so nobody can dodge limits by forging it.
  app.use("/api/*", async (c, next) => {
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
  });

  app.use("/api/*", async (c, next) => {
    // Photo uploads carry up to 2 MB plus multipart overhead; their own route checks the file size.
    const limit = c.req.path === "/api/profile/photos" ? 3 * 1024 * 1024 : JSON_BODY_LIMIT;
    return bodyLimit({
      maxSize: limit,
      onError: () => {
        throw new AppError(413, "BODY_TOO_LARGE", MSG.BODY_TOO_LARGE);
      },
    })(c, next);
  });

  app.get("/api/health", (c) => c.json({ status: "ok" }));
  app.get("/api/config", (c) => c.json({ contactEmail: config.contactEmail }));

  app.on(["GET", "POST"], "/api/auth/*", async (c) => translateAuthResponse(await auth.handler(c.req.raw)));

  app.route("/api/profile", profileRoutes(deps));
  app.route("/api/profile/photos", photoRoutes(deps));
  app.route("/api/nav", navRoutes(deps));
  app.route("/storage", storageRoutes(deps));

  app.all("/api/*", () => {
    throw new AppError(404, "NOT_FOUND", MSG.NOT_FOUND);
  });
  // Unknown buckets and paths under /storage are 404s, never the SPA's index.html.
  app.all("/storage/*", () => {
    throw new AppError(404, "NOT_FOUND", MSG.NOT_FOUND);
  });

  mountSpa(app);

  app.onError((err, c) => {
    if (err instanceof AppError) return c.json(err.toBody(), err.status);
    logger.error({ err, method: c.req.method, path: c.req.path }, "unhandled error");
    return c.json({ error: { code: "INTERNAL_ERROR", message: MSG.GENERIC } }, 500);
  });
  app.notFound((c) => c.json({ error: { code: "NOT_FOUND", message: MSG.NOT_FOUND } }, 404));

  return app;
}

/** Serves dist/ (the built SPA): hashed assets cached for a year, every other path gets index.html. */
function mountSpa(app: Hono<AppEnv>) {
  const distDir = path.resolve("dist");
  const indexFile = path.join(distDir, "index.html");
  if (!existsSync(indexFile)) return;
  const indexHtml = readFileSync(indexFile, "utf8");
  app.use(
    "/assets/*",
    serveStatic({
      root: path.relative(process.cwd(), distDir),
      onFound: (_p, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  app.use("*", serveStatic({ root: path.relative(process.cwd(), distDir) }));
  app.get("*", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.html(indexHtml);
  });
}

export type App = ReturnType<typeof createApp>;
