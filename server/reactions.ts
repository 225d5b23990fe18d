// Every feature's reactions to the domain events (domain/events.ts), in the order they run for one
// event: a feature adds a reaction in its own reactions.ts, and its list is named here once.
// docs/events.md is generated from this list (npm run events:doc) and checked by a test.
import type { AppDeps } from "./deps.ts";
import { billingReactions } from "./features/billing/index.ts";
import { callReactions } from "./features/calls/index.ts";
import { streamReactions } from "./features/events/index.ts";
import { matchReactions } from "./features/matches/index.ts";
import { messageReactions } from "./features/messages/index.ts";
import { notificationReactions } from "./features/notifications/index.ts";
import { safetyReactions } from "./features/safety/index.ts";
import { shieldReactions } from "./features/shield/index.ts";
import type { Reaction } from "./platform/events/domain-events.ts";

export const REACTIONS: readonly Reaction<AppDeps>[] = [
  ...messageReactions,
  ...matchReactions,
  ...safetyReactions,
  ...shieldReactions,
  ...notificationReactions,
  ...billingReactions,
  ...streamReactions,
  ...callReactions,
];
