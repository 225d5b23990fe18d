// Payment providers behind one interface: Stripe Checkout when its keys are set, otherwise the
// clearly labelled demo provider (refused in production unless ALLOW_DEMO_PAYMENTS is on). Both end
// in the same recordPayment() of the subscriptions service.
import type { Hono } from "hono";
import type { AppDeps, AppEnv } from "../http/types.ts";

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

/**
 * The address a provider calls to tell us about payments. It proves itself with the provider's own
 * signature, not with a browser's Origin: the app mounts it outside the origin check, from this
 * declaration (there is no list of exempted paths to keep in step).
 */
export interface PaymentNotificationRoute {
  /** Under /api/payments/, e.g. /api/payments/stripe/webhook. */
  path: `/api/payments/${string}`;
  routes(deps: AppDeps): Hono<AppEnv>;
}

export interface PaymentProvider {
  readonly name: "stripe" | "demo";
  createCheckout(req: CheckoutRequest): Promise<CheckoutSession>;
  /** Providers that confirm payments by calling us declare where. */
  readonly notification?: PaymentNotificationRoute;
}

/** The notification routes of the enabled providers. */
export function notificationRoutes(
  providers: readonly (PaymentProvider | null)[],
): PaymentNotificationRoute[] {
  return providers.flatMap((p) => (p?.notification ? [p.notification] : []));
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
