import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while React takes over a prerendered page (and in the prerender itself), true once its
 * event handlers are attached. A page rendered in the browser from the start is true at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * `value`, except while React takes over a prerendered page, when it is `prerendered` (what the
 * build saw: no session, no settings). A page whose chunk arrives after the session check has
 * answered must first render exactly what was prerendered, or React discards its markup.
 */
export function useAfterHydration<T>(value: T, prerendered: T): T {
  return useHydrated() ? value : prerendered;
}
