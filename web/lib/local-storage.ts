// The browser's localStorage where the app keeps small non-secret records (the admin display
// record, the remembered search filters). It may be unavailable (private mode, blocked): callers
// then keep nothing and carry on.

/** localStorage, or null where the browser refuses it. */
export function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Removes `key`; nothing happens where storage is unavailable. */
export function forgetStored(key: string): void {
  try {
    localStore()?.removeItem(key);
  } catch {
    // Storage unavailable: nothing to remove.
  }
}
