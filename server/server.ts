// The server's life: validate settings, open and migrate the database, hand an empty database to
// the demo seeder when there is one, serve the API and the built SPA, shut down gracefully on
// SIGTERM/SIGINT. Started by an entry point: server/main.ts (production), scripts/demo-server.ts
// (`npm start`, with the demo data).
import path from "node:path";
import { serve } from "@hono/node-server";
import { type App, createApp, createStartingApp } from "./app.ts";
import { closeDeps, createDeps } from "./bootstrap.ts";
import type { AppDeps } from "./deps.ts";
import { photoScreen } from "./features/moderation/photo-screen.ts";
import { faceEngine } from "./features/verification/face-engine.ts";
import { startJobWorkers } from "./job-workers.ts";
import { DemoAdministratorError, refuseDemoAdministrator } from "./platform/auth/demo-administrator.ts";
import { createLogger } from "./platform/logger.ts";
import { ConfigError, loadConfig } from "./platform/settings/config.ts";

/**
 * Puts demo members and accounts into an empty database (scripts/seed/demo.ts): given by the
 * entry point, so that production code carries no demo data (docs/decisions/0017).
 */
/** How long an idle keep-alive connection stays open (see the listeners below). */
const KEEP_ALIVE_MS = 65_000;

export type DemoSeeder = (deps: AppDeps) => Promise<void>;

export interface ServerOptions {
  /** Called on start when SEED_DEMO is on; without it, SEED_DEMO is ignored (with a warning). */
  seedDemo?: DemoSeeder;
}

/** The built SPA (`npm run build`), served with the API when present. */
const SPA_DIR = path.resolve("dist");

export function startServer(options: ServerOptions = {}): void {
  const startedAt = performance.now();

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`\nPasserelle cannot start.\n${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  const logger = createLogger(config.logLevel, !config.isProduction && process.stdout.isTTY);
  const since = () => Math.round(performance.now() - startedAt);

  // Listen first: the SPA is served at once while the database opens, migrates and (on a first
  // start) receives its demo data; API requests made meanwhile wait for it (createStartingApp).
  let deps: AppDeps | undefined;
  let stopWorkers: (() => Promise<void>) | undefined;
  const ready = (async () => {
    deps = await createDeps(config, logger);
    if (config.seedDemo && options.seedDemo) await options.seedDemo(deps);
    else if (config.seedDemo)
      logger.warn("SEED_DEMO is on, but this entry point seeds no demo data (npm start’s does)");
    else if (options.seedDemo && deps.database.kind === "postgres")
      logger.info("demo data: not seeded on a database server unless SEED_DEMO=true");
    if (config.isProduction) await refuseDemoAdministrator(deps.database.db);
    return createApp(deps, { spaDir: SPA_DIR });
  })();
  let app: { fetch: App["fetch"] } = createStartingApp(config, logger, ready, { spaDir: SPA_DIR });
  // The face engine and the photo-screening model load before the app says it is ready: loading
  // them (seconds of WebAssembly compilation) would otherwise stall the first upload's neighbours.
  // They load beside the database's opening and the demo data, not after: V8 compiles WebAssembly
  // on threads of its own: `npm start` was ready after 16.3 s instead of 22.4 s (docs/testing.md).
  const modelsLoaded = config.preloadModels ? preloadModels() : Promise.resolve();

  // One listener per address: in development both loopbacks, so that http://localhost, 127.0.0.1 and
  // [::1] all reach the app (config.hosts).
  const servers = config.hosts.map((hostname, i) => {
    const listener = serve(
      { fetch: (req, env) => app.fetch(req, env), port: config.port, hostname },
      (info) => {
        if (i > 0) return;
        logger.info(
          { url: config.publicBaseUrl, hosts: config.hosts, port: info.port, listeningMs: since() },
          `Passerelle is listening on ${config.publicBaseUrl} (after ${since()} ms); opening the database…`,
        );
      },
    );
    // Idle keep-alive connections are kept longer than Node's 5-second default, beyond what clients
    // and proxies usually keep theirs idle (a load balancer's 60 s): otherwise a client reusing a
    // connection at the moment the server closes it gets ECONNRESET, which browsers retry but an
    // API client or a proxy does not (a journey's request failed so, after a 5-second pause).
    if ("keepAliveTimeout" in listener) {
      listener.keepAliveTimeout = KEEP_ALIVE_MS;
      listener.headersTimeout = KEEP_ALIVE_MS + 1_000;
    }
    listener.on("error", (err: NodeJS.ErrnoException) => {
      // A machine without IPv6 has no ::1; the first address is enough.
      if (i > 0 && (err.code === "EADDRNOTAVAIL" || err.code === "EAFNOSUPPORT")) {
        logger.warn({ host: hostname, code: err.code }, `not listening on ${hostname}: ${err.code}`);
        return;
      }
      logger.fatal({ err, host: hostname, port: config.port }, `cannot listen on ${hostname}:${config.port}`);
      process.exit(1);
    });
    return listener;
  });

  ready.then(
    async (full) => {
      await modelsLoaded;
      app = full;
      if (deps) {
        if (config.jobWorkers)
          // Without workers the site still answers; notifications and digests wait in the queue.
          stopWorkers = await startJobWorkers(deps, {
            maintenanceSeconds: config.jobMaintenanceSeconds,
          }).catch((err: unknown) => {
            logger.error({ err }, "jobs: the workers could not start");
            return undefined;
          });
      }
      const database = deps?.database.kind;
      logger.info(
        { database, readyMs: since() },
        `Passerelle is ready (${since()} ms after start, database: ${database})`,
      );
    },
    (err) => {
      if (err instanceof DemoAdministratorError)
        console.error(`\nPasserelle cannot start.\n${err.message}\n`);
      logger.fatal({ err }, "start-up failed");
      process.exit(1);
    },
  );

  async function preloadModels() {
    const started = Date.now();
    try {
      await Promise.all([faceEngine(), photoScreen()]);
      logger.info({ ms: Date.now() - started }, "models loaded (faces, photo screening)");
    } catch (err) {
      // Verification and uploads then answer 503 until a later load succeeds; the site stays up.
      logger.error({ err }, "models: loading failed");
    }
  }

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // Event streams never end by themselves: close them first so that the listeners can close.
    deps?.hub.closeAll();
    const closed = Promise.all(
      servers.map((listener) => new Promise<void>((resolve) => listener.close(() => resolve()))),
    );
    // close() ends the idle connections once; those whose answer finishes afterwards would stay open
    // for KEEP_ALIVE_MS: ended as soon as they are idle.
    const idle = setInterval(() => {
      for (const listener of servers) if ("closeIdleConnections" in listener) listener.closeIdleConnections();
    }, 50);
    await closed;
    clearInterval(idle);
    await stopWorkers?.().catch((err) => logger.error({ err }, "shutdown: stopping the job workers failed"));
    if (deps) await closeDeps(deps).catch((err) => logger.error({ err }, "shutdown: closing failed"));
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}
