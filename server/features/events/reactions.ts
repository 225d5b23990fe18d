// What the event streams do when something happens elsewhere: a banned member's open pages are
// closed on every instance at once (their sessions ended in the ban's own transaction).
import { memberBanned } from "@domain/events.ts";
import type { AppDeps } from "../../deps.ts";
import { react } from "../../platform/events/domain-events.ts";

export const streamReactions = [
  react({
    name: "events: the member’s open event streams are closed on every instance",
    event: memberBanned,
    async after(deps: AppDeps, { userId }) {
      await deps.bus.publish([userId], { type: "session.revoked" });
    },
  }),
];
