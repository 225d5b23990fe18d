import { safePath } from "@domain/safe-path.ts";

/**
 * Returns `value` when it is a same-site path, checked once normalised (domain/safe-path.ts: not
 * "//…", "/\…", "/.//…", "/%2F%2F…"…), otherwise `fallback`.
 */
export function safeRedirect(value: string | null | undefined, fallback = "/profile"): string {
  return safePath(value) ?? fallback;
}

/** The /login URL that brings the visitor back to `path` after signing in. */
export function loginUrlFor(path: string): string {
  return `/login?redirect=${encodeURIComponent(path)}`;
}
