// Buying a subscription: a checkout row (ours) per attempt, sent to the payment provider the
// registry routes the member's choice to; the payment is recorded once, whoever reports it (a
// webhook, a status check, the demo confirmation), in one transaction: the subscription (extending a
// running one), the profile's status, the checkout, and the audit entry. Every state change of a
// checkout is written to the audit log in the transaction that makes it.

import { PAYMENT_SYSTEM_ACTOR } from "@domain/admin.ts";
import { paymentSettled } from "@domain/events.ts";
import {
  type Currency,
  currencyForCountry,
  formatMoney,
  isChargeableAmount,
  isCurrency,
} from "@domain/money.ts";
import {
  localCardPricesFrom,
  METHOD_LABELS,
  OPERATORS,
  type OperatorId,
  PAYMENT_MSG,
  type PaymentMethod,
  PROVIDER_LABELS,
  type ProviderName,
} from "@domain/payments.ts";
import { safePath } from "@domain/safe-path.ts";
import {
  addMonths,
  type CheckoutDto,
  type Plan,
  planPrice,
  SUBSCRIPTION_MSG,
  type SubscriptionOverviewDto,
} from "@domain/subscriptions.ts";
import { UUID } from "@domain/uuid.ts";
import { eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDeps } from "../../deps.ts";
import { type Db, inTransaction, queryRows } from "../../platform/db/client.ts";
import { timestampText, uuid } from "../../platform/db/row-schemas.ts";
import {
  adminAudit,
  checkoutStatusEnum,
  checkouts,
  profiles,
  subscriptionStatusEnum,
  subscriptions,
} from "../../platform/db/schema/index.ts";
import { AppError } from "../../platform/http/errors.ts";
import { getOrCreateProfile } from "../profile/index.ts";
import {
  currencyColumn,
  methodColumn,
  operatorColumn,
  providerColumn,
  subscriptionProviderColumn,
} from "./payment-columns.ts";
import { checkUserSubscription, nextPeriodStart } from "./subscription-status.ts";

export const checkoutNotFound = () =>
  new AppError(404, "CHECKOUT_NOT_FOUND", SUBSCRIPTION_MSG.CHECKOUT_NOT_FOUND);
const paymentsUnavailable = () =>
  new AppError(503, "PAYMENTS_UNAVAILABLE", SUBSCRIPTION_MSG.PAYMENTS_UNAVAILABLE);

/** A CHECKOUT_COLUMNS row (currency, provider, method and operator checked against the domain's). */
const checkoutRow = z.strictObject({
  id: uuid,
  userId: z.string(),
  plan: z.string(),
  months: z.number().int(),
  amount: z.number().int(),
  currency: currencyColumn,
  provider: providerColumn,
  method: methodColumn,
  operator: operatorColumn.nullable(),
  status: z.enum(checkoutStatusEnum.enumValues),
  failureReason: z.string().nullable(),
  returnTo: z.string().nullable(),
  url: z.string().nullable(),
  /** The subscription it paid for, when read with it. */
  endsAt: timestampText.nullable(),
});
type CheckoutRow = z.output<typeof checkoutRow>;

const CHECKOUT_COLUMNS = sql`c.id, c.user_id AS "userId", c.plan, c.months, c.amount, c.currency, c.provider,
  c.method, c.operator, c.status, c.failure_reason AS "failureReason", c.return_to AS "returnTo", c.url`;

function toCheckoutDto(r: CheckoutRow): CheckoutDto {
  return {
    id: r.id,
    status: r.status,
    plan: r.plan,
    amount: r.amount,
    currency: r.currency,
    method: r.method,
    operator: r.operator,
    provider: r.provider,
    failureReason: r.failureReason,
    // Checked again on the way out: a row stored before the check looked at the normalised path
    // (issue 33) may hold « //host ».
    returnTo: safePath(r.returnTo),
    url: r.status === "pending" ? r.url : null,
    endsAt: r.endsAt === null ? null : new Date(r.endsAt).toISOString(),
  };
}

/** « Orange Money », « Carte bancaire », with « (démonstration) » for the demo. */
export function paidWithLabel(p: {
  provider: string;
  method: PaymentMethod | null;
  operator: string | null;
}) {
  const base =
    p.method === "mobile-money"
      ? p.operator && p.operator in OPERATORS
        ? OPERATORS[p.operator as OperatorId]
        : METHOD_LABELS["mobile-money"]
      : METHOD_LABELS.card;
  return p.provider === "demo" ? `${base} (démonstration)` : base;
}

