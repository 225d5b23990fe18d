// The member's subscription:
//   GET  /api/subscription                          status, plans, payment history, provider
//   GET  /api/subscription/status                   check_user_subscription (the SPA's gate)
//   POST /api/subscription/checkout {plan, returnTo} start paying → { url }
//   GET  /api/subscription/checkouts/:id            one checkout (the success page waits on it)
//   POST /api/subscription/checkouts/:id/confirm-demo  the demo provider's « pay » button
import { Hono } from "hono";
import { z } from "zod";
import { parseOrThrow } from "../../http/errors.ts";
import { readJson } from "../../http/json.ts";
import { requireUser } from "../../http/session.ts";
import type { AppDeps, AppEnv } from "../../http/types.ts";
import { checkUserSubscription } from "./subscription-status.ts";
import {
  checkoutNotFound,
  getCheckout,
  recordPayment,
  startCheckout,
  subscriptionOverview,
} from "./subscriptions.service.ts";

const checkoutInput = z.strictObject({
  plan: z.string({ error: "Veuillez choisir une formule" }).min(1, "Veuillez choisir une formule").max(40),
  returnTo: z.string().max(500).nullable().optional(),
});

export function subscriptionRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return new Hono<AppEnv>()
    .use(requireUser(deps))
    .get("/", async (c) => c.json(await subscriptionOverview(deps, c.get("user").id)))
    .get("/status", async (c) => c.json(await checkUserSubscription(db, c.get("user").id)))
    .post("/checkout", async (c) => {
      const input = parseOrThrow(checkoutInput, await readJson(c));
      const user = c.get("user");
      return c.json(await startCheckout(deps, user, input.plan, input.returnTo ?? null), 201);
    })
    .get("/checkouts/:id", async (c) => c.json(await getCheckout(db, c.get("user").id, c.req.param("id"))))
    .post("/checkouts/:id/confirm-demo", async (c) => {
      const userId = c.get("user").id;
      const checkout = await getCheckout(db, userId, c.req.param("id"));
      // Only the demo provider has this step; with Stripe, Stripe alone says what is paid.
      if (deps.payments?.name !== "demo") throw checkoutNotFound();
      if (checkout.status === "pending") {
        const plan = deps.config.plans.find((p) => p.id === checkout.plan);
        if (!plan) throw checkoutNotFound();
        await recordPayment(deps, {
          checkoutId: checkout.id,
          provider: "demo",
          providerRef: `demo_${checkout.id}`,
          amountCents: plan.priceCents,
          currency: "EUR",
        });
      }
      return c.json(await getCheckout(db, userId, checkout.id));
    });
}
