// CinetPay as a payment provider: mobile money in the UEMOA and CEMAC countries it serves. Our
// checkout id is CinetPay's transaction id. The notification (POST /api/payments/cinetpay/notify) is
// verified by its x-token, then only makes us ask CinetPay's status API: the notification's own
// fields are never trusted for the outcome, the amount or the currency.

import { OPERATORS_BY_COUNTRY, type OperatorId } from "@domain/payments.ts";
import { UUID } from "@domain/uuid.ts";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { AppError } from "../../http/errors.ts";
import { operatorFromCode } from "../operator-codes.ts";
import type { PaymentProvider } from "../provider.ts";
import { settleCheckout } from "../settle.ts";
import { type CinetPaySettings, checkPayment, initPayment, verifyNotification } from "./protocol.ts";

/** Countries where CinetPay collects mobile money in CFA francs (its coverage, 2026). */
const COUNTRIES = ["Côte d’Ivoire", "Sénégal", "Cameroun", "Burkina Faso", "Mali", "Togo", "Bénin", "Niger"];

const OPERATORS: Record<string, readonly OperatorId[]> = Object.fromEntries(
  COUNTRIES.map((c) => [c, OPERATORS_BY_COUNTRY[c] ?? []]),
);

export const CINETPAY_NOTIFY_PATH = "/api/payments/cinetpay/notify";
const MAX_BODY = 16 * 1024;

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
    notification: { path: CINETPAY_NOTIFY_PATH, routes: (deps) => notifyRoutes(deps, settings) },
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

function notifyRoutes(deps: AppDeps, settings: CinetPaySettings) {
  return (
    new Hono<AppEnv>()
      // CinetPay checks that the address answers before it posts to it.
      .get("/", (c) => c.text("OK"))
      .post("/", async (c) => {
        const raw = await c.req.text();
        if (raw.length > MAX_BODY) throw new AppError(400, "INVALID_SIGNATURE", "Signature invalide");
        const fields = Object.fromEntries(new URLSearchParams(raw));
        if (
          fields.cpm_site_id !== settings.siteId ||
          !verifyNotification(settings.secretKey, fields, c.req.header("x-token"))
        )
          throw new AppError(400, "INVALID_SIGNATURE", "Signature invalide");
        const checkoutId = fields.cpm_trans_id ?? "";
        // A notification for a transaction that is not one of ours is acknowledged and ignored.
        if (UUID.test(checkoutId)) await settleCheckout(deps, checkoutId, "cinetpay");
        return c.json({ received: true });
      })
  );
}
