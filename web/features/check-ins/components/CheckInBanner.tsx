import { deviceHasCheckIn, useCheckIns } from "../api.ts";
import { CheckInActions } from "./CheckInActions.tsx";

/** A check-in is this close to its time: the banner asks « Tout va bien ? » on every page. */
const SOON_MS = 30 * 60_000;

/**
 * Over every page of a member whose device set a check-in (issue 40): when it is near or past its
 * time, « Tout va bien ? » with the one-tap answer. Other devices and members ask nothing.
 */
export function CheckInBanner() {
  const enabled = deviceHasCheckIn();
  const checkIns = useCheckIns({ enabled, poll: enabled });
  const now = Date.now();
  const due = checkIns.data?.find(
    (c) => c.status === "alerted" || (c.status === "waiting" && Date.parse(c.dueAt) - now < SOON_MS),
  );
  if (!due) return null;
  return (
    <section
      aria-label="Point sécurité"
      className="flex flex-col gap-2 border-b border-ochre-300 bg-ochre-100 px-4 py-3 text-ink"
    >
      <p className="font-semibold">
        {due.status === "alerted"
          ? "Vos contacts ont été prévenus. Si tout va bien, dites-le-leur :"
          : "Point sécurité : tout va bien ?"}
      </p>
      <CheckInActions checkIn={due} />
    </section>
  );
}
