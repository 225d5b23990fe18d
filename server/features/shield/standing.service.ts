// What a member may know of their standing with the shield (issue 36), and their appeal. A quiet
// hold is not told (« the sender sees nothing different »); an administrator's request for a selfie
// verification is, with the right to appeal it.

import type { ShieldStandingDto } from "@domain/responses/shield.ts";
import { SHIELD_MSG } from "@domain/shield/shield.ts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, inTransaction, queryRows } from "../../platform/db/client.ts";
import { AppError } from "../../platform/http/errors.ts";
import { allowance } from "./allowance.ts";
import { loadShieldSettings } from "./settings.ts";

export const appealSchema = z.strictObject({
  message: z
    .string({ error: SHIELD_MSG.APPEAL_TOO_SHORT })
    .trim()
    .min(10, SHIELD_MSG.APPEAL_TOO_SHORT)
    .max(2000, SHIELD_MSG.APPEAL_TOO_LONG),
});

const standingRow = z.strictObject({
  emailConfirmed: z.boolean(),
  selfieVerified: z.boolean(),
  status: z.string(),
  appealPending: z.boolean(),
});

async function readStanding(db: Db, userId: string, lock = false) {
  const [row] = await queryRows(
    db,
    standingRow,
    sql`SELECT u.email_verified AS "emailConfirmed", p.verified_at IS NOT NULL AS "selfieVerified",
        coalesce(a.status, 'clear') AS status,
        coalesce(a.appeal IS NOT NULL AND a.decided_at IS NULL AND a.appealed_at > coalesce(a.decided_at, '-infinity'), false)
          AS "appealPending"
      FROM "user" u JOIN profiles p ON p.user_id = u.id LEFT JOIN shield_accounts a ON a.user_id = u.id
      WHERE u.id = ${userId} ${lock ? sql`FOR UPDATE OF u` : sql``}`,
  );
  return row;
}

export async function shieldStanding(
  database: { db: Db },
  userId: string,
  ceiling: number,
): Promise<ShieldStandingDto> {
  const settings = await loadShieldSettings(database);
  const row = await readStanding(database.db, userId);
  const trust = row?.selfieVerified ? "selfie" : row?.emailConfirmed ? "email" : "unconfirmed";
  return {
    verificationRequired: row?.status === "verify" && !row.selfieVerified,
    trust,
    newConversationsPerDay: allowance(settings, trust, ceiling),
    appealPending: row?.appealPending ?? false,
  };
}

/** The member contests an administrator's request for verification: it goes to the queue's top. */
export async function appeal(db: Db, userId: string, message: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await readStanding(tx, userId, true);
    if (row?.status !== "verify")
      throw new AppError(409, "APPEAL_NOT_RESTRICTED", SHIELD_MSG.APPEAL_NOT_RESTRICTED);
    if (row.appealPending) throw new AppError(409, "APPEAL_PENDING", SHIELD_MSG.APPEAL_ALREADY);
    await tx.execute(sql`UPDATE shield_accounts SET appeal = ${message}, appealed_at = now(),
        decided_at = NULL, updated_at = now() WHERE user_id = ${userId}`);
  });
}
