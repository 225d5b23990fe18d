// The matches feature's own reaction: a match accepted or removed changes both members' open lists
// at once, through the real-time bus, once committed.
import { matchChanged } from "@domain/events.ts";
import type { AppDeps } from "../../deps.ts";
import { react } from "../../platform/events/domain-events.ts";
import { notify } from "../../platform/realtime/notify.ts";

export const matchReactions = [
  react({
    name: "matches: « match.accepted » or « match.removed » on both members' open pages",
    event: matchChanged,
    async after(deps: AppDeps, { matchId, userIds, status }) {
      await notify(deps, userIds, {
        type: status === "removed" ? "match.removed" : "match.accepted",
        matchId,
      });
    },
  }),
];
