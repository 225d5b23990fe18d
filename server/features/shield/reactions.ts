// What the shield does when something happens elsewhere (issue 36). Everything runs in the writer's
// transaction, inside a savepoint of its own: when a signal cannot be computed, the savepoint rolls
// back, the failure is counted and logged, and the message, the like or the verification commits
// as it would have without the shield.

import { likeCreated, memberSeenOnCall, memberVerified, messageSent } from "@domain/events.ts";
import type { ShieldSettings } from "@domain/shield/shield.ts";
import { simhash } from "@domain/shield/simhash.ts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDeps } from "../../deps.ts";
import { type Db, inTransaction, queryRows } from "../../platform/db/client.ts";
import { react } from "../../platform/events/domain-events.ts";
import { connectionSignals } from "./connections.ts";
import { shieldFailures } from "./failures.ts";
import { SHIELD_QUEUES } from "./jobs.ts";
import { addSignals, type NewSignal, rescore } from "./score.ts";
import { loadShieldSettings } from "./settings.ts";

/** Runs one signal's work in a savepoint; a failure is counted and logged, never thrown. */
async function guarded(
  deps: AppDeps,
  tx: Db,
  what: string,
  work: (sp: Db, s: ShieldSettings) => Promise<void>,
) {
  try {
    await inTransaction(tx, async (sp) => {
      const settings = await loadShieldSettings(deps.database, sp);
      if (settings.enabled) await work(sp, settings);
    });
  } catch (err) {
    shieldFailures.count++;
    deps.logger.error({ err }, `shield: ${what} could not be computed; the write goes on`);
  }
}

/** Whether the member already has this signal since `hours` ago (one signal per burst, not per act). */
const recently = (userId: string, kind: string, hours: number) =>
  sql`EXISTS (SELECT 1 FROM shield_signals WHERE user_id = ${userId} AND kind = ${kind}
    AND created_at > now() - make_interval(hours => ${hours}))`;

/** Other members who received nearly the same text from the sender this week (SimHash, issue 36). */
async function duplicateRecipients(tx: Db, senderId: string, recipientId: string, hash: bigint) {
  const [row] = await queryRows(
    tx,
    z.strictObject({ others: z.number().int(), already: z.boolean() }),
    sql`SELECT count(DISTINCT recipient_id)::int AS others, ${recently(senderId, "duplicate_text", 24)} AS already
      FROM message_fingerprints
      WHERE sender_id = ${senderId} AND recipient_id <> ${recipientId}
        AND created_at > now() - interval '7 days'
        AND bit_count((simhash # ${hash}::bigint)::bit(64)) <= 10`,
  );
  return row ?? { others: 0, already: true };
}