/** One line for the audit log: « CinetPay · Orange Money · 6 500 FCFA · 3 mois · awa@example.org ». */
export function auditSummary(c: CheckoutRow & { email: string }, extra?: string | null): string {
  const provider = PROVIDER_LABELS[c.provider] ?? c.provider;
  const parts = [
    provider,
    paidWithLabel(c),
    formatMoney(c.amount, c.currency),
    c.plan.replace(/-/g, " "),
    c.email,
  ];
  return (extra ? [...parts, extra] : parts).join(" · ");
}

/** Written by the payment system, not by an administrator: admin_id stays null. */
export async function auditPayment(
  db: Db,
  action: string,
  checkoutId: string,
  summary: string,
): Promise<void> {
  await db.insert(adminAudit).values({
    adminId: null,
    adminEmail: PAYMENT_SYSTEM_ACTOR,
    action,
    targetType: "checkout",
    targetId: checkoutId,
    summary: summary.slice(0, 300),
  });
}

/** The checkout, with its member's e-mail, locked until the transaction ends. */
export async function lockCheckout(tx: Db, checkoutId: string) {
  const [row] = await queryRows(
    tx,
    checkoutRow.extend({ email: z.string() }),
    sql`SELECT ${CHECKOUT_COLUMNS}, NULL AS "endsAt", u.email
      FROM checkouts c JOIN "user" u ON u.id = c.user_id
      WHERE c.id = ${checkoutId}::uuid FOR UPDATE OF c`,
  );
  return row;
}

export function findPlan(plans: readonly Plan[], id: unknown): Plan {
  const plan = plans.find((p) => p.id === id);
  if (!plan)
    throw new AppError(400, "UNKNOWN_PLAN", SUBSCRIPTION_MSG.UNKNOWN_PLAN, {
      plan: SUBSCRIPTION_MSG.UNKNOWN_PLAN,
    });
  return plan;
}

/**
 * Where the member lives, and when card payments in that country's CFA franc open for them (null:
 * open) — held back after a recent change of country (issue 33, domain/payments.ts).
 */
async function memberResidence(
  db: Db,
  userId: string,
): Promise<{ country: string | null; localCardFrom: Date | null }> {
  const [row] = await db
    .select({ country: profiles.country, changedAt: profiles.countryChangedAt })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return { country: row?.country || null, localCardFrom: localCardPricesFrom(row?.changedAt ?? null) };
}

export interface CheckoutChoice {
  plan: string;
  currency: Currency;
  method: PaymentMethod;
  operator: OperatorId | null;
  returnTo: string | null;
}

export async function startCheckout(
  deps: Pick<AppDeps, "database" | "config" | "payments" | "logger">,
  user: { id: string; email: string },
  choice: CheckoutChoice,
): Promise<CheckoutDto> {
  const { db } = deps.database;
  const plan = findPlan(deps.config.plans, choice.plan);
  const amount = planPrice(plan, choice.currency);
  if (amount === null || !isChargeableAmount(amount, choice.currency))
    throw new AppError(400, "CURRENCY_UNAVAILABLE", PAYMENT_MSG.CURRENCY_UNAVAILABLE, {
      currency: PAYMENT_MSG.CURRENCY_UNAVAILABLE,
    });
  if (deps.payments.providers.length === 0) throw paymentsUnavailable();
  const operator = choice.method === "mobile-money" ? choice.operator : null;
  if (choice.method === "mobile-money" && !operator)
    throw new AppError(400, "OPERATOR_REQUIRED", PAYMENT_MSG.OPERATOR_REQUIRED, {
      operator: PAYMENT_MSG.OPERATOR_REQUIRED,
    });
  const { country, localCardFrom } = await memberResidence(db, user.id);
  // The currency is the client's word: the server decides whether this member may pay in it.
  if (
    choice.method === "card" &&
    choice.currency !== "EUR" &&
    choice.currency === currencyForCountry(country) &&
    localCardFrom !== null
  )
    throw new AppError(400, "LOCAL_CARD_PRICES_LATER", PAYMENT_MSG.LOCAL_CARD_PRICES_LATER, {
      currency: PAYMENT_MSG.LOCAL_CARD_PRICES_LATER,
    });
  const provider = deps.payments.route({
    method: choice.method,
    currency: choice.currency,
    country,
    operator,
    localCardFrom,
  });
  if (!provider)
    throw new AppError(400, "METHOD_UNAVAILABLE", PAYMENT_MSG.METHOD_UNAVAILABLE, {
      method: PAYMENT_MSG.METHOD_UNAVAILABLE,
    });
  const back = safePath(choice.returnTo);
  // Providers with a status API get their pending payments re-checked by the scheduled job, the
  // first time a minute from now (the notification usually comes first).
  const checkoutId = await inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(checkouts)
      .values({
        userId: user.id,
        plan: plan.id,
        months: plan.months,
        amount,
        currency: choice.currency,
        provider: provider.name,
        method: choice.method,
        operator,
        returnTo: back,
        nextCheckAt: provider.checkStatus ? sql`now() + interval '60 seconds'` : null,
      })
      .returning({ id: checkouts.id });
    const id = row!.id;
    const locked = await lockCheckout(tx, id);
    if (locked) await auditPayment(tx, "payment.started", id, auditSummary(locked));
    return id;
  });
  const base = deps.config.publicBaseUrl;
  try {
    const session = await provider.createCheckout({
      checkoutId,
      userId: user.id,
      email: user.email,
      planId: plan.id,
      planLabel: plan.label,
      amount,
      currency: choice.currency,
      method: choice.method,
      operator,
      successUrl: `${base}/subscription/success?checkout=${checkoutId}`,
      cancelUrl: `${base}/subscription?annule=1${back ? `&from=${encodeURIComponent(back)}` : ""}`,
    });
    await db
      .update(checkouts)
      .set({ providerSessionId: session.sessionId, url: session.url, updatedAt: sql`now()` })
      .where(eq(checkouts.id, checkoutId));
  } catch (err) {
    deps.logger.error(
      { err, checkoutId, provider: provider.name },
      "payment provider: checkout creation failed",
    );
    await closeCheckout(deps.database.db, checkoutId, "failed", "Le service de paiement n’a pas répondu");
    throw paymentsUnavailable();
  }
  return getCheckout(db, user.id, checkoutId);
}

