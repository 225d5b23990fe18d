// An account's score (issue 36): the weights of the signals recorded against it in the last 30 days
// (since a moderator's release, if any), reports weighted by their author's track record, and two
// standing terms (a first week adds, a selfie verification takes off, and a face seen live in a video
// call, issue 38, takes off more). Crossing the threshold puts
// the account on quiet hold; nothing else happens to it without a moderator.

import type { ShieldSettings, ShieldSignal } from "@domain/shield/shield.ts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/client.ts";

export interface NewSignal {
  kind: ShieldSignal;
  detail: string;
  messageId?: string | null;
  /** Overrides the configured weight (a report's weight follows its author). */
  weight?: number;
}

/**
 * A report's weight factor from its author's history: upheld reports count for, dismissed ones
 * against; a first report counts half. (1 + 2 × upheld) / (2 + dismissed), between 0.25 and 2.
 */
const REPORT_FACTOR = sql`least(2, greatest(0.25, (1 + 2 * coalesce(h.upheld, 0))::real / (2 + coalesce(h.dismissed, 0))))`;

/** Records signals against the account and scores it again, in the caller's transaction. */
export async function addSignals(
  tx: Db,
  settings: ShieldSettings,
  userId: string,
  signals: NewSignal[],
): Promise<void> {
  for (const s of signals)
    await tx.execute(sql`INSERT INTO shield_signals (user_id, kind, weight, detail, message_id)
      VALUES (${userId}, ${s.kind}, ${s.weight ?? settings.weights[s.kind]}, ${s.detail}, ${s.messageId ?? null})`);
  await rescore(tx, settings, userId);
}

/** The account's score now, written to shield_accounts; a score over the threshold holds it. */
export async function rescore(tx: Db, settings: ShieldSettings, userId: string): Promise<number> {
  const w = settings.weights;
  const [row] = await queryRows(
    tx,
    z.strictObject({ score: z.number() }),
    sql`WITH a AS (SELECT status, decided_at FROM shield_accounts WHERE user_id = ${userId}),
      since AS (SELECT greatest(now() - interval '30 days',
          coalesce((SELECT decided_at FROM a WHERE status = 'released'), '-infinity')) AS t),
      sig AS (SELECT coalesce(sum(weight), 0)::real AS s FROM shield_signals
        WHERE user_id = ${userId} AND created_at > (SELECT t FROM since)),
      rep AS (SELECT coalesce(sum(${w.report} * ${REPORT_FACTOR}), 0)::real AS s
        FROM (SELECT DISTINCT ON (r.reporter_id) r.reporter_id FROM reports r
          WHERE r.reported_id = ${userId} AND r.reporter_id IS NOT NULL AND r.status <> 'dismissed'
            AND r.created_at > (SELECT t FROM since)) rr
        LEFT JOIN LATERAL (SELECT count(*) FILTER (WHERE x.status = 'action_taken') AS upheld,
            count(*) FILTER (WHERE x.status = 'dismissed') AS dismissed
          FROM reports x WHERE x.reporter_id = rr.reporter_id AND x.reported_id <> ${userId}) h ON true)
      SELECT greatest(0, (SELECT s FROM sig) + (SELECT s FROM rep)
          + CASE WHEN u.created_at > now() - interval '7 days' THEN ${w.new_account} ELSE 0 END
          - CASE WHEN p.verified_at IS NOT NULL THEN ${w.selfie_verified} ELSE 0 END
          - CASE WHEN p.seen_on_call_at IS NOT NULL THEN ${w.seen_on_call} ELSE 0 END)::real AS score
      FROM "user" u JOIN profiles p ON p.user_id = u.id WHERE u.id = ${userId}`,
  );
  const score = row?.score ?? 0;
  const holds = score >= settings.holdThreshold;
  await tx.execute(sql`INSERT INTO shield_accounts (user_id, score, status, held_at)
      VALUES (${userId}, ${score}, ${holds ? "hold" : "clear"}, ${holds ? sql`now()` : null})
    ON CONFLICT (user_id) DO UPDATE SET score = EXCLUDED.score, updated_at = now(),
      status = CASE WHEN shield_accounts.status IN ('clear', 'released') AND ${holds} THEN 'hold'
        ELSE shield_accounts.status END,
      held_at = CASE WHEN shield_accounts.status IN ('clear', 'released') AND ${holds} THEN now()
        ELSE shield_accounts.held_at END`);
  return score;
}
