// Where a member's browser connects for a call: our TURN server (coturn) with credentials of the TURN
// REST API (draft-uberti-behave-turn-rest-00, coturn's `use-auth-secret`): the username is
// « <expiry>:<member id> » (so coturn's user-quota counts per member) and the password
// base64(HMAC-SHA1(shared secret, username)). They only gate the start of a relay: a call goes on
// after they expire (docs/research/issue-38-calls.md §2), so ending calls is signalling's job.
import { createHmac } from "node:crypto";
import { CALL } from "@domain/calls.ts";
import type { IceConfigDto } from "@domain/responses/calls.ts";
import type { Config } from "../../platform/settings/config.ts";

export function turnCredentials(secret: string, userId: string, now = Date.now()) {
  const username = `${Math.floor(now / 1000) + CALL.TURN_TTL_SECONDS}:${userId}`;
  const credential = createHmac("sha1", secret).update(username).digest("base64");
  return { username, credential };
}

/**
 * Every call is relayed when a TURN server is configured (iceTransportPolicy « relay »): a direct
 * path would show each member the other's IP address, and so roughly where they are. Without one
 * (a developer's machine), the two tabs connect directly.
 */
export function iceConfig(config: Pick<Config, "calls">, userId: string): IceConfigDto {
  const { turn } = config.calls;
  if (!turn) return { iceServers: [], iceTransportPolicy: "all" };
  return {
    iceServers: [{ urls: turn.urls, ...turnCredentials(turn.secret, userId) }],
    iceTransportPolicy: "relay",
  };
}
