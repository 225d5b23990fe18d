const BASE = "http://passerelle.invalid";
// biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
const CONTROL_OR_BACKSLASH = /[\u0000-\u001F\u007F\\]/;

/**
 * A same-site path ("/search?x=1"), or null: not "//host", "/\host", a scheme, control characters
 * or anything over 500 characters. Used wherever a path travels in a URL and comes back (returnTo,
 * ?from=, ?redirect=).
 *
 * The check applies to the path as it comes out, normalised, not only to what came in: the URL
 * parser turns "/.//evil.example/x" or "/..//evil.example" into "//evil.example/…", which a browser
 * or a router takes for another site (security test, issue 33). It also refuses a path whose
 * pathname, once percent-decoded as a server or a router may do, would start with "//" or hold a
 * backslash or a control character ("/%2F%2Fevil", "/%5Cevil", "/%09…"), or cannot be decoded.
 */
export function safePath(value: string | null | undefined): string | null {
  if (!value || value.length > 500 || !value.startsWith("/") || CONTROL_OR_BACKSLASH.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (path.length > 500 || path.startsWith("//")) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (decoded.startsWith("//") || CONTROL_OR_BACKSLASH.test(decoded)) return null;
  return path;
}
