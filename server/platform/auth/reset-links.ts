// Password-reset links (Better Auth keeps each as a `verification` row `reset-password:<token>`
// holding the account id). Only the newest link of an account works: sending a new one, or
// completing a reset, retires every other, so a link left in an old e-mail cannot be used later.
import { and, eq, like, ne, not } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { user, verification } from "../db/schema/index.ts";

const PREFIX = "reset-password:";

/** Deletes the account's reset links except `keepToken` (null: all of them). */
export async function retireResetLinks(db: Db, userId: string, keepToken: string | null): Promise<void> {
  const keep = keepToken === null ? null : `${PREFIX}${keepToken}`;
  await db
    .delete(verification)
    .where(
      and(
        eq(verification.value, userId),
        like(verification.identifier, `${PREFIX}%`),
        keep === null ? undefined : ne(verification.identifier, keep),
      ),
    );
}

/**
 * A completed reset proves the address receives our mail: it counts as confirmed, so a member whose
 * account predates required confirmation (or was imported) signs in straight after.
 */
export async function confirmAddressByReset(db: Db, userId: string): Promise<void> {
  await db
    .update(user)
    .set({ emailVerified: true })
    .where(and(eq(user.id, userId), not(user.emailVerified)));
}