/** One of the member's own checkouts; anyone else's, or an invented id, is a 404. */
export async function getCheckout(db: Db, userId: string, checkoutId: string): Promise<CheckoutDto> {
  if (!UUID.test(checkoutId)) throw checkoutNotFound();
  const [row] = await queryRows(
    db,
    checkoutRow,
    sql`SELECT ${CHECKOUT_COLUMNS}, s.end_date AS "endsAt"
      FROM checkouts c LEFT JOIN subscriptions s ON s.checkout_id = c.id
      WHERE c.id = ${checkoutId}::uuid AND c.user_id = ${userId}`,
  );
  if (!row) throw checkoutNotFound();
  return toCheckoutDto(row);
}

export interface PaymentReport {
  checkoutId: string;
  provider: ProviderName;
  /** The provider's reference for this payment; a second report with it changes nothing. */
  providerRef: string;
  amount: number;
  currency: string;
  /** The operator the member actually paid with, when the provider says. */
  operator?: OperatorId | null;
}

export type RecordOutcome = "recorded" | "already-recorded" | "unknown-checkout" | "mismatch";

/**
 * Records a paid checkout exactly once. The checkout row is locked first, so concurrent reports of
 * the same payment (webhook retries, duplicates, the job and a notification at once) run one after
 * the other and only the first writes. A report whose amount or currency differs from what was asked
 * is refused: no access unpaid for. A checkout given up on (expired, or failed because its provider
 * did not answer) that the provider then reports paid is recorded: the member paid.
 */
