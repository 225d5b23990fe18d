// What safety does when something happens elsewhere.
import { messageSent } from "@domain/events.ts";
import type { AppDeps } from "../../deps.ts";
import { react } from "../../platform/events/domain-events.ts";
import { detectCopyPaste } from "./reports.service.ts";

export const safetyReactions = [
  react({
    // Copy-pasted openers sent to many people are a spam pattern worth a moderator's look.
    name: "safety: an opening message sent word for word to many members reports its sender",
    event: messageSent,
    async within(_deps: AppDeps, { tx }, { message, opening }) {
      if (opening) await detectCopyPaste(tx, message.senderId, message.content);
    },
  }),
];
