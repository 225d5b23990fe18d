// A page's code that fails to load (a dynamic import): after a deployment the old file is gone, and
// now and then a service worker's copy fails to read back while it precaches. One automatic reload
// fixes both; a second failure soon after is shown (RouteErrorPage), never a reload loop.

const KEY = "passerelle-chunk-reload";
/** A reload for the same failure within this long does not happen again. */
export const CHUNK_RELOAD_WINDOW_MS = 30_000;

/** Whether `error` is a failed dynamic import (Chromium's and Safari's wording). */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed/i.test(error.message)
  );
}

/**
 * Whether to reload the page for a failed import now: yes unless one was done in the last
 * CHUNK_RELOAD_WINDOW_MS (recorded in `storage`, per tab).
 */
export function shouldReloadForChunk(
  storage: Pick<Storage, "getItem" | "setItem">,
  now = Date.now(),
): boolean {
  let last = Number.NaN;
  try {
    last = Number(storage.getItem(KEY));
  } catch {
    return false;
  }
  if (Number.isFinite(last) && now - last < CHUNK_RELOAD_WINDOW_MS) return false;
  try {
    storage.setItem(KEY, String(now));
  } catch {
    // Without storage, no reload: a loop could not be stopped.
    return false;
  }
  return true;
}
