import { useSyncExternalStore } from "react";

/** Whether the media query matches, following changes (rotation, resizing). True where it cannot be asked. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener("change", onChange);
      return () => list?.removeEventListener("change", onChange);
    },
    () => window.matchMedia?.(query).matches ?? true,
    () => true,
  );
}
