// Verification stays true (issue 16): when a verified member's main photo changes, its face is
// compared with the descriptor kept from the verification; if it is not the same person (or shows
// no face), the badge is cleared and the descriptor erased — it is kept only while the badge holds.
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDeps } from "../../deps.ts";
import { type Db, inTransaction, queryRows } from "../../platform/db/client.ts";
import { faceDescriptors, profiles } from "../../platform/db/schema/index.ts";
import { THRESHOLDS } from "./decide.ts";
import { faceEngine } from "./face-engine.ts";

export async function mainPhotoKey(db: Db, userId: string): Promise<string | null> {
  const [row] = await queryRows(
    db,
    z.strictObject({ main: z.string().nullable() }),
    sql`SELECT photos[1] AS main FROM profiles WHERE user_id = ${userId}`,
  );
  return row?.main ?? null;
}

export type RecheckOutcome = "not-verified" | "kept" | "cleared";

/** Re-checks the main photo of a verified member against their verified face. */
export async function recheckMainPhoto(
  deps: Pick<AppDeps, "database" | "storage" | "logger">,
  userId: string,
): Promise<RecheckOutcome> {
  const { db } = deps.database;
  const [row] = await queryRows(
    db,
    z.strictObject({ descriptor: z.array(z.number()), main: z.string().nullable() }),
    sql`SELECT d.descriptor, p.photos[1] AS main FROM profiles p
      JOIN face_descriptors d ON d.user_id = p.user_id
      WHERE p.user_id = ${userId} AND p.verified_at IS NOT NULL`,
  );
  if (!row) return "not-verified";
  const obj = row.main ? await deps.storage.get(row.main) : null;
  let likeness = 0;
  try {
    const engine = await faceEngine();
    const found = obj ? (await engine.analyse(Buffer.from(obj.body))).faces[0] : undefined;
    likeness = found ? engine.similarity(row.descriptor.map(Number), found.embedding) : 0;
  } catch (err) {
    // The photo changed and cannot be compared now: the badge is not kept on a face nobody checked
    // (the member verifies again; the photo change itself stands).
    deps.logger.error({ err, userId }, "verification: main photo re-check failed, badge cleared");
  }
  if (likeness >= THRESHOLDS.REVIEW) return "kept";
  await inTransaction(db, async (tx) => {
    await tx
      .update(profiles)
      .set({ verifiedAt: null, seenOnCallAt: null, updatedAt: sql`now()` })
      .where(eq(profiles.userId, userId));
    await tx.delete(faceDescriptors).where(eq(faceDescriptors.userId, userId));
  });
  deps.logger.info({ userId, likeness }, "verification: main photo no longer matches, badge cleared");
  return "cleared";
}

/** Runs `change`, then re-checks the badge if it changed the main photo. */
export async function withMainPhotoRecheck<T>(
  deps: Pick<AppDeps, "database" | "storage" | "logger">,
  userId: string,
  change: () => Promise<T>,
): Promise<T> {
  const before = await mainPhotoKey(deps.database.db, userId);
  const result = await change();
  if ((await mainPhotoKey(deps.database.db, userId)) !== before) await recheckMainPhoto(deps, userId);
  return result;
}
