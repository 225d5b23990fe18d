// Calls' reactions (issue 38): a block, « Retirer » or a ban ends a running call at once. The media
// does not pass through the app, so the server tells both pages (every instance, over the bus) and
// each closes its connection; a closed connection receives nothing more. TURN credentials would not
// do it: they only gate the start of a relay (docs/research/issue-38-calls.md §2).
import { matchChanged, memberBanned } from "@domain/events.ts";
import type { AppDeps } from "../../deps.ts";
import { react } from "../../platform/events/domain-events.ts";
import { endCallsOfMatch, endCallsOfMember } from "./calls.service.ts";

export const callReactions = [
  react({
    name: "calls: a match removed (a block, « Retirer ») ends its running call on both pages",
    event: matchChanged,
    async after(deps: AppDeps, { matchId, status }) {
      if (status === "removed") await endCallsOfMatch(deps, matchId);
    },
  }),
  react({
    name: "calls: a banned member’s calls end on the other members’ pages",
    event: memberBanned,
    async after(deps: AppDeps, { userId }) {
      await endCallsOfMember(deps, userId);
    },
  }),
];
