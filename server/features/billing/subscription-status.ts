// check_user_subscription (SPEC §7) and the periodic sweep. The status follows the subscriptions
// table: a running subscription (end date still ahead) → subscribed; only past ones → expired;
// none at all → trial. Only an « active » one runs: a cancelled, suspended (payment disputed) or
// refunded one neither gives access nor tells when the last one ended. The profile keeps the status and the end date, so the access gate reads one
// row per request and only re-checks once that date has passed.
import type { SubscriptionStatusDto } from "@domain/subscriptions.ts";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/client.ts";
import { timestampText } from "../../platform/db/row-schemas.ts";
import { accountStatusEnum, subscriptions } from "../../platform/db/schema/index.ts";

const computedRow = z.strictObject({
  status: z.enum(accountStatusEnum.enumValues),
  endsAt: timestampText.nullable(),
  plan: z.string().nullable(),
});
type Computed = z.output<typeof computedRow>;

const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());

/** Still « active » though its end date has passed: to expire. */
const ENDED_ACTIVE = and(eq(subscriptions.status, "active"), sql`${subscriptions.endDate} <= now()`);

/** Recomputes one member's status from their subscriptions and stores it on the profile. */
export async function checkUserSubscription(db: Db, userId: string): Promise<SubscriptionStatusDto> {
  await db
    .update(subscriptions)
    .set({ status: "expired" })
    .where(and(eq(subscriptions.userId, userId), ENDED_ACTIVE));
  const [row] = await queryRows(
    db,
    computedRow,
    sql`WITH s AS (SELECT * FROM subscriptions WHERE user_id = ${userId})
      SELECT
        CASE WHEN EXISTS (SELECT 1 FROM s WHERE status = 'active' AND end_date > now()) THEN 'subscribed'
             WHEN EXISTS (SELECT 1 FROM s) THEN 'expired'
             ELSE 'trial' END AS status,
        coalesce((SELECT max(end_date) FROM s WHERE status = 'active' AND end_date > now()),
                 (SELECT max(end_date) FROM s WHERE status IN ('active', 'expired'))) AS "endsAt",
        (SELECT plan FROM s ORDER BY end_date DESC LIMIT 1) AS plan`,
  );
  const computed: Computed = row ?? { status: "trial", endsAt: null, plan: null };
  const runningUntil = computed.status === "subscribed" ? iso(computed.endsAt) : null;
  await db.execute(sql`UPDATE profiles
    SET account_status = ${computed.status}, subscription_ends_at = ${runningUntil}::timestamptz, updated_at = now()
    WHERE user_id = ${userId}
      AND (account_status <> ${computed.status} OR subscription_ends_at IS DISTINCT FROM ${runningUntil}::timestamptz)`);
  return { status: computed.status, endsAt: iso(computed.endsAt), plan: computed.plan };
}

/**
 * When a new subscription of the member starts: at the end of their running ones, or now. Read in the
 * transaction that records it, after the lock that makes the member's new subscriptions take turns.
 */
export async function nextPeriodStart(tx: Db, userId: string): Promise<Date> {
  const [row] = await queryRows(
    tx,
    z.strictObject({ start: timestampText }),
    sql`SELECT greatest(now(), coalesce(max(end_date), now())) AS start FROM subscriptions
      WHERE user_id = ${userId} AND status = 'active' AND end_date > now()`,
  );
  return row ? new Date(row.start) : new Date();
}

/**
 * Expires every subscription whose end date has passed and moves their members to « expired »;
 * safe to run on several instances at once. Returns how many members it changed.
 */
export async function sweepExpiredSubscriptions(db: Db): Promise<number> {
  await db.update(subscriptions).set({ status: "expired" }).where(ENDED_ACTIVE);
  const rows = await queryRows(
    db,
    z.strictObject({ user_id: z.string() }),
    sql`UPDATE profiles p SET account_status = 'expired', subscription_ends_at = NULL, updated_at = now()
      WHERE p.account_status = 'subscribed'
        AND NOT EXISTS (SELECT 1 FROM subscriptions s
          WHERE s.user_id = p.user_id AND s.status = 'active' AND s.end_date > now())
      RETURNING p.user_id`,
  );
  return rows.length;
}
