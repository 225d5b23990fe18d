// POST /api/payments/stripe/webhook: Stripe's events, verified on the raw body with the endpoint's
import { PAYMENT_MSG } from "@domain/payments.ts";
// signing secret (400 when the signature is wrong, before anything is read). Handling is
// idempotent and order-tolerant: a payment is recorded once per Checkout Session whatever the
// number, order or concurrency of the deliveries, and a late « expired » never undoes a payment.
// After the payment, refunds (charge.refunded) and chargebacks (charge.dispute.*) reach the
// subscription it paid for (server/features/billing/reversals.ts), just as idempotently.
import { Hono } from "hono";
import type Stripe from "stripe";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { AppError } from "../../platform/http/errors.ts";
import { type DisputeState, recordDispute, recordRefund } from "./reversals.ts";
import { closeCheckout, recordPayment } from "./subscriptions.service.ts";

const MAX_BODY = 512 * 1024;

export function stripeWebhookRoutes(deps: AppDeps, stripe: Stripe, webhookSecret: string) {
  return new Hono<AppEnv>().post("/", async (c) => {
    const signature = c.req.header("stripe-signature");
    const raw = await c.req.text();
    if (!signature || raw.length > MAX_BODY)
      throw new AppError(400, "INVALID_SIGNATURE", PAYMENT_MSG.INVALID_SIGNATURE);
    let event: Stripe.Event;
    try {
      event = await stripe.webhooks.constructEventAsync(raw, signature, webhookSecret);
    } catch {
      throw new AppError(400, "INVALID_SIGNATURE", PAYMENT_MSG.INVALID_SIGNATURE);
    }
    await handleEvent(deps, stripe, event);
    return c.json({ received: true });
  });
}

/**
 * Our checkout and Checkout Session for a PaymentIntent: refunds and disputes name the payment by
 * its PaymentIntent, which Stripe creates when the member pays. Asked of Stripe (the Checkout
 * Session of that PaymentIntent) rather than kept, so that payments recorded before refunds were
 * handled are found too. Null when it is not one of ours.
 */
async function paymentOf(
  stripe: Stripe,
  paymentIntent: string | { id: string } | null,
): Promise<{ checkoutId: string; sessionId: string } | null> {
  const id = typeof paymentIntent === "string" ? paymentIntent : paymentIntent?.id;
  if (!id) return null;
  let sessions: Stripe.ApiList<Stripe.Checkout.Session>;
  try {
    sessions = await stripe.checkout.sessions.list({ payment_intent: id, limit: 1 });
  } catch {
    // Stripe delivers the event again later: nothing is lost by answering that we could not act.
    throw new AppError(503, "PAYMENTS_UNAVAILABLE", PAYMENT_MSG.PROVIDER_SILENT);
  }
  const session = sessions.data[0];
  const checkoutId = session?.metadata?.checkoutId;
  return session && checkoutId ? { checkoutId, sessionId: session.id } : null;
}

/**
 * A dispute's status, as our three: decided in our favour (won; an inquiry closed without a
 * chargeback; a chargeback prevented), lost, or still open (awaiting a response, under review,
 * appealed).
 */
function disputeState(status: Stripe.Dispute.Status): DisputeState {
  if (status === "lost") return "lost";
  if (status === "won" || status === "warning_closed" || status === "prevented") return "won";
  return "open";
}

async function handleEvent(deps: AppDeps, stripe: Stripe, event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      const checkoutId = session.metadata?.checkoutId;
      // « completed » also arrives for payment methods that settle later: only « paid » counts.
      if (!checkoutId || session.payment_status !== "paid") return;
      await recordPayment(deps, {
        checkoutId,
        provider: "stripe",
        providerRef: session.id,
        amount: session.amount_total ?? -1,
        currency: session.currency ?? "",
      });
      return;
    }
    case "checkout.session.async_payment_failed":
    case "checkout.session.expired": {
      const checkoutId = event.data.object.metadata?.checkoutId;
      if (checkoutId)
        await closeCheckout(
          deps.database.db,
          checkoutId,
          event.type === "checkout.session.expired" ? "expired" : "failed",
          event.type === "checkout.session.expired"
            ? "La page de paiement a expiré"
            : "Le paiement par carte n’a pas abouti",
        );
      return;
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const payment = await paymentOf(stripe, charge.payment_intent);
      if (!payment) return;
      await recordRefund(deps, {
        checkoutId: payment.checkoutId,
        provider: "stripe",
        providerRef: payment.sessionId,
        refundedAmount: charge.amount_refunded,
        currency: charge.currency,
      });
      return;
    }
    case "charge.dispute.created":
    case "charge.dispute.updated":
    case "charge.dispute.closed": {
      const dispute = event.data.object;
      const payment = await paymentOf(stripe, dispute.payment_intent);
      if (!payment) return;
      await recordDispute(deps, {
        checkoutId: payment.checkoutId,
        provider: "stripe",
        providerRef: payment.sessionId,
        disputeId: dispute.id,
        state: disputeState(dispute.status),
      });
      return;
    }
    default:
      // Other events are acknowledged so that Stripe does not retry them.
      return;
  }
}
