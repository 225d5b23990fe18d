// Refunds and chargebacks (issue 33): what becomes of a payment after it was recorded, and of the
// subscription it paid for (docs/decisions/0019-refunds-and-chargebacks.md):
// - refunded in full, or charged back (a chargeback lost): the subscription ends (« refunded »);
// - a chargeback opened at the member's bank: the subscription is suspended until it is decided,
//   then runs again if won, ends if lost;
// - refunded in part: a commercial gesture, the subscription runs on; administrators see it.
// The checkout keeps the state (refunded amount, dispute and its status), so every report is
// applied as « the state is now at least this »: a replayed, repeated or late report (a « dispute
// opened » after « dispute closed ») changes nothing, and concurrent reports take turns on the
// checkout's lock. Each change is audited by the payment system in the transaction that makes it.
import { type Currency, formatMoney } from "@domain/money.ts";
import type { ProviderName } from "@domain/payments.ts";
import { UUID } from "@domain/uuid.ts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDeps } from "../../deps.ts";
import { type Db, inTransaction, queryRows } from "../../platform/db/client.ts";
import { checkUserSubscription } from "./subscription-status.ts";
import { auditPayment, auditSummary, lockCheckout } from "./subscriptions.service.ts";

export const DISPUTE_STATES = ["open", "won", "lost"] as const;
export type DisputeState = (typeof DISPUTE_STATES)[number];

interface PaymentIdentity {
  checkoutId: string;
  provider: ProviderName;
  /** The provider's reference of the recorded payment (the subscription's): checked, not trusted. */
  providerRef: string;
}

export interface RefundReport extends PaymentIdentity {
  /** How much has been refunded in all so far (Stripe's amount_refunded), in the smallest unit. */
  refundedAmount: number;
  currency: string;
}

export interface DisputeReport extends PaymentIdentity {
  /** The provider's id of the dispute (Stripe dp_…). */
  disputeId: string;
  /** open; won (or an inquiry closed without a chargeback); lost. */
  state: DisputeState;
}

/**
 * changed: written; unchanged: already known (a replay); unknown-payment: no recorded payment of
 * this provider with this reference; mismatch: not this payment's currency, or a second dispute.
 */
export type ReversalOutcome = "changed" | "unchanged" | "unknown-payment" | "mismatch";

interface ReversalState {
  refundedAmount: number;
  disputeId: string | null;
  disputeStatus: DisputeState | null;
}

const stateRow = z.strictObject({
  refundedAmount: z.number().int(),
  disputeId: z.string().nullable(),
  disputeStatus: z.enum(DISPUTE_STATES).nullable(),
  providerRef: z.string().nullable(),
});

/** What the subscription becomes for a payment in this state. */
function subscriptionFate(amount: number, s: ReversalState): "refunded" | "suspended" | "running" {
  if (s.refundedAmount >= amount || s.disputeStatus === "lost") return "refunded";
  if (s.disputeStatus === "open") return "suspended";
  return "running";
}

async function applyFate(tx: Db, checkoutId: string, fate: ReturnType<typeof subscriptionFate>) {
  // A subscription that ended by itself or was cancelled by an administrator is not brought back; one
  // whose end date passed while suspended is expired again by checkUserSubscription.
  const where =
    fate === "refunded"
      ? sql`status <> 'refunded'`
      : fate === "suspended"
        ? sql`status = 'active'`
        : sql`status = 'suspended'`;
  const status = fate === "running" ? "active" : fate;
  await tx.execute(
    sql`UPDATE subscriptions SET status = ${status}::subscription_status WHERE checkout_id = ${checkoutId}::uuid AND ${where}`,
  );
}

type Change = (current: ReversalState, amount: number, currency: Currency) => ReversalState | "mismatch";

