// CinetPay as a payment provider: mobile money in the UEMOA and CEMAC countries it serves. Our
// checkout id is CinetPay's transaction id. A client only: its notification route is billing's
// (cinetpay-notify.routes.ts).

import { OPERATORS_BY_COUNTRY, type OperatorId } from "@domain/payments.ts";
import { operatorFromCode } from "../operator-codes.ts";
import type { PaymentProvider } from "../provider.ts";
import { type CinetPaySettings, checkPayment, initPayment } from "./protocol.ts";

/** Countries where CinetPay collects mobile money in CFA francs (its coverage, 2026). */
const COUNTRIES = ["Côte d’Ivoire", "Sénégal", "Cameroun", "Burkina Faso", "Mali", "Togo", "Bénin", "Niger"];

const OPERATORS: Record<string, readonly OperatorId[]> = Object.fromEntries(
  COUNTRIES.map((c) => [c, OPERATORS_BY_COUNTRY[c] ?? []]),
);

export const CINETPAY_NOTIFY_PATH = "/api/payments/cinetpay/notify";

/** CinetPay's refusal messages, as a member would read them. */
function refusalReason(message: string): string {
  if (/INSUFFICIENT/i.test(message)) return "Solde insuffisant sur le compte mobile money";
  return "Le paiement a été refusé par l’opérateur";
}

export function cinetpayProvider(settings: CinetPaySettings, publicBaseUrl: string): PaymentProvider {
  return {
    name: "cinetpay",
    demo: false,
    coverage: { mobileMoney: { currencies: ["XOF", "XAF"], operators: OPERATORS } },
    async createCheckout(req) {
      if (req.currency === "EUR") throw new Error("CinetPay: mobile money is paid in CFA francs");
      const { paymentUrl, paymentToken } = await initPayment(settings, {
        transactionId: req.checkoutId,
        amount: req.amount,
        currency: req.currency,
        description: `Abonnement Passerelle ${req.planLabel}`,
        notifyUrl: `${publicBaseUrl}${CINETPAY_NOTIFY_PATH}`,
        returnUrl: req.successUrl,
        customerEmail: req.email,
      });
      return { url: paymentUrl, sessionId: `cinetpay_${paymentToken}` };
    },
    async checkStatus(checkout) {
      const outcome = await checkPayment(settings, checkout.id);
      switch (outcome.state) {
        case "accepted":
          return {
            state: "paid",
            providerRef: `cinetpay_${checkout.id}`,
            amount: outcome.amount,
            currency: outcome.currency,
            operator: operatorFromCode(outcome.method),
          };
        case "refused":
          return { state: "failed", reason: refusalReason(outcome.reason) };
        case "cancelled":
          return { state: "cancelled", reason: "Paiement annulé sur la page de CinetPay" };
        case "pending":
          return { state: "pending" };
      }
    },
  };
}
