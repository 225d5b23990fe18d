// The quick exit (issue 40): Échap pressed twice in a row leaves Passerelle for a neutral page at
// once, for a member who is no longer alone in front of the screen. The page replaces the current
// history entry, so « Retour » does not bring Passerelle back from there.
import { useEffect } from "react";

/** A page anyone might have open. */
export const QUICK_EXIT_URL = "https://www.google.com/search?q=m%C3%A9t%C3%A9o";
/** The second Échap counts within this time of the first. */
export const QUICK_EXIT_WINDOW_MS = 700;

/** A keydown handler that calls `leave` on the second Escape within the window. */
export function quickExitHandler(leave: () => void, now: () => number = Date.now) {
  let last = Number.NEGATIVE_INFINITY;
  return (event: Pick<KeyboardEvent, "key" | "repeat">) => {
    if (event.key !== "Escape" || event.repeat) return;
    const at = now();
    if (at - last <= QUICK_EXIT_WINDOW_MS) {
      last = Number.NEGATIVE_INFINITY;
      leave();
    } else last = at;
  };
}

export function leaveForNeutralPage(): void {
  // What the tab shows until the neutral page loads: nothing of Passerelle.
  document.title = "";
  document.body.replaceChildren();
  window.location.replace(QUICK_EXIT_URL);
}

/** Listens on the whole app (capture: a dialog that handles Échap itself does not swallow it). */
export function useQuickExit(): void {
  useEffect(() => {
    const onKey = quickExitHandler(leaveForNeutralPage);
    window.addEventListener("keydown", onKey, { capture: true });
    return () => window.removeEventListener("keydown", onKey, { capture: true });
  }, []);
}
