// Password-reset links (Better Auth keeps each as a `verification` row `reset-password:<token>`
// holding the account id). Only the newest link of an account works: sending a new one, or
// completing a reset, retires every other, so a link left in an old e-mail cannot be used later.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

const PREFIX = "reset-password:";

/** Deletes the account's reset links except `keepToken` (null: all of them). */
export async function retireResetLinks(db: Db, userId: string, keepToken: string | null): Promise<void> {
  const keep = keepToken === null ? null : `${PREFIX}${keepToken}`;
  await db.execute(
    sql`DELETE FROM verification
        WHERE value = ${userId} AND identifier LIKE ${`${PREFIX}%`}
          AND (${keep}::text IS NULL OR identifier <> ${keep})`,
  );
}

/**
 * A completed reset proves the address receives our mail: it counts as confirmed, so a member whose
 * account predates required confirmation (or was imported) signs in straight after.
 */
export async function confirmAddressByReset(db: Db, userId: string): Promise<void> {
  await db.execute(sql`UPDATE "user" SET email_verified = true WHERE id = ${userId} AND NOT email_verified`);
}
