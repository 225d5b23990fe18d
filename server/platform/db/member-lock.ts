// One lock order for everything a member writes (issue 33): the member's account row first. Deleting
// an account locks that row, then its cascade locks the profile, matches, messages…; a transaction
// that locked one of those first and then needed the account row (every row it inserts for the
// member references it) waited on the deletion while the deletion waited on it: a deadlock. Taking
// the account row first, shared (KEY SHARE: it blocks only its deletion or a key change), puts the
// two in a queue instead; and after a deletion there is no row left to take.
import { eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import { user } from "./schema/index.ts";

/** Locks the member's account against deletion until the transaction ends; false when it is gone. */
export async function lockMember(tx: Db, userId: string): Promise<boolean> {
  const rows = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("key share");
  return rows.length > 0;
}
