// The security headers of every response, computed once from the configuration (the values Hono's
// secureHeaders middleware gave them before issue 19, which rebuilt them on each response's Headers
// object: 9 % of an authenticated read's CPU, bench/load.ts).
//
// Served by Node's http server, they are set on the outgoing message before the route runs: a header
// the route's response sets itself (photos: a stricter, sandboxed CSP) replaces ours, because Node
// gives the headers of writeHead precedence. Without a socket (app.request() in tests), they are
// added to the response afterwards, where it has not set them.
import type { HttpBindings } from "@hono/node-server";
import { createMiddleware } from "hono/factory";
import type { Config } from "../settings/config.ts";
import type { AppEnv } from "./env.ts";

function contentSecurityPolicy(config: Config): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // Photos from an S3 bucket's public address or CDN, when configured (S3_PUBLIC_URL).
    "img-src": [
      "'self'",
      "data:",
      "blob:",
      ...(config.s3?.publicUrl ? [new URL(config.s3.publicUrl).origin] : []),
    ],
    "style-src": ["'self'"],
    "script-src": ["'self'"],
    "connect-src": ["'self'"],
    // Voice recordings (issue 37): heard from the API, and listened to before sending from the
    // recorder's blob.
    "media-src": ["'self'", "blob:"],
    "font-src": ["'self'"],
    // The service worker (/sw.js) and the photo-preparation worker; the web manifest.
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "frame-ancestors": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/** [name, value] of each security header, in lower case as Node sends them. */
export function securityHeaders(config: Config): [string, string][] {
  return [
    ["content-security-policy", contentSecurityPolicy(config)],
    ["cross-origin-opener-policy", "same-origin"],
    ["cross-origin-resource-policy", "same-origin"],
    ["origin-agent-cluster", "?1"],
    // The camera and the microphone for our own pages only: the profile verification's live selfies
    // (issue 16), once the member has consented, and voice messages (issue 37); never for an embedded
    // frame or another origin.
    ["permissions-policy", "camera=(self), microphone=(self), geolocation=(), payment=()"],
    ["referrer-policy", "strict-origin-when-cross-origin"],
    ...(config.isProduction
      ? [["strict-transport-security", "max-age=31536000; includeSubDomains"] as [string, string]]
      : []),
    ["x-content-type-options", "nosniff"],
    ["x-dns-prefetch-control", "off"],
    ["x-download-options", "noopen"],
    ["x-frame-options", "SAMEORIGIN"],
    ["x-permitted-cross-domain-policies", "none"],
    ["x-xss-protection", "0"],
  ];
}

/**
 * The API's answers (JSON, files, the event stream) are never rendered as a page: what protects a
 * document (the page's CSP, permissions, the old browsers' XSS and download switches) does nothing
 * for them, and was about 600 bytes of every answer — a third of the headers of a member's day of
 * messages on a 3G bundle (issue 39, bench/data-day.ts). They get the strictest policy instead.
 */
export function apiSecurityHeaders(config: Config): [string, string][] {
  return [
    ["content-security-policy", "default-src 'none'; frame-ancestors 'none'"],
    ["cross-origin-resource-policy", "same-origin"],
    ["referrer-policy", "strict-origin-when-cross-origin"],
    ...(config.isProduction
      ? [["strict-transport-security", "max-age=31536000; includeSubDomains"] as [string, string]]
      : []),
    ["x-content-type-options", "nosniff"],
    ["x-frame-options", "DENY"],
  ];
}

export function securityHeadersMiddleware(config: Config) {
  const pageHeaders = securityHeaders(config);
  const apiHeaders = apiSecurityHeaders(config);
  return createMiddleware<AppEnv & { Bindings: Partial<HttpBindings> }>(async (c, next) => {
    const headers = c.req.path.startsWith("/api/") ? apiHeaders : pageHeaders;
    const outgoing = c.env?.outgoing;
    if (outgoing) {
      for (const [name, value] of headers) outgoing.setHeader(name, value);
      return next();
    }
    await next();
    for (const [name, value] of headers) if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  });
}
