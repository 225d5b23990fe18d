// POST /api/payments/stripe/webhook: Stripe's events, verified on the raw body with the endpoint's
// signing secret (400 when the signature is wrong, before anything is read). Handling is
// idempotent and order-tolerant: a payment is recorded once per Checkout Session whatever the
// number, order or concurrency of the deliveries, and a late « expired » never undoes a payment.
import { Hono } from "hono";
import type Stripe from "stripe";
import type { AppDeps, AppEnv } from "../deps.ts";
import { closeCheckout, recordPayment } from "../features/subscriptions/index.ts";
import { AppError } from "../http/errors.ts";

const MAX_BODY = 512 * 1024;

export function stripeWebhookRoutes(deps: AppDeps, stripe: Stripe, webhookSecret: string) {
  return new Hono<AppEnv>().post("/", async (c) => {
    const signature = c.req.header("stripe-signature");
    const raw = await c.req.text();
    if (!signature || raw.length > MAX_BODY)
      throw new AppError(400, "INVALID_SIGNATURE", "Signature invalide");
    let event: Stripe.Event;
    try {
      event = await stripe.webhooks.constructEventAsync(raw, signature, webhookSecret);
    } catch {
      throw new AppError(400, "INVALID_SIGNATURE", "Signature invalide");
    }
    await handleEvent(deps, event);
    return c.json({ received: true });
  });
}

async function handleEvent(deps: AppDeps, event: Stripe.Event): Promise<void> {
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
            : "Le paiement par carte n'a pas abouti",
        );
      return;
    }
    default:
      // Other events are acknowledged so that Stripe does not retry them.
      return;
  }
}
