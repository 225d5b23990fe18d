// The member's subscription:
//   GET  /api/subscription                          status, plans, payment history, payment options
//   GET  /api/subscription/status                   check_user_subscription (the SPA's gate)
//   POST /api/subscription/checkout {plan, currency, method, operator?, returnTo} start paying → CheckoutDto
//   GET  /api/subscription/checkouts/:id            one checkout (the success page waits on it)
//   POST /api/subscription/checkouts/:id/confirm-demo {outcome, phone?}  the demo provider's page
import { CURRENCIES } from "@domain/money.ts";
import { normalisePhone, OPERATORS, PAYMENT_METHODS, PAYMENT_MSG } from "@domain/payments.ts";
import { Hono } from "hono";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { AppError } from "../../platform/http/errors.ts";
import { memberRateLimit } from "../../platform/http/rate-limit.ts";
import { requireUser } from "../../platform/http/session.ts";
import { jsonBody } from "../../platform/http/validate.ts";
import { settleIfDue } from "./settle.ts";
import { checkUserSubscription } from "./subscription-status.ts";
import {
  checkoutNotFound,
  closeCheckout,
  getCheckout,
  recordPayment,
  startCheckout,
  subscriptionOverview,
} from "./subscriptions.service.ts";

const checkoutInput = z.strictObject({
  plan: z.string({ error: "Veuillez choisir une formule" }).min(1, "Veuillez choisir une formule").max(40),
  // Earlier clients sent the plan alone: euros by card.
  currency: z.enum(CURRENCIES, { error: "Devise inconnue" }).default("EUR"),
  method: z.enum(PAYMENT_METHODS, { error: "Moyen de paiement inconnu" }).default("card"),
  operator: z
    .enum(Object.keys(OPERATORS) as [keyof typeof OPERATORS, ...(keyof typeof OPERATORS)[]], {
      error: "Opérateur inconnu",
    })
    .nullable()
    .optional(),
  returnTo: z.string().max(500).nullable().optional(),
});

export const CHECKOUT_LIMIT = { max: 20, windowSeconds: 3600 };

const demoInput = z.strictObject({
  outcome: z.enum(["paid", "refused"], { error: "Issue inconnue" }).default("paid"),
  phone: z.string().max(40).optional(),
});

export function subscriptionRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return (
    new Hono<AppEnv>()
      .use(requireUser(deps))
      .get("/", async (c) => c.json(await subscriptionOverview(deps, c.get("user").id)))
      .get("/status", async (c) => c.json(await checkUserSubscription(db, c.get("user").id)))
      // Each attempt opens a payment at a provider: a member gets a few an hour, not a flood.
      .post(
        "/checkout",
        memberRateLimit(db, "checkout", CHECKOUT_LIMIT),
        jsonBody(checkoutInput),
        async (c) => {
          const input = c.req.valid("json");
          const user = c.get("user");
          const checkout = await startCheckout(deps, user, {
            plan: input.plan,
            currency: input.currency,
            method: input.method,
            operator: input.operator ?? null,
            returnTo: input.returnTo ?? null,
          });
          return c.json(checkout, 201);
        },
      )
      .get("/checkouts/:id", async (c) => {
        const userId = c.get("user").id;
        const checkout = await getCheckout(db, userId, c.req.param("id"));
        // The member is waiting on this page: if the notification is late, ask the provider now.
        if (checkout.status === "pending") {
          await settleIfDue(deps, checkout.id);
          return c.json(await getCheckout(db, userId, checkout.id));
        }
        return c.json(checkout);
      })
      .post("/checkouts/:id/confirm-demo", jsonBody(demoInput, { optional: true }), async (c) => {
        const userId = c.get("user").id;
        const checkout = await getCheckout(db, userId, c.req.param("id"));
        // Only the demo provider has this step; elsewhere the provider alone says what is paid.
        if (checkout.provider !== "demo" || !deps.payments.get("demo")) throw checkoutNotFound();
        const input = c.req.valid("json");
        if (checkout.method === "mobile-money" && !normalisePhone(input.phone ?? ""))
          throw new AppError(400, "PHONE_INVALID", PAYMENT_MSG.PHONE_INVALID, {
            phone: PAYMENT_MSG.PHONE_INVALID,
          });
        if (checkout.status === "pending") {
          if (input.outcome === "refused")
            await closeCheckout(
              db,
              checkout.id,
              "failed",
              checkout.method === "mobile-money"
                ? "Paiement refusé sur le téléphone (simulation)"
                : "Carte refusée (simulation)",
            );
          else
            await recordPayment(deps, {
              checkoutId: checkout.id,
              provider: "demo",
              providerRef: `demo_${checkout.id}`,
              amount: checkout.amount,
              currency: checkout.currency,
              operator: checkout.operator,
            });
        }
        return c.json(await getCheckout(db, userId, checkout.id));
      })
  );
}
