// « Appels » in a conversation (issue 38): each member's switch, off until they turn it on, and what
// their page needs to offer a call — whether the other member allows them too, where a call
// connects, the live check, and a call still ringing or running after a reload.
import type { CallSettingsDto } from "@domain/responses/calls.ts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDeps } from "../../deps.ts";
import { type Db, queryRows } from "../../platform/db/client.ts";
import { openConversation } from "../messages/index.ts";
import { currentCall } from "./calls.service.ts";
import { liveCheckState } from "./live-check.ts";
import { iceConfig } from "./turn.ts";

const switches = (me: string, matchId: string) =>
  sql`SELECT CASE WHEN user1_id = ${me} THEN user1_calls ELSE user2_calls END AS mine,
      CASE WHEN user1_id = ${me} THEN user2_calls ELSE user1_calls END AS theirs
    FROM matches WHERE id = ${matchId}::uuid`;

export async function callSettings(
  deps: Pick<AppDeps, "database" | "config">,
  me: string,
  matchId: string,
): Promise<CallSettingsDto> {
  const { db } = deps.database;
  await openConversation(db, me, matchId);
  return settingsOf(deps, db, me, matchId);
}

async function settingsOf(
  deps: Pick<AppDeps, "config">,
  db: Db,
  me: string,
  matchId: string,
): Promise<CallSettingsDto> {
  const [row] = await queryRows(
    db,
    z.strictObject({ mine: z.boolean(), theirs: z.boolean() }),
    switches(me, matchId),
  );
  const live = await liveCheckState(db, me);
  const available = deps.config.calls.available;
  const mine = row?.mine ?? false;
  const theirs = row?.theirs ?? false;
  return {
    available,
    mine,
    theirs,
    liveCheck: live.seen ? "done" : live.descriptor ? "offered" : "not-verified",
    current: await currentCall(db, me, matchId),
    ice: available && mine && theirs ? iceConfig(deps.config, me) : null,
  };
}

/** Turns the member's switch on or off in this conversation. */
export async function setCallsAllowed(
  deps: Pick<AppDeps, "database" | "config">,
  me: string,
  matchId: string,
  allowed: boolean,
): Promise<CallSettingsDto> {
  const { db } = deps.database;
  await openConversation(db, me, matchId);
  await db.execute(sql`UPDATE matches SET
      user1_calls = CASE WHEN user1_id = ${me} THEN ${allowed} ELSE user1_calls END,
      user2_calls = CASE WHEN user2_id = ${me} THEN ${allowed} ELSE user2_calls END
    WHERE id = ${matchId}::uuid`);
  return settingsOf(deps, db, me, matchId);
}
