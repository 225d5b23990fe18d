/**
 * A same-site path ("/search?x=1"), or null: not "//host", "/\host", a scheme, control characters
 * or anything over 500 characters. Used wherever a path travels in a URL and comes back.
 */
export function safePath(value: string | null | undefined): string | null {
  if (
    !value ||
    value.length > 500 ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    value.startsWith("/\\")
  )
    return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001F\u007F\\]/.test(value)) return null;
  try {
    const url = new URL(value, "http://passerelle.invalid");
    return url.origin === "http://passerelle.invalid" ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}
