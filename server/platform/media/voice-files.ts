// The voice files an account's erasure takes with it (issue 37): the recordings of every conversation
// the member was in (the other member's copy of the conversation goes too, as its text does) and
// their introduction. Read inside the deleting transaction, deleted after it commits; a file missed
// (a message written in between) is an orphan the daily sweep removes.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import type { Storage } from "../storage/storage.ts";

export async function accountVoiceKeys(tx: Db, userId: string): Promise<string[]> {
  const rows = await queryRows(
    tx,
    z.strictObject({ key: z.string() }),
    sql`SELECT x.voice_key AS key FROM messages x JOIN matches m ON m.id = x.match_id
        WHERE (m.user1_id = ${userId} OR m.user2_id = ${userId}) AND x.voice_key IS NOT NULL
      UNION ALL SELECT voice_key FROM voice_intros WHERE user_id = ${userId}`,
  );
  return rows.map((r) => r.key);
}

export async function deleteVoiceFiles(deps: { voices: Storage; logger: Logger }, keys: readonly string[]) {
  for (const key of keys)
    await deps.voices.delete(key).catch((err) => deps.logger.error({ err, key }, "voice file not deleted"));
}