export const shieldReactions = [
  react({
    name: "shield: a message’s signals (money, leaving the platform, the same text to many, bursts of first messages) score its sender",
    event: messageSent,
    async within(deps: AppDeps, { tx }, { message, recipientId, opening, shield }) {
      await guarded(deps, tx, "a message’s signals", async (sp, settings) => {
        const senderId = message.senderId;
        const signals: NewSignal[] = [];
        if (shield?.held)
          signals.push({ kind: "money_request", detail: shield.reasons.join(" ; "), messageId: message.id });
        if (shield?.offPlatform && opening)
          signals.push({ kind: "off_platform", detail: shield.reasons.join(" ; "), messageId: message.id });
        const hash = simhash(message.content);
        if (hash !== null) {
          await sp.execute(sql`INSERT INTO message_fingerprints (message_id, sender_id, recipient_id, simhash)
            VALUES (${message.id}::uuid, ${senderId}, ${recipientId}, ${hash}::bigint)`);
          const dup = await duplicateRecipients(sp, senderId, recipientId, hash);
          if (dup.others + 1 >= settings.bursts.duplicateRecipients && !dup.already)
            signals.push({
              kind: "duplicate_text",
              detail: `Le même texte, ou presque, à ${dup.others + 1} membres en 7 jours`,
              messageId: message.id,
            });
        }
        if (opening) {
          const [burst] = await queryRows(
            sp,
            z.strictObject({ openers: z.number().int(), already: z.boolean() }),
            // Counted up to the threshold only: a sender who writes a lot costs no more than others.
            sql`SELECT (SELECT count(*)::int FROM (SELECT 1 FROM messages x
                WHERE x.sender_id = ${senderId} AND x.created_at > now() - interval '1 hour'
                  AND NOT EXISTS (SELECT 1 FROM messages y WHERE y.match_id = x.match_id
                    AND y.sender_id = ${senderId} AND y.created_at < x.created_at)
                LIMIT ${settings.bursts.openersPerHour}) firsts) AS openers,
              ${recently(senderId, "burst_openers", 1)} AS already`,
          );
          if (burst && burst.openers >= settings.bursts.openersPerHour && !burst.already)
            signals.push({
              kind: "burst_openers",
              detail: `${burst.openers} conversations commencées en une heure`,
            });
        }
        if (opening) signals.push(...(await connectionSignals(sp, settings, senderId)));
        if (signals.length > 0) await addSignals(sp, settings, senderId, signals);
        // A first message is when reports received meanwhile are weighed again.
        else if (opening) await rescore(sp, settings, senderId);
      });
    },
  }),
  react({
    name: "shield: a burst of likes scores the liker",
    event: likeCreated,
    async within(deps: AppDeps, { tx }, { likerId }) {
      await guarded(deps, tx, "a burst of likes", async (sp, settings) => {
        const [burst] = await queryRows(
          sp,
          z.strictObject({ likes: z.number().int(), already: z.boolean() }),
          sql`SELECT count(*)::int AS likes, ${recently(likerId, "burst_likes", 1)} AS already FROM likes
            WHERE liker_id = ${likerId} AND type = 'like' AND created_at > now() - interval '1 hour'`,
        );
        if (burst && burst.likes >= settings.bursts.likesPerHour && !burst.already)
          await addSignals(sp, settings, likerId, [
            { kind: "burst_likes", detail: `${burst.likes} « J’aime » en une heure` },
          ]);
      });
    },
  }),
  react({
    name: "shield: a verified selfie ends a quiet hold, delivers the first messages that waited, and queues the comparison of the face with other accounts",
    event: memberVerified,
    async within(deps: AppDeps, { tx, jobs }, { userId }) {
      await guarded(deps, tx, "a verification’s release", async (sp) => {
        await releaseAccount(sp, userId, "clear");
        // Both members verified now: the numbers and handles masked between them are shown.
        await sp.execute(sql`UPDATE messages x SET masked_content = NULL FROM matches m
          JOIN profiles p1 ON p1.user_id = m.user1_id JOIN profiles p2 ON p2.user_id = m.user2_id
          WHERE x.match_id = m.id AND x.masked_content IS NOT NULL
            AND (m.user1_id = ${userId} OR m.user2_id = ${userId})
            AND p1.verified_at IS NOT NULL AND p2.verified_at IS NOT NULL`);
      });
      await jobs.send(SHIELD_QUEUES.faceCheck, { userId });
    },
  }),
  react({
    name: "shield: a face seen live in a video call makes its account less suspect (scored again)",
    event: memberSeenOnCall,
    async within(deps: AppDeps, { tx }, { userId }) {
      await guarded(deps, tx, "a live check’s trust", async (sp, settings) => {
        await rescore(sp, settings, userId);
      });
    },
  }),
];

/** A message delivered at last, and to whom. */
export interface Delivered {
  id: string;
  recipientId: string;
}

/**
 * Ends the account's hold: its waiting messages are delivered (their time is when they were sent) and
 * its standing becomes `status`. Returns the messages delivered.
 */
export async function releaseAccount(
  tx: Db,
  userId: string,
  status: "clear" | "released",
): Promise<Delivered[]> {
  const delivered = await queryRows(
    tx,
    z.strictObject({ id: z.string(), recipientId: z.string() }),
    sql`UPDATE messages x SET shield = NULL FROM matches m
      WHERE m.id = x.match_id AND x.sender_id = ${userId} AND x.shield = 'waiting'
      RETURNING x.id::text AS id,
        CASE WHEN m.user1_id = x.sender_id THEN m.user2_id ELSE m.user1_id END AS "recipientId"`,
  );
  await tx.execute(sql`UPDATE shield_accounts SET status = ${status}, updated_at = now(), appeal = NULL,
      decided_at = CASE WHEN ${status} = 'released' THEN now() ELSE decided_at END
    WHERE user_id = ${userId} AND status IN ('hold', 'verify')`);
  return delivered;
}