export async function recordPayment(
  deps: Pick<AppDeps, "database" | "logger" | "events">,
  report: PaymentReport,
): Promise<RecordOutcome> {
  const { db } = deps.database;
  if (!UUID.test(report.checkoutId)) return "unknown-checkout";
  const result = await deps.events.transaction(db, async (tx, record) => {
    const checkout = await lockCheckout(tx, report.checkoutId);
    if (!checkout || checkout.provider !== report.provider) return { outcome: "unknown-checkout" as const };
    const [done] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        or(eq(subscriptions.providerRef, report.providerRef), eq(subscriptions.checkoutId, checkout.id)),
      );
    if (done) return { outcome: "already-recorded" as const };
    if (report.amount !== checkout.amount || report.currency.toUpperCase() !== checkout.currency) {
      const reason = "Le montant ou la devise payés ne correspondent pas à la formule";
      await tx
        .update(checkouts)
        .set({ status: "failed", failureReason: reason, updatedAt: sql`now()` })
        .where(eq(checkouts.id, checkout.id));
      const got = isCurrency(report.currency.toUpperCase())
        ? formatMoney(report.amount, report.currency.toUpperCase() as Currency)
        : `${report.amount} ${report.currency}`;
      await auditPayment(tx, "payment.mismatch", checkout.id, auditSummary(checkout, `reçu ${got}`));
      return { outcome: "mismatch" as const };
    }

    const operator = checkout.method === "mobile-money" ? (report.operator ?? checkout.operator) : null;
    await getOrCreateProfile(tx, checkout.userId);
    // One member's payments are recorded one at a time, so each extends the previous one.
    await tx
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(eq(profiles.userId, checkout.userId))
      .for("update");
    const startDate = await nextPeriodStart(tx, checkout.userId);
    const endDate = addMonths(startDate, checkout.months);
    await tx.insert(subscriptions).values({
      userId: checkout.userId,
      plan: checkout.plan,
      status: "active",
      startDate,
      endDate,
      provider: report.provider,
      providerRef: report.providerRef,
      amount: checkout.amount,
      currency: checkout.currency,
      checkoutId: checkout.id,
      method: checkout.method,
      operator,
    });
    await tx
      .update(profiles)
      .set({
        accountStatus: "subscribed",
        subscriptionEndsAt: sql`greatest(coalesce(${profiles.subscriptionEndsAt}, now()), ${endDate.toISOString()}::timestamptz)`,
        updatedAt: sql`now()`,
      })
      .where(eq(profiles.userId, checkout.userId));
    await tx
      .update(checkouts)
      .set({ status: "paid", operator, failureReason: null, nextCheckAt: null, updatedAt: sql`now()` })
      .where(eq(checkouts.id, checkout.id));
    const paid = { ...checkout, operator };
    await auditPayment(tx, "payment.paid", checkout.id, auditSummary(paid, report.providerRef));
    await record(paymentSettled, {
      userId: checkout.userId,
      checkoutId: checkout.id,
      email: checkout.email,
      plan: checkout.plan,
      amount: checkout.amount,
      currency: checkout.currency,
      paidWith: paidWithLabel(paid),
      startDate: startDate.toISOString(),
      endDate: endDate.toISOString(),
    });
    return { outcome: "recorded" as const };
  });
  if (result.outcome !== "recorded" && result.outcome !== "already-recorded")
    deps.logger.warn({ ...report, outcome: result.outcome }, "payment report not recorded");
  return result.outcome;
}

/**
 * A checkout the provider gave up on (refused, cancelled by the member, expired): only a pending one
 * changes, so a paid one stays paid and a repeated report changes nothing. Returns whether it changed.
 */
export async function closeCheckout(
  db: Db,
  checkoutId: string,
  status: "expired" | "failed" | "cancelled",
  reason: string | null = null,
): Promise<boolean> {
  if (!UUID.test(checkoutId)) return false;
  return inTransaction(db, async (tx) => {
    const checkout = await lockCheckout(tx, checkoutId);
    if (checkout?.status !== "pending") return false;
    await tx
      .update(checkouts)
      .set({ status, failureReason: reason, nextCheckAt: null, updatedAt: sql`now()` })
      .where(eq(checkouts.id, checkoutId));
    await auditPayment(tx, `payment.${status}`, checkoutId, auditSummary(checkout, reason));
    return true;
  });
}

const paymentRow = z.strictObject({
  id: uuid,
  plan: z.string(),
  amount: z.number().int(),
  currency: currencyColumn,
  provider: subscriptionProviderColumn,
  method: methodColumn.nullable(),
  operator: operatorColumn.nullable(),
  createdAt: timestampText,
  startDate: timestampText,
  endDate: timestampText,
  status: z.enum(subscriptionStatusEnum.enumValues),
});

export async function subscriptionOverview(
  deps: Pick<AppDeps, "database" | "config" | "payments">,
  userId: string,
): Promise<SubscriptionOverviewDto> {
  const { db } = deps.database;
  const status = await checkUserSubscription(db, userId);
  const [rows, residence] = await Promise.all([
    queryRows(
      db,
      paymentRow,
      sql`SELECT id, plan, amount, currency, provider, method, operator, created_at AS "createdAt",
          start_date AS "startDate", end_date AS "endDate", status
        FROM subscriptions WHERE user_id = ${userId} ORDER BY created_at DESC LIMIT 100`,
    ),
    memberResidence(db, userId),
  ]);
  const iso = (v: string) => new Date(v).toISOString();
  return {
    ...status,
    plans: [...deps.config.plans],
    paymentOptions: deps.payments.options(residence.country, deps.config.plans, residence.localCardFrom),
    payments: rows.map((r) => ({
      id: r.id,
      plan: r.plan,
      amount: r.amount,
      currency: r.currency,
      provider: r.provider,
      method: r.method,
      operator: r.operator,
      paidAt: iso(r.createdAt),
      startDate: iso(r.startDate),
      endDate: iso(r.endDate),
      status: r.status,
    })),
  };
}
