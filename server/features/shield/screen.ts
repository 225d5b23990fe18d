// A message on its way (issue 36): what the shield does with it before it is written. It reads the
// sender's standing (account age, e-mail, selfie, quiet hold) and the recipient's selfie in one
// statement, and the text through the detectors. Never a 500, never a lost message: when anything
// here fails, the message goes through as it would have before the shield, and the failure is
// counted and logged.

import { analyseMessage, type MessageAnalysis } from "@domain/shield/analyse.ts";
import { SHIELD_MSG, type ShieldSettings, type TrustLevel } from "@domain/shield/shield.ts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, inTransaction, queryRows } from "../../platform/db/client.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { Logger } from "../../platform/logger.ts";
import { shieldFailures } from "./failures.ts";

export interface OutgoingMessage {
  senderId: string;
  recipientId: string;
  matchId: string;
  content: string;
  /** The sender has written in this conversation before. */
  started: boolean;
}

export interface ShieldVerdict {
  /** « held » behind the warning, « waiting » unseen until release, or delivered (null). */
  shield: "held" | "waiting" | null;
  /** What the recipient reads instead of the text (numbers and handles masked), or null. */
  maskedContent: string | null;
  /** The sender's trust level, for the daily allowance of new conversations. */
  trust: TrustLevel;
  analysis: MessageAnalysis | null;
}

const standingRow = z.strictObject({
  newAccount: z.boolean(),
  emailConfirmed: z.boolean(),
  selfieVerified: z.boolean(),
  recipientVerified: z.boolean(),
  status: z.string(),
  heldSinceVerified: z.boolean(),
  /** The sender's earlier messages in this conversation wait too. */
  waitingHere: z.boolean(),
});

async function standing(tx: Db, settings: ShieldSettings, m: OutgoingMessage) {
  const [row] = await queryRows(
    tx,
    standingRow,
    sql`SELECT u.created_at > now() - make_interval(days => ${settings.newAccountDays}) AS "newAccount",
        u.email_verified AS "emailConfirmed", s.verified_at IS NOT NULL AS "selfieVerified",
        coalesce((SELECT r.verified_at IS NOT NULL FROM profiles r WHERE r.user_id = ${m.recipientId}), false)
          AS "recipientVerified",
        coalesce((SELECT a.status FROM shield_accounts a WHERE a.user_id = u.id), 'clear') AS status,
        -- On hold since after the verification (a face that is another account's): the selfie
        -- does not lift it; a hold from before it does (the verification released it).
        coalesce((SELECT a.held_at > s.verified_at FROM shield_accounts a WHERE a.user_id = u.id), false)
          AS "heldSinceVerified",
        ${m.started ? sql`EXISTS (SELECT 1 FROM messages w WHERE w.match_id = ${m.matchId}::uuid AND w.sender_id = u.id AND w.shield = 'waiting')` : sql`false`} AS "waitingHere"
      FROM "user" u JOIN profiles s ON s.user_id = u.id WHERE u.id = ${m.senderId}`,
  );
  return row;
}

const trustOf = (s: { emailConfirmed: boolean; selfieVerified: boolean }): TrustLevel =>
  s.selfieVerified ? "selfie" : s.emailConfirmed ? "email" : "unconfirmed";

/**
 * The shield's verdict on a message about to be written in `tx`. An administrator's « vérification
 * exigée » refuses new conversations (403); everything else only shapes how the message is delivered.
 */
export async function screenOutgoing(
  tx: Db,
  logger: Logger,
  settings: ShieldSettings,
  m: OutgoingMessage,
): Promise<ShieldVerdict> {
  const open: ShieldVerdict = { shield: null, maskedContent: null, trust: "selfie", analysis: null };
  if (!settings.enabled) return open;
  let row: z.output<typeof standingRow> | undefined;
  let analysis: MessageAnalysis;
  try {
    // A savepoint: a failed statement here must not abort the message's own transaction.
    row = await inTransaction(tx, (sp) => standing(sp, settings, m));
    analysis = analyseMessage(m.content);
  } catch (err) {
    shieldFailures.count++;
    logger.error({ err, senderId: m.senderId }, "shield: could not screen a message; delivered as before");
    return open;
  }
  if (!row) return open;
  const trust = trustOf(row);
  if (row.status === "verify" && !m.started && !row.selfieVerified)
    throw new AppError(403, "SHIELD_VERIFICATION_REQUIRED", SHIELD_MSG.VERIFICATION_REQUIRED);
  const onHold = row.status === "hold" && (!row.selfieVerified || row.heldSinceVerified);
  // Asked to verify: the conversations it opened while its messages waited keep waiting.
  const verifyPending = row.status === "verify" && !row.selfieVerified && row.waitingHere;
  const shield =
    (onHold && (!m.started || row.waitingHere)) || verifyPending
      ? "waiting"
      : analysis.money.request && (row.newAccount || !row.selfieVerified)
        ? "held"
        : null;
  const bothVerified = row.selfieVerified && row.recipientVerified;
  return { shield, maskedContent: bothVerified ? null : analysis.masked, trust, analysis };
}
