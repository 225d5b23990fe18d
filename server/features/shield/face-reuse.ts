// A face that matches another account's (issue 36): once a member's selfie verification succeeds,
// their face descriptor is compared with every other kept descriptor — those of banned accounts
// above all, the scammer who comes back under a new name. A job, after the verification has
// committed: reading every descriptor is too long for the member's request.

import { sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDeps } from "../../deps.ts";
import { inTransaction, queryRows } from "../../platform/db/client.ts";
import { FACE_THRESHOLDS, faceSimilarity } from "../verification/index.ts";
import { addSignals } from "./score.ts";
import { loadShieldSettings } from "./settings.ts";

/** Descriptors read at a time (1,024 floats each: about 4 MB a batch). */
const BATCH = 1000;

const descriptorRow = z.strictObject({
  userId: z.string(),
  descriptor: z.array(z.number()),
  banned: z.boolean(),
});

/** The accounts whose verified face is the member's: [userId, banned, likeness]. */
export async function sameFaces(deps: AppDeps, userId: string) {
  const { db } = deps.database;
  const [mine] = await queryRows(
    db,
    z.strictObject({ descriptor: z.array(z.number()) }),
    sql`SELECT descriptor FROM face_descriptors WHERE user_id = ${userId}`,
  );
  if (!mine) return [];
  const found: { userId: string; banned: boolean; likeness: number }[] = [];
  for (let after = ""; ; ) {
    const rows = await queryRows(
      db,
      descriptorRow,
      sql`SELECT f.user_id AS "userId", f.descriptor, coalesce(u.banned, false) AS banned
        FROM face_descriptors f JOIN "user" u ON u.id = f.user_id
        WHERE f.user_id > ${after} AND f.user_id <> ${userId} ORDER BY f.user_id LIMIT ${BATCH}`,
    );
    for (const r of rows) {
      const likeness = faceSimilarity(mine.descriptor, r.descriptor);
      if (likeness >= FACE_THRESHOLDS.MATCH) found.push({ userId: r.userId, banned: r.banned, likeness });
    }
    if (rows.length < BATCH) return found;
    after = rows.at(-1)!.userId;
  }
}

/** Records the signal when the member's face is another account's (twice the weight for a banned one). */
export async function checkFaceReuse(deps: AppDeps, userId: string): Promise<void> {
  const matches = await sameFaces(deps, userId);
  if (matches.length === 0) return;
  const banned = matches.filter((m) => m.banned).length;
  const settings = await loadShieldSettings(deps.database);
  const detail =
    banned > 0
      ? `Même visage qu’un compte banni (${banned} sur ${matches.length} compte(s) ressemblant(s))`
      : `Même visage que ${matches.length} autre(s) compte(s)`;
  await inTransaction(deps.database.db, (tx) =>
    addSignals(tx, settings, userId, [
      { kind: "face_reuse", detail, weight: settings.weights.face_reuse * (banned > 0 ? 2 : 1) },
    ]),
  );
  deps.logger.info(
    { userId, matches: matches.length, banned },
    "shield: a verified face matches another account",
  );
}
