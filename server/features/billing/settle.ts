// Settling a checkout from the provider's status API — the one path by which the aggregators'
// payments are granted. A notification only says « ask again »; the job asks by itself for the
// payments whose notification never came; the member's confirmation page asks when it has waited.
// Whatever the number, order or concurrency of these, recordPayment records a payment once.
import type { CheckoutStatus } from "@domain/subscriptions.ts";
import { and, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDeps } from "../../deps.ts";
import { queryRows } from "../../platform/db/client.ts";
import { uuid } from "../../platform/db/row-schemas.ts";
import { checkoutStatusEnum, checkouts } from "../../platform/db/schema/index.ts";
import { closeCheckout, recordPayment } from "./subscriptions.service.ts";

type SettleDeps = Pick<AppDeps, "database" | "logger" | "config" | "payments" | "events">;

const checkedRow = z.strictObject({
  id: uuid,
  provider: z.string(),
  status: z.enum(checkoutStatusEnum.enumValues),
  sessionId: z.string().nullable(),
  expired: z.boolean(),
});

/**
 * Asks the checkout's provider where it stands and acts on the answer. Returns the checkout's
 * status afterwards, or null for a checkout that is not this provider's (or does not exist).
 * A provider that does not answer leaves the checkout as it is: the job asks again later.
 */
export async function settleCheckout(
  deps: SettleDeps,
  checkoutId: string,
  expectedProvider?: string,
): Promise<CheckoutStatus | null> {
  const { db } = deps.database;
  const [row] = await queryRows(
    db,
    checkedRow,
    sql`UPDATE checkouts SET last_checked_at = now() WHERE id = ${checkoutId}::uuid
      RETURNING id, provider, status, provider_session_id AS "sessionId",
        created_at < now() - ${deps.config.pendingPayments.expiryMs} * interval '1 millisecond' AS expired`,
  );
  if (!row || (expectedProvider && row.provider !== expectedProvider)) return null;
  if (row.status === "paid") return "paid";
  const provider = deps.payments.get(row.provider);
  if (!provider?.checkStatus) return row.status;
  let answer: Awaited<ReturnType<NonNullable<typeof provider.checkStatus>>>;
  try {
    answer = await provider.checkStatus({ id: row.id, sessionId: row.sessionId });
  } catch (err) {
    deps.logger.warn({ err, checkoutId, provider: row.provider }, "payments: status check failed");
    return row.status;
  }
  switch (answer.state) {
    case "paid": {
      const outcome = await recordPayment(deps, {
        checkoutId: row.id,
        provider: provider.name,
        providerRef: answer.providerRef,
        amount: answer.amount,
        currency: answer.currency,
        operator: answer.operator,
      });
      return outcome === "mismatch" ? "failed" : outcome === "unknown-checkout" ? null : "paid";
    }
    case "failed":
    case "cancelled":
    case "expired":
      await closeCheckout(db, row.id, answer.state, answer.reason);
      return row.status === "pending" ? answer.state : row.status;
    case "pending":
      if (row.expired && row.status === "pending") {
        await closeCheckout(db, row.id, "expired", "Aucune confirmation de l’opérateur dans le délai");
        return "expired";
      }
      return row.status;
  }
}

/**
 * Where the member's page may ask: at most once every 10 seconds per checkout, whoever asks (the
 * page polls every 1.5 s), and only for a pending one.
 */
export async function settleIfDue(deps: SettleDeps, checkoutId: string): Promise<void> {
  const [due] = await deps.database.db
    .update(checkouts)
    .set({ lastCheckedAt: sql`now()` })
    .where(
      and(
        eq(checkouts.id, checkoutId),
        eq(checkouts.status, "pending"),
        isNotNull(checkouts.nextCheckAt),
        sql`${checkouts.createdAt} < now() - interval '5 seconds'`,
        or(isNull(checkouts.lastCheckedAt), sql`${checkouts.lastCheckedAt} < now() - interval '10 seconds'`),
      ),
    )
    .returning({ id: checkouts.id });
  if (due) await settleCheckout(deps, due.id);
}

// Seconds before the next check after the 1st, 2nd… check (the first is a minute after the payment
// opened): quickly at first (most mobile-money payments are confirmed within minutes), then hourly
// until the payment expires.
const BACKOFF_SECONDS = [120, 300, 600, 1800, 3600];

/**
 * The scheduled job's work: claims the pending payments that are due (SKIP LOCKED, so several
 * instances share them without asking twice), moves their next check further, and settles each. The
 * schedule lives in the rows, so a restart loses nothing. Demo payments, which have nobody to ask,
 * expire once the delay has passed. Returns how many were checked and how many changed.
 */
export async function recheckPendingPayments(
  deps: SettleDeps,
  limit = 50,
): Promise<{ checked: number; settled: number; expired: number }> {
  const { db } = deps.database;
  const due = await queryRows(
    db,
    z.strictObject({ id: uuid }),
    sql`UPDATE checkouts c SET check_attempts = c.check_attempts + 1,
        next_check_at = now() + make_interval(secs => (${`{${BACKOFF_SECONDS.join(",")}}`}::int[])[least(c.check_attempts + 1, ${BACKOFF_SECONDS.length})])
      WHERE c.id IN (SELECT id FROM checkouts
        WHERE status = 'pending' AND next_check_at <= now()
        ORDER BY next_check_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING c.id`,
  );
  let settled = 0;
  for (const { id } of due) {
    const status = await settleCheckout(deps, id);
    if (status !== null && status !== "pending") settled++;
  }
  const stale = await db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(
      and(
        eq(checkouts.status, "pending"),
        isNull(checkouts.nextCheckAt),
        sql`${checkouts.createdAt} < now() - ${deps.config.pendingPayments.expiryMs} * interval '1 millisecond'`,
      ),
    )
    .limit(limit);
  let expired = 0;
  for (const { id } of stale)
    if (await closeCheckout(db, id, "expired", "Paiement non confirmé dans le délai")) expired++;
  return { checked: due.length, settled, expired };
}
