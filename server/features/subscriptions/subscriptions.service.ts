// Buying a subscription: a checkout row (ours) per attempt, sent to the payment provider; the
// payment is recorded once, whoever reports it (Stripe's webhook, the demo confirmation), in one
// transaction: the subscription (extending a running one), the profile's status, the checkout.
import { safePath } from "@domain/safe-path.ts";
import {
  addMonths,
  type CheckoutDto,
  type CheckoutStatus,
  type PaymentDto,
  type Plan,
  SUBSCRIPTION_MSG,
  type SubscriptionOverviewDto,
} from "@domain/subscriptions.ts";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import { subscriptionConfirmedMail } from "../../email/templates.ts";
import { AppError } from "../../http/errors.ts";
import type { AppDeps } from "../../http/types.ts";
import { getOrCreateProfile } from "../profile/profile.service.ts";
import { checkUserSubscription } from "./subscription-status.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const checkoutNotFound = () =>
  new AppError(404, "CHECKOUT_NOT_FOUND", SUBSCRIPTION_MSG.CHECKOUT_NOT_FOUND);
const paymentsUnavailable = () =>
  new AppError(503, "PAYMENTS_UNAVAILABLE", SUBSCRIPTION_MSG.PAYMENTS_UNAVAILABLE);

interface CheckoutRow {
  id: string;
  userId: string;
  plan: string;
  months: number;
  amount: number;
  currency: string;
  provider: string;
  status: CheckoutStatus;
  returnTo: string | null;
  url: string | null;
  endsAt: Date | string | null;
}

const CHECKOUT_COLUMNS = sql`c.id, c.user_id AS "userId", c.plan, c.months, c.amount, c.currency, c.provider, c.status,
  c.return_to AS "returnTo", c.url, s.end_date AS "endsAt"`;

function toCheckoutDto(r: CheckoutRow): CheckoutDto {
  return {
    id: r.id,
    status: r.status,
    plan: r.plan,
    returnTo: r.returnTo,
    url: r.status === "pending" ? r.url : null,
    endsAt: r.endsAt === null ? null : new Date(r.endsAt).toISOString(),
  };
}

export function findPlan(plans: readonly Plan[], id: unknown): Plan {
  const plan = plans.find((p) => p.id === id);
  if (!plan)
    throw new AppError(400, "UNKNOWN_PLAN", SUBSCRIPTION_MSG.UNKNOWN_PLAN, {
      plan: SUBSCRIPTION_MSG.UNKNOWN_PLAN,
    });
  return plan;
}

