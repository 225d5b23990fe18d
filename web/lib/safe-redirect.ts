/** Returns `value` when it is a same-site path ("/…", not "//…" nor "/\…"), otherwise `fallback`. */
export function safeRedirect(value: string | null | undefined, fallback = "/profile"): string {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // Control characters could be used to smuggle a scheme or a host.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001F\u007F]/.test(value)) return fallback;
  try {
    const url = new URL(value, window.location.origin);
    if (url.origin !== window.location.origin) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** The /login URL that brings the visitor back to `path` after signing in. */
export function loginUrlFor(path: string): string {
  return `/login?redirect=${encodeURIComponent(path)}`;
}
