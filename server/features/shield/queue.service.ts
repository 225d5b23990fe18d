// The administrators' « Bouclier » (issue 36): the accounts on quiet hold, asked to verify, or
// appealing, each with its signals in plain French and its held messages; the decisions (release,
// require a selfie verification; a ban goes through the administration's own ban), audited; and the
// fairness table that shows at once a rule falling on one country.

import type { ShieldAccountDto, ShieldFairnessDto, ShieldQueueDto } from "@domain/responses/shield.ts";
import {
  SHIELD_MSG,
  SHIELD_SIGNAL_LABEL,
  SHIELD_SIGNALS,
  SHIELD_STATUSES,
  type ShieldSignal,
} from "@domain/shield/shield.ts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Actor, audit } from "../../platform/admin/audit.ts";
import { cappedTotal } from "../../platform/admin/list-query.ts";
import { memberRefJson, memberRefRow, toMemberRef } from "../../platform/admin/member-ref.ts";
import { type Db, inTransaction, queryRows } from "../../platform/db/client.ts";
import { timestampText } from "../../platform/db/row-schemas.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { Storage } from "../../platform/storage/storage.ts";
import { shieldFailures } from "./failures.ts";
import { type Delivered, releaseAccount } from "./reactions.ts";

const iso = (v: string | Date) => new Date(v).toISOString();

/** In the queue: on hold or asked to verify, or appealing; never a banned account (decided). */
const IN_QUEUE = sql`(a.status IN ('hold', 'verify') OR (a.appeal IS NOT NULL AND a.decided_at IS NULL))
  AND NOT coalesce(u.banned, false)`;

const accountRow = z.strictObject({
  userId: z.string(),
  member: memberRefRow,
  country: z.string(),
  originCountry: z.string(),
  accountCreatedAt: timestampText,
  selfieVerified: z.boolean(),
  score: z.number(),
  status: z.enum(SHIELD_STATUSES),
  heldAt: timestampText.nullable(),
  appeal: z.string().nullable(),
  appealedAt: timestampText.nullable(),
});

const signalRow = z.strictObject({
  userId: z.string(),
  kind: z.string(),
  detail: z.string(),
  weight: z.number(),
  at: timestampText,
});

const heldRow = z.strictObject({
  senderId: z.string(),
  id: z.string(),
  matchId: z.string(),
  shield: z.enum(["held", "waiting"]),
  content: z.string(),
  recipientFirstName: z.string(),
  createdAt: timestampText,
});

export async function shieldQueue(
  db: Db,
  storage: Storage,
  q: { page: number; size: number },
): Promise<ShieldQueueDto> {
  const from = sql`FROM shield_accounts a JOIN "user" u ON u.id = a.user_id JOIN profiles p ON p.user_id = a.user_id
    WHERE ${IN_QUEUE}`;
  const [rows, counted] = await Promise.all([
    queryRows(
      db,
      accountRow,
      sql`SELECT a.user_id AS "userId", ${memberRefJson(sql`a.user_id`)} AS member, p.country,
          p.origin_country AS "originCountry", u.created_at AS "accountCreatedAt",
          p.verified_at IS NOT NULL AS "selfieVerified", a.score, a.status, a.held_at AS "heldAt",
          a.appeal, a.appealed_at AS "appealedAt"
        ${from}
        -- Appeals first, then the longest held.
        ORDER BY (a.appeal IS NOT NULL AND a.decided_at IS NULL) DESC, a.held_at ASC NULLS LAST, a.user_id
        LIMIT ${q.size} OFFSET ${(q.page - 1) * q.size}`,
    ),
    cappedTotal(db, sql`SELECT 1 ${from}`),
  ]);
  const ids = rows.map((r) => r.userId);
  const [signals, held] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          queryRows(
            db,
            signalRow,
            sql`SELECT user_id AS "userId", kind, detail, weight, created_at AS at FROM shield_signals
              WHERE user_id = ANY(${sql.param(ids)}::text[]) AND created_at > now() - interval '30 days'
              ORDER BY created_at DESC`,
          ),
          queryRows(
            db,
            heldRow,
            // The latest 20 of each account, through messages_shield_idx.
            sql`SELECT x.sender_id AS "senderId", x.id::text, x.match_id::text AS "matchId", x.shield, x.content,
                r.first_name AS "recipientFirstName", x.created_at AS "createdAt"
              FROM unnest(${sql.param(ids)}::text[]) AS s(id)
              CROSS JOIN LATERAL (SELECT * FROM messages y WHERE y.sender_id = s.id AND y.shield IS NOT NULL
                ORDER BY y.created_at DESC LIMIT 20) x
              JOIN matches m ON m.id = x.match_id
              JOIN profiles r ON r.user_id = CASE WHEN m.user1_id = x.sender_id THEN m.user2_id ELSE m.user1_id END
              ORDER BY x.created_at DESC`,
          ),
        ]);
  const data: ShieldAccountDto[] = rows.map(({ userId, member, ...r }) => ({
    id: userId,
    member: toMemberRef(member, storage),
    ...r,
    accountCreatedAt: iso(r.accountCreatedAt),
    heldAt: r.heldAt === null ? null : iso(r.heldAt),
    appealedAt: r.appealedAt === null ? null : iso(r.appealedAt),
    signals: signals
      .filter((s) => s.userId === userId && (SHIELD_SIGNALS as readonly string[]).includes(s.kind))
      .slice(0, 30)
      .map((s) => ({
        kind: s.kind as ShieldSignal,
        label: SHIELD_SIGNAL_LABEL[s.kind as ShieldSignal],
        detail: s.detail,
        weight: s.weight,
        at: iso(s.at),
      })),
    heldMessages: held
      .filter((h) => h.senderId === userId)
      .slice(0, 20)
      .map(({ senderId: _, ...h }) => ({ ...h, createdAt: iso(h.createdAt) })),
  }));
  return {
    data,
    ...counted,
    page: q.page,
    size: q.size,
    failures: shieldFailures.count,
    failuresSince: shieldFailures.since,
  };
}

