// Stripe Checkout: cards, one payment per period (mode "payment"), plan, member and our checkout id
// in the metadata. The browser is sent to the session's hosted page; the webhook (stripe-webhook.ts)
// records the payment once Stripe says it is paid, and the status check (the session as Stripe
// has it) settles the payments whose webhook did not come. Euros, and the CFA francs, which Stripe
// takes as zero-decimal currencies (amounts in whole francs, as we keep them).
import Stripe from "stripe";
import type { PaymentProvider } from "./provider.ts";

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another API address (tests, stripe-mock), e.g. http://127.0.0.1:12111. */
  apiUrl?: string | undefined;
}

export function createStripeClient(s: StripeSettings): Stripe {
  const api = s.apiUrl ? new URL(s.apiUrl) : null;
  return new Stripe(s.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === "https:" ? 443 : 80)),
          protocol: api.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

export function stripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: "stripe",
    demo: false,
    coverage: { card: { currencies: ["EUR", "XOF", "XAF"] } },
    async createCheckout(req) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          locale: "fr",
          customer_email: req.email,
          client_reference_id: req.userId,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: req.currency.toLowerCase(),
                unit_amount: req.amount,
                product_data: { name: `Abonnement Passerelle : ${req.planLabel}` },
              },
            },
          ],
          metadata: { checkoutId: req.checkoutId, userId: req.userId, plan: req.planId },
          payment_intent_data: {
            metadata: { checkoutId: req.checkoutId, userId: req.userId, plan: req.planId },
          },
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
          expires_at: Math.floor(Date.now() / 1000) + 60 * 60,
        },
        // A retried create (network trouble) must not open a second session.
        { idempotencyKey: `checkout-${req.checkoutId}` },
      );
      if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
      return { url: session.url, sessionId: session.id };
    },
    async checkStatus(checkout) {
      if (!checkout.sessionId) return { state: "pending" };
      const session = await stripe.checkout.sessions.retrieve(checkout.sessionId);
      if (session.metadata?.checkoutId !== checkout.id)
        throw new Error(`Stripe session ${session.id} is not checkout ${checkout.id}`);
      if (session.payment_status === "paid")
        return {
          state: "paid",
          providerRef: session.id,
          amount: session.amount_total ?? -1,
          currency: session.currency ?? "",
          operator: null,
        };
      if (session.status === "expired") return { state: "expired", reason: "La page de paiement a expiré" };
      return { state: "pending" };
    },
  };
}
