import { useCallback, useInsertionEffect, useRef } from "react";

/**
 * An event handler whose identity never changes but which always runs the latest `handler`: a
 * memoised child (a search result card) is not drawn again because its parent re-rendered. For
 * handlers called from events only, never during rendering.
 */
export function useStableHandler<Args extends unknown[], Result>(
  handler: (...args: Args) => Result,
): (...args: Args) => Result {
  const latest = useRef(handler);
  // Before any layout effect or event of this render can call it.
  useInsertionEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