const notInQueue = () => new AppError(404, "SHIELD_NOT_IN_QUEUE", SHIELD_MSG.NOT_IN_QUEUE);

/** Locks the account's shield row; a 404 when it is not (or no longer) in the queue. */
async function queued(tx: Db, userId: string): Promise<{ email: string }> {
  const [row] = await queryRows(
    tx,
    z.strictObject({ email: z.string() }),
    sql`SELECT u.email FROM shield_accounts a JOIN "user" u ON u.id = a.user_id
      WHERE a.user_id = ${userId} AND ${IN_QUEUE} FOR UPDATE OF a`,
  );
  if (!row) throw notInQueue();
  return row;
}

/**
 * « Libérer »: the waiting first messages are delivered, and later signals start from zero (the score
 * counts only what comes after a release). Returns the messages delivered.
 */
export async function releaseFromQueue(db: Db, actor: Actor, userId: string): Promise<Delivered[]> {
  return inTransaction(db, async (tx) => {
    const { email } = await queued(tx, userId);
    const delivered = await releaseAccount(tx, userId, "released");
    await tx.execute(sql`UPDATE shield_accounts SET decided_at = now(), decided_by = ${actor.id},
        status = 'released', appeal = NULL WHERE user_id = ${userId}`);
    await audit(tx, actor, "shield.release", { type: "user", id: userId }, email);
    return delivered;
  });
}

/** « Exiger une vérification »: no new conversation until a selfie verification succeeds. */
export async function requireVerification(db: Db, actor: Actor, userId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const { email } = await queued(tx, userId);
    await tx.execute(sql`UPDATE shield_accounts SET status = 'verify', decided_at = now(),
        decided_by = ${actor.id}, appeal = NULL, updated_at = now() WHERE user_id = ${userId}`);
    await audit(tx, actor, "shield.require_verification", { type: "user", id: userId }, email);
  });
}

/**
 * A ban decided from the queue, in the ban's own transaction (admin users' banUser): a 404 when the
 * account is not in the queue; otherwise the decision is recorded and the account leaves the queue.
 */
export async function decideBan(tx: Db, actor: Actor, userId: string): Promise<void> {
  await queued(tx, userId);
  await tx.execute(sql`UPDATE shield_accounts SET decided_at = now(), decided_by = ${actor.id},
      appeal = NULL, updated_at = now() WHERE user_id = ${userId}`);
}

const fairnessRow = z.strictObject({
  country: z.string(),
  members: z.number().int(),
  restricted: z.number().int(),
});

/** Restricted members, by country of origin and of residence (profiles with a first name only). */
export async function shieldFairness(db: Db): Promise<ShieldFairnessDto> {
  const restricted = sql`(EXISTS (SELECT 1 FROM shield_accounts a WHERE a.user_id = p.user_id
      AND a.status IN ('hold', 'verify'))
    OR EXISTS (SELECT 1 FROM messages x WHERE x.sender_id = p.user_id AND x.shield IS NOT NULL
      AND x.created_at > now() - interval '30 days'))`;
  const by = (column: ReturnType<typeof sql>) =>
    queryRows(
      db,
      fairnessRow,
      sql`SELECT CASE WHEN ${column} = '' THEN 'Non renseigné' ELSE ${column} END AS country,
          count(*)::int AS members, count(*) FILTER (WHERE ${restricted})::int AS restricted
        FROM profiles p WHERE p.first_name <> ''
        GROUP BY 1 ORDER BY count(*) FILTER (WHERE ${restricted}) DESC, count(*) DESC, 1 LIMIT 60`,
    );
  const [byOrigin, byResidence, total] = await Promise.all([
    by(sql`p.origin_country`),
    by(sql`p.country`),
    queryRows(
      db,
      fairnessRow,
      sql`SELECT 'Tous' AS country, count(*)::int AS members,
          count(*) FILTER (WHERE ${restricted})::int AS restricted FROM profiles p WHERE p.first_name <> ''`,
    ),
  ]);
  const share = (r: z.output<typeof fairnessRow>) => ({
    ...r,
    share: r.members === 0 ? 0 : r.restricted / r.members,
  });
  return {
    overall: share(total[0] ?? { country: "Tous", members: 0, restricted: 0 }),
    byOrigin: byOrigin.map(share),
    byResidence: byResidence.map(share),
  };
}
