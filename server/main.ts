// Entry point: validate settings, open and migrate the database, seed demo data on an empty
// embedded database, serve the API and the built SPA, shut down gracefully on SIGTERM/SIGINT.
import { serve } from "@hono/node-server";
import { seedDemoIfEmpty } from "../scripts/seed/demo.ts";
import { createApp } from "./app.ts";
import { createDeps } from "./bootstrap.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { createLogger } from "./logger.ts";

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
const deps = await createDeps(config, logger);
if (config.seedDemo) await seedDemoIfEmpty(deps);

const app = createApp(deps);
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  logger.info(
    {
      url: config.publicBaseUrl,
      port: info.port,
      database: deps.database.kind,
      startupMs: Math.round(performance.now() - startedAt),
    },
    `Passerelle is listening on ${config.publicBaseUrl} (started in ${Math.round(performance.now() - startedAt)} ms, database: ${deps.database.kind})`,
  );
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down");
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close(async () => {
    await deps.database.close().catch((err) => logger.error({ err }, "database close failed"));
    process.exit(0);
  });
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
