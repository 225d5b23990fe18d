// Serves a stored recording (issue 37) with what players need: single byte ranges (Chromium asks for
// `bytes=0-` and seeks with ranges; Safari plays media only from 206 answers), an ETag, and a
// private, immutable cache — a key is never reused, and `private` keeps shared caches out because
// only the two members of a conversation may hear it. @hono/node-server's serveStatic does ranges
// only for files on disk; these objects are small (≤ 600 KB), so they are read whole and sliced.
import { createHash } from "node:crypto";
import type { Context } from "hono";

const RANGE = /^bytes=(\d*)-(\d*)$/;

/** The first and last byte a `Range` header asks for, "unsatisfiable", or null to send everything. */
export function byteRange(
  header: string | undefined,
  size: number,
): [number, number] | "unsatisfiable" | null {
  const m = header ? RANGE.exec(header.trim()) : null;
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    // The last n bytes.
    const n = Number(m[2]);
    if (n === 0) return "unsatisfiable";
    return [Math.max(0, size - n), size - 1];
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return [start, end];
}

/**
 * `immutable`: a URL whose recording never changes (a voice message). `revalidate`: one that a new
 * recording replaces (an introduction): kept, but checked with its ETag (a 304 costs no audio).
 */
export function audioResponse(
  c: Context,
  body: Uint8Array,
  contentType: string,
  cache: "immutable" | "revalidate" = "immutable",
): Response {
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const headers: Record<string, string> = {
    "Content-Type": contentType,
    "Cache-Control": cache === "immutable" ? "private, max-age=31536000, immutable" : "private, no-cache",
    ETag: etag,
    "Accept-Ranges": "bytes",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Content-Disposition": "inline",
  };
  const ifNoneMatch = c.req.header("if-none-match");
  if (ifNoneMatch?.split(",").some((t) => t.trim() === etag)) return c.body(null, 304, headers);
  const ifRange = c.req.header("if-range");
  const range = ifRange && ifRange !== etag ? null : byteRange(c.req.header("range"), body.length);
  if (range === "unsatisfiable")
    return c.body(null, 416, { ...headers, "Content-Range": `bytes */${body.length}` });
  if (range === null) return c.body(body as Uint8Array<ArrayBuffer>, 200, headers);
  const [start, end] = range;
  return c.body(body.slice(start, end + 1) as Uint8Array<ArrayBuffer>, 206, {
    ...headers,
    "Content-Range": `bytes ${start}-${end}/${body.length}`,
  });
}