async function reverse(
  deps: Pick<AppDeps, "database" | "logger">,
  report: PaymentIdentity,
  change: Change,
  describe: (before: ReversalState, after: ReversalState, amount: number, currency: Currency) => AuditLine,
): Promise<ReversalOutcome> {
  if (!UUID.test(report.checkoutId)) return "unknown-payment";
  const outcome = await inTransaction(deps.database.db, async (tx): Promise<ReversalOutcome> => {
    const checkout = await lockCheckout(tx, report.checkoutId);
    if (!checkout || checkout.provider !== report.provider || checkout.status !== "paid")
      return "unknown-payment";
    const [current] = await queryRows(
      tx,
      stateRow,
      sql`SELECT c.refunded_amount AS "refundedAmount", c.dispute_id AS "disputeId",
          c.dispute_status AS "disputeStatus", s.provider_ref AS "providerRef"
        FROM checkouts c LEFT JOIN subscriptions s ON s.checkout_id = c.id WHERE c.id = ${checkout.id}::uuid`,
    );
    if (!current || current.providerRef !== report.providerRef) return "unknown-payment";
    const before: ReversalState = current;
    const after = change(before, checkout.amount, checkout.currency);
    if (after === "mismatch") return "mismatch";
    if (
      after.refundedAmount === before.refundedAmount &&
      after.disputeId === before.disputeId &&
      after.disputeStatus === before.disputeStatus
    )
      return "unchanged";
    await tx.execute(sql`UPDATE checkouts SET refunded_amount = ${after.refundedAmount},
        dispute_id = ${after.disputeId}, dispute_status = ${after.disputeStatus},
        reversed_at = now(), updated_at = now()
      WHERE id = ${checkout.id}::uuid`);
    await applyFate(tx, checkout.id, subscriptionFate(checkout.amount, after));
    await checkUserSubscription(tx, checkout.userId);
    const line = describe(before, after, checkout.amount, checkout.currency);
    await auditPayment(tx, line.action, checkout.id, auditSummary(checkout, line.detail));
    return "changed";
  });
  if (outcome === "unknown-payment" || outcome === "mismatch")
    deps.logger.warn({ ...report, outcome }, "payment reversal not applied");
  return outcome;
}

interface AuditLine {
  action: string;
  detail: string;
}

/** A refund the provider reports: the total refunded so far (never less than already known). */
export function recordRefund(
  deps: Pick<AppDeps, "database" | "logger">,
  report: RefundReport,
): Promise<ReversalOutcome> {
  return reverse(
    deps,
    report,
    (current, amount, currency) => {
      if (report.currency.toUpperCase() !== currency || !Number.isSafeInteger(report.refundedAmount))
        return "mismatch";
      const refunded = Math.min(amount, Math.max(current.refundedAmount, report.refundedAmount));
      return { ...current, refundedAmount: refunded };
    },
    (_, after, amount, currency) =>
      after.refundedAmount >= amount
        ? { action: "payment.refunded", detail: `remboursé : ${formatMoney(after.refundedAmount, currency)}` }
        : {
            action: "payment.partly_refunded",
            detail: `remboursé en partie : ${formatMoney(after.refundedAmount, currency)}`,
          },
  );
}

/** A chargeback the provider reports: opened, then won or lost (a decided one stays decided). */
export function recordDispute(
  deps: Pick<AppDeps, "database" | "logger">,
  report: DisputeReport,
): Promise<ReversalOutcome> {
  return reverse(
    deps,
    report,
    (current) => {
      // One dispute per payment: another one is not this payment's story (logged, not applied).
      if (current.disputeId !== null && current.disputeId !== report.disputeId) return "mismatch";
      if (current.disputeStatus === "won" || current.disputeStatus === "lost") return current;
      return { ...current, disputeId: report.disputeId, disputeStatus: report.state };
    },
    (_, after) =>
      after.disputeStatus === "open"
        ? { action: "payment.disputed", detail: `contestation ouverte (${report.disputeId})` }
        : after.disputeStatus === "won"
          ? { action: "payment.dispute_won", detail: `contestation gagnée (${report.disputeId})` }
          : { action: "payment.charged_back", detail: `contestation perdue (${report.disputeId})` },
  );
}
