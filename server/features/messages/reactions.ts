// The messages feature's own reaction: a message sent appears at once on both members' open pages
// (every tab of the sender too), through the real-time bus, once committed: the recipient's as the
// shield delivers it (held, masked, or not at all while the sender is on quiet hold).
import { messageSent } from "@domain/events.ts";
import type { AppDeps } from "../../deps.ts";
import { react } from "../../platform/events/domain-events.ts";
import { notify } from "../../platform/realtime/notify.ts";

export const messageReactions = [
  react({
    name: "messages: « message.created » on both members' open pages",
    event: messageSent,
    async after(deps: AppDeps, { message, recipientId, delivered }) {
      // Each side as they see it (the shield, issue 36); nothing to a recipient while it waits.
      await notify(deps, [message.senderId], { type: "message.created", message });
      if (delivered) await notify(deps, [recipientId], { type: "message.created", message: delivered });
    },
  }),
];
