// Per request: an id (taken from a trusted proxy's X-Request-Id, otherwise new) in the response
// headers and on every log line of the request, an access log line, and the metrics.
import { randomUUID } from "node:crypto";
import type { HttpBindings } from "@hono/node-server";
import { createMiddleware } from "hono/factory";
import type { Logger } from "../logger.ts";
import type { Metrics } from "../observability/metrics.ts";
import type { Config } from "../settings/config.ts";
import type { AppEnv } from "./env.ts";

const REQUEST_ID = /^[\w.-]{1,64}$/;

export function requestContext(config: Config, logger: Logger, metrics: Metrics | null) {
  const level = config.isProduction ? "info" : "debug";
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    const given = config.trustProxy ? c.req.header("x-request-id") : undefined;
    const requestId = given && REQUEST_ID.test(given) ? given : randomUUID();
    const log = logger.child({ reqId: requestId });
    c.set("requestId", requestId);
    c.set("log", log);
    // On the outgoing message when served by Node (cheaper than the response's Headers object).
    const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
    if (outgoing) outgoing.setHeader("x-request-id", requestId);
    else c.header("X-Request-Id", requestId);
    await next();
    const seconds = (performance.now() - started) / 1000;
    if (!c.req.path.startsWith("/api/") && !c.req.path.startsWith("/storage/")) return;
    // The route pattern, not the path: ids in paths would make a metric per member.
    const route = c.req.routePath && c.req.routePath !== "/*" ? c.req.routePath : "unmatched";
    metrics?.observe(c.req.method, route, c.res.status, seconds);
    log[level](
      { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(seconds * 1000) },
      "request",
    );
  });
}
