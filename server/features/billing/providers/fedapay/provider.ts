// FedaPay as a payment provider: mobile money in XOF in the countries it serves. The transaction
// carries our checkout id in its metadata; we keep FedaPay's transaction id as the checkout's
// provider id. A client only: its webhook route is billing's (fedapay-webhook.routes.ts).

import type { OperatorId } from "@domain/payments.ts";
import { operatorFromCode } from "../operator-codes.ts";
import type { PaymentProvider } from "../provider.ts";
import { createPayment, type FedaPaySettings, getTransaction } from "./protocol.ts";

/** FedaPay's mobile-money operators by country (its coverage in XOF, 2026). */
const OPERATORS: Record<string, readonly OperatorId[]> = {
  Bénin: ["mtn-momo", "moov-money"],
  Togo: ["t-money", "moov-money"],
  "Côte d’Ivoire": ["orange-money", "mtn-momo", "moov-money", "wave"],
  Sénégal: ["orange-money", "free-money", "wave"],
  Niger: ["airtel-money"],
};

export const FEDAPAY_WEBHOOK_PATH = "/api/payments/fedapay/webhook";
/** Our checkout's provider id: FedaPay's transaction id after this prefix. */
export const SESSION_PREFIX = "fedapay_";

export function fedapayProvider(settings: FedaPaySettings): PaymentProvider {
  return {
    name: "fedapay",
    demo: false,
    coverage: { mobileMoney: { currencies: ["XOF"], operators: OPERATORS } },
    async createCheckout(req) {
      if (req.currency !== "XOF") throw new Error("FedaPay: only XOF is offered");
      const { transactionId, url } = await createPayment(settings, {
        checkoutId: req.checkoutId,
        amount: req.amount,
        currency: "XOF",
        description: `Abonnement Passerelle ${req.planLabel}`,
        callbackUrl: req.successUrl,
        email: req.email,
      });
      return { url, sessionId: `${SESSION_PREFIX}${transactionId}` };
    },
    async checkStatus(checkout) {
      const id = Number(checkout.sessionId?.slice(SESSION_PREFIX.length));
      if (!checkout.sessionId?.startsWith(SESSION_PREFIX) || !Number.isSafeInteger(id))
        return { state: "pending" };
      const t = await getTransaction(settings, id);
      if (t.checkoutId !== checkout.id)
        throw new Error(`FedaPay transaction ${t.id} is not checkout ${checkout.id}`);
      switch (t.status) {
        case "approved":
        case "transferred":
          return {
            state: "paid",
            providerRef: `fedapay_${t.id}`,
            amount: t.amount,
            currency: t.currencyIso ?? "",
            operator: operatorFromCode(t.mode),
          };
        case "declined":
          return { state: "failed", reason: "Le paiement a été refusé par l’opérateur" };
        case "canceled":
          return { state: "cancelled", reason: "Paiement annulé sur la page de FedaPay" };
        case "refunded":
          return { state: "failed", reason: "Le paiement a été remboursé" };
        case "pending":
          return { state: "pending" };
      }
    },
  };
}
