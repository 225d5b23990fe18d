// Where the enabled payment providers tell us about payments: ordinary routes of billing. Each
// proves itself with the provider's own signature, not with a browser's Origin: the app mounts these
// paths outside the origin check, from this list (no list of exempted paths to keep in step).
import type { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { cinetpayNotifyRoutes } from "./cinetpay-notify.routes.ts";
import { fedapayWebhookRoutes } from "./fedapay-webhook.routes.ts";
import { CINETPAY_NOTIFY_PATH } from "./providers/cinetpay/provider.ts";
import { FEDAPAY_WEBHOOK_PATH } from "./providers/fedapay/provider.ts";
import { stripeWebhookRoutes } from "./stripe-webhook.ts";

export interface PaymentNotificationRoute {
  /** Under /api/payments/, e.g. /api/payments/stripe/webhook. */
  path: `/api/payments/${string}`;
  routes: Hono<AppEnv>;
}

/** The notification routes of the providers enabled in this instance's registry. */
export function paymentNotificationRoutes(deps: AppDeps): PaymentNotificationRoute[] {
  const { config, payments } = deps;
  const routes: PaymentNotificationRoute[] = [];
  if (payments.get("stripe") && deps.stripe && config.stripe)
    routes.push({
      path: "/api/payments/stripe/webhook",
      routes: stripeWebhookRoutes(deps, deps.stripe, config.stripe.webhookSecret),
    });
  if (payments.get("cinetpay") && config.cinetpay)
    routes.push({ path: CINETPAY_NOTIFY_PATH, routes: cinetpayNotifyRoutes(deps, config.cinetpay) });
  if (payments.get("fedapay") && config.fedapay)
    routes.push({ path: FEDAPAY_WEBHOOK_PATH, routes: fedapayWebhookRoutes(deps, config.fedapay) });
  return routes;
}
