// /healthz: the process answers (liveness). /readyz: it can serve, the database answering within
// two seconds (readiness; 503 otherwise, so a load balancer routes around it). /metrics: the
// Prometheus metrics, behind METRICS_TOKEN (or open outside production when no token is set).
import { createHash, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import type { Metrics } from "./metrics.ts";

const READY_TIMEOUT_MS = 2_000;

export function healthRoutes(deps: PlatformDeps, metrics: Metrics) {
  const { config } = deps;
  return new Hono<AppEnv>()
    .get("/healthz", (c) => c.json({ status: "ok" }))
    .get("/readyz", async (c) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("database check timed out")), READY_TIMEOUT_MS);
      });
      try {
        await Promise.race([deps.database.db.execute(sql`SELECT 1`), timeout]);
        return c.json({ status: "ready", database: deps.database.kind });
      } catch (err) {
        c.get("log").warn({ err }, "not ready: database check failed");
        return c.json({ status: "unavailable", database: deps.database.kind }, 503);
      } finally {
        clearTimeout(timer);
      }
    })
    .get("/metrics", async (c) => {
      const token = config.metricsToken;
      const allowed = token
        ? sameSecret(c.req.header("authorization") ?? "", `Bearer ${token}`)
        : !config.isProduction;
      if (!allowed) return c.json({ error: { code: "NOT_FOUND", message: "Ressource introuvable" } }, 404);
      return c.text(await metrics.registry.metrics(), 200, { "Content-Type": metrics.registry.contentType });
    });
}

/** Constant-time comparison, so the token cannot be guessed from response times. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}