export async function startCheckout(
  deps: Pick<AppDeps, "database" | "config" | "payments" | "logger">,
  user: { id: string; email: string },
  planId: string,
  returnTo: string | null,
): Promise<CheckoutDto> {
  const { db } = deps.database;
  const plan = findPlan(deps.config.plans, planId);
  const provider = deps.payments;
  if (!provider) throw paymentsUnavailable();
  const back = safePath(returnTo);
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO checkouts (user_id, plan, months, amount, currency, provider, return_to)
      VALUES (${user.id}, ${plan.id}, ${plan.months}, ${plan.priceCents}, 'EUR', ${provider.name}, ${back})
      RETURNING id`,
  );
  const checkoutId = row!.id;
  const base = deps.config.publicBaseUrl;
  try {
    const session = await provider.createCheckout({
      checkoutId,
      userId: user.id,
      email: user.email,
      planId: plan.id,
      planLabel: plan.label,
      amountCents: plan.priceCents,
      currency: "EUR",
      successUrl: `${base}/subscription/success?checkout=${checkoutId}`,
      cancelUrl: `${base}/subscription?annule=1${back ? `&from=${encodeURIComponent(back)}` : ""}`,
    });
    await db.execute(sql`UPDATE checkouts SET provider_session_id = ${session.sessionId}, url = ${session.url},
      updated_at = now() WHERE id = ${checkoutId}::uuid`);
  } catch (err) {
    deps.logger.error({ err, checkoutId }, "payment provider: checkout creation failed");
    await db.execute(
      sql`UPDATE checkouts SET status = 'failed', updated_at = now() WHERE id = ${checkoutId}::uuid`,
    );
    throw paymentsUnavailable();
  }
  return getCheckout(db, user.id, checkoutId);
}

/** One of the member's own checkouts; anyone else's, or an invented id, is a 404. */
export async function getCheckout(db: Db, userId: string, checkoutId: string): Promise<CheckoutDto> {
  if (!UUID.test(checkoutId)) throw checkoutNotFound();
  const [row] = await queryRows<CheckoutRow>(
    db,
    sql`SELECT ${CHECKOUT_COLUMNS} FROM checkouts c LEFT JOIN subscriptions s ON s.checkout_id = c.id
      WHERE c.id = ${checkoutId}::uuid AND c.user_id = ${userId}`,
  );
  if (!row) throw checkoutNotFound();
  return toCheckoutDto(row);
}

export interface PaymentReport {
  checkoutId: string;
  provider: "stripe" | "demo";
  /** The provider's reference for this payment; a second report with it changes nothing. */
  providerRef: string;
  amountCents: number;
  currency: string;
}

export type RecordOutcome = "recorded" | "already-recorded" | "unknown-checkout" | "mismatch";

/**
 * Records a paid checkout exactly once. The checkout row is locked first, so concurrent reports of
 * the same payment (webhook retries, duplicates) run one after the other and only the first writes.
 * A report whose amount or currency differs from what was asked is refused: no access unpaid for.
 */
export async function recordPayment(
  deps: Pick<AppDeps, "database" | "mailer" | "logger">,
  report: PaymentReport,
): Promise<RecordOutcome> {
  const { db } = deps.database;
  if (!UUID.test(report.checkoutId)) return "unknown-checkout";
  const result = await db.transaction(async (txArg) => {
    const tx = txArg as unknown as Db;
    const [checkout] = await queryRows<CheckoutRow & { email: string }>(
      tx,
      sql`SELECT c.id, c.user_id AS "userId", c.plan, c.months, c.amount, c.currency, c.provider, c.status,
          c.return_to AS "returnTo", c.url, NULL AS "endsAt", u.email
        FROM checkouts c JOIN "user" u ON u.id = c.user_id
        WHERE c.id = ${report.checkoutId}::uuid FOR UPDATE OF c`,
    );
    if (!checkout || checkout.provider !== report.provider) return { outcome: "unknown-checkout" as const };
    const [done] = await queryRows<{ id: string }>(
      tx,
      sql`SELECT id FROM subscriptions WHERE provider_ref = ${report.providerRef} OR checkout_id = ${checkout.id}::uuid`,
    );
    if (done) return { outcome: "already-recorded" as const };
    if (report.amountCents !== checkout.amount || report.currency.toUpperCase() !== checkout.currency) {
      await tx.execute(
        sql`UPDATE checkouts SET status = 'failed', updated_at = now() WHERE id = ${checkout.id}::uuid`,
      );
      return { outcome: "mismatch" as const };
    }

    await getOrCreateProfile(tx, checkout.userId);
    // One member's payments are recorded one at a time, so each extends the previous one.
    await tx.execute(sql`SELECT 1 FROM profiles WHERE user_id = ${checkout.userId} FOR UPDATE`);
    const [{ start } = { start: new Date() }] = await queryRows<{ start: Date | string }>(
      tx,
      sql`SELECT greatest(now(), coalesce(max(end_date), now())) AS start FROM subscriptions
        WHERE user_id = ${checkout.userId} AND status = 'active' AND end_date > now()`,
    );
    const startDate = new Date(start);
    const endDate = addMonths(startDate, checkout.months);
    await tx.execute(sql`INSERT INTO subscriptions
        (user_id, plan, status, start_date, end_date, provider, provider_ref, amount, currency, checkout_id)
      VALUES (${checkout.userId}, ${checkout.plan}, 'active', ${startDate.toISOString()}::timestamptz,
        ${endDate.toISOString()}::timestamptz, ${report.provider}, ${report.providerRef}, ${checkout.amount},
        ${checkout.currency}, ${checkout.id}::uuid)`);
    await tx.execute(sql`UPDATE profiles SET account_status = 'subscribed',
        subscription_ends_at = greatest(coalesce(subscription_ends_at, now()), ${endDate.toISOString()}::timestamptz),
        updated_at = now()
      WHERE user_id = ${checkout.userId}`);
    await tx.execute(
      sql`UPDATE checkouts SET status = 'paid', updated_at = now() WHERE id = ${checkout.id}::uuid`,
    );
    return { outcome: "recorded" as const, email: checkout.email, plan: checkout.plan, endDate };
  });
  if (result.outcome === "recorded") {
    deps.mailer
      .send(subscriptionConfirmedMail(result.email, result.plan, result.endDate))
      .catch((err) => deps.logger.error({ err }, "subscription e-mail failed"));
  } else if (result.outcome !== "already-recorded") {
    deps.logger.warn({ ...report, outcome: result.outcome }, "payment report not recorded");
  }
  return result.outcome;
}

/** A checkout the provider gave up on (expired session, failed payment); a paid one stays paid. */
export async function closeCheckout(db: Db, checkoutId: string, status: "expired" | "failed"): Promise<void> {
  if (!UUID.test(checkoutId)) return;
  await db.execute(sql`UPDATE checkouts SET status = ${status}, updated_at = now()
    WHERE id = ${checkoutId}::uuid AND status = 'pending'`);
}

interface PaymentRow {
  id: string;
  plan: string;
  amount: number;
  currency: string;
  provider: PaymentDto["provider"];
  createdAt: Date | string;
  startDate: Date | string;
  endDate: Date | string;
  status: PaymentDto["status"];
}

export async function subscriptionOverview(
  deps: Pick<AppDeps, "database" | "config" | "payments">,
  userId: string,
): Promise<SubscriptionOverviewDto> {
  const { db } = deps.database;
  const status = await checkUserSubscription(db, userId);
  const rows = await queryRows<PaymentRow>(
    db,
    sql`SELECT id, plan, amount, currency, provider, created_at AS "createdAt", start_date AS "startDate",
        end_date AS "endDate", status
      FROM subscriptions WHERE user_id = ${userId} ORDER BY created_at DESC LIMIT 100`,
  );
  const iso = (v: Date | string) => new Date(v).toISOString();
  return {
    ...status,
    plans: [...deps.config.plans],
    provider: deps.payments?.name ?? null,
    payments: rows.map((r) => ({
      id: r.id,
      plan: r.plan,
      amountCents: r.amount,
      currency: r.currency,
      provider: r.provider,
      paidAt: iso(r.createdAt),
      startDate: iso(r.startDate),
      endDate: iso(r.endDate),
      status: r.status,
    })),
  };
}
