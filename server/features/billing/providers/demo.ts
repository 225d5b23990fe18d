// The demo provider: on by default outside production (and in production only if asked). It takes
// every method the real providers take — cards in every currency, the mobile-money operators of every
// country that has some — so that the embedded default shows the flows production has. Its payment
// page is ours (/subscription/demo), clearly labelled; nothing leaves the site, nothing is charged.
import { CURRENCIES } from "@domain/money.ts";
import { OPERATORS_BY_COUNTRY } from "@domain/payments.ts";
import type { PaymentProvider } from "./provider.ts";

export const demoProvider: PaymentProvider = {
  name: "demo",
  demo: true,
  coverage: {
    card: { currencies: CURRENCIES },
    mobileMoney: { currencies: ["XOF", "XAF"], operators: OPERATORS_BY_COUNTRY },
  },
  async createCheckout(req) {
    return {
      url: `/subscription/demo?checkout=${encodeURIComponent(req.checkoutId)}`,
      sessionId: `demo_${req.checkoutId}`,
    };
  },
};
