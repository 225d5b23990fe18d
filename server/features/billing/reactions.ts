// What billing does once a payment is recorded: the member's receipt by e-mail, after the commit
// (a failure to send is logged; the payment stands).
import { paymentSettled } from "@domain/events.ts";
import type { AppDeps } from "../../deps.ts";
import { subscriptionConfirmedMail } from "../../platform/email/templates.ts";
import { react } from "../../platform/events/domain-events.ts";

export const billingReactions = [
  react({
    name: "billing: the receipt « Abonnement confirmé » by e-mail",
    event: paymentSettled,
    async after(deps: AppDeps, p) {
      const plan = deps.config.plans.find((x) => x.id === p.plan);
      await deps.mailer.send(
        subscriptionConfirmedMail(p.email, {
          planLabel: plan?.label ?? p.plan.replace(/-/g, " "),
          amount: p.amount,
          currency: p.currency,
          paidWith: p.paidWith,
          reference: p.checkoutId.slice(0, 8).toUpperCase(),
          paidAt: new Date(),
          startDate: new Date(p.startDate),
          endDate: new Date(p.endDate),
        }),
      );
    },
  }),
];
