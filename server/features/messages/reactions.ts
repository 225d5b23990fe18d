// The messages feature's own reaction: a message sent appears at once on both members' open pages
// (every tab of the sender too), through the real-time bus, once committed.
import { messageSent } from "@domain/events.ts";
import type { AppDeps } from "../../deps.ts";
import { react } from "../../platform/events/domain-events.ts";
import { notify } from "../../platform/realtime/notify.ts";

export const messageReactions = [
  react({
    name: "messages: « message.created » on both members' open pages",
    event: messageSent,
    async after(deps: AppDeps, { message, recipientId }) {
      await notify(deps, [message.senderId, recipientId], { type: "message.created", message });
    },
  }),
];
