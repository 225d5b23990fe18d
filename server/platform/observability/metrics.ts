// Prometheus metrics of one app instance: request rate, latency and errors by route, open event
// streams, and Node's process metrics. A registry per app, so that several apps in one process
// (tests) keep separate figures.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

export interface Metrics {
  registry: Registry;
  observe(method: string, route: string, status: number, seconds: number): void;
}

export function createMetrics(openStreams: () => number): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: "passerelle_http_requests_total",
    help: "HTTP requests by method, route pattern and status code",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "passerelle_http_request_duration_seconds",
    help: "HTTP request duration by method and route pattern (event streams excluded)",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  new Gauge({
    name: "passerelle_event_streams_open",
    help: "Server-Sent Event streams open on this instance",
    registers: [registry],
    collect() {
      this.set(openStreams());
    },
  });
  return {
    registry,
    observe(method, route, status, seconds) {
      requests.inc({ method, route, status: String(status) });
      if (route !== "/api/events") duration.observe({ method, route }, seconds);
    },
  };
}
