// Payment providers behind one interface. Each says what it covers (cards in some currencies,
// mobile-money operators by country), opens a payment on its side, and
// may answer a status check — the only source of truth for the aggregators. Clients only: the routes
// where providers notify us are billing's own (payment-notifications.ts), and every path ends in the
// same recordPayment() (settle.ts).
import type { Currency } from "@domain/money.ts";
import type { OperatorId, PaymentMethod, ProviderName } from "@domain/payments.ts";

export interface CheckoutRequest {
  checkoutId: string;
  userId: string;
  email: string;
  planId: string;
  planLabel: string;
  /** In the currency's smallest unit (euro cents, whole francs). */
  amount: number;
  currency: Currency;
  method: PaymentMethod;
  operator: OperatorId | null;
  /** Absolute URLs the provider sends the browser back to. */
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  /** Where the browser goes to pay. */
  url: string;
  /** The provider's id for this payment (Stripe: cs_…), stored to match notifications to it. */
  sessionId: string;
}

/** Where a payment stands, as the provider's status API says. */
export type ProviderStatus =
  | {
      state: "paid";
      /** Unique per payment: a second report with it changes nothing. */
      providerRef: string;
      amount: number;
      currency: string;
      /** The operator actually used, when the provider says. */
      operator: OperatorId | null;
    }
  | { state: "pending" }
  | { state: "failed" | "cancelled" | "expired"; reason: string | null };

/** What a provider takes: cards in some currencies; mobile money by country and operator. */
export interface PaymentCoverage {
  card?: { currencies: readonly Currency[] };
  mobileMoney?: {
    currencies: readonly Currency[];
    /** The operators it reaches, by country of residence (spelled as in domain/countries.ts). */
    operators: Readonly<Record<string, readonly OperatorId[]>>;
  };
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Simulated: nothing is charged (the member is told). */
  readonly demo: boolean;
  readonly coverage: PaymentCoverage;
  createCheckout(req: CheckoutRequest): Promise<CheckoutSession>;
  /** Asks the provider where one of our checkouts stands. */
  checkStatus?(checkout: { id: string; sessionId: string | null }): Promise<ProviderStatus>;
}
