// Payment providers behind one interface: Stripe Checkout when its keys are set, otherwise the
// clearly labelled demo provider (refused in production unless ALLOW_DEMO_PAYMENTS is on). Both end
// in the same recordPayment() of the subscriptions service.
export interface CheckoutRequest {
  checkoutId: string;
  userId: string;
  email: string;
  planId: string;
  planLabel: string;
  amountCents: number;
  currency: string;
  /** Absolute URLs the provider sends the browser back to. */
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  /** Where the browser goes to pay. */
  url: string;
  /** The provider's id for this checkout (Stripe: cs_…), stored to match webhooks to it. */
  sessionId: string;
}

export interface PaymentProvider {
  readonly name: "stripe" | "demo";
  createCheckout(req: CheckoutRequest): Promise<CheckoutSession>;
}

export const demoProvider: PaymentProvider = {
  name: "demo",
  async createCheckout(req) {
    // The confirmation page is ours: nothing leaves the site, nothing is charged.
    return {
      url: `/subscription/demo?checkout=${encodeURIComponent(req.checkoutId)}`,
      sessionId: `demo_${req.checkoutId}`,
    };
  },
};
