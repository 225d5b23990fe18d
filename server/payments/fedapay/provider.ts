// FedaPay as a payment provider: mobile money in XOF in the countries it serves. The transaction
// carries our checkout id in its metadata; we keep FedaPay's transaction id as the checkout's
// provider id. Webhooks (POST /api/payments/fedapay/webhook) are verified by their timestamped
// signature, then only make us read the transaction from FedaPay's API, which alone decides —
// including, for a paid one, whether it was refunded since (issue 33).

import { MSG } from "@domain/messages.ts";
import type { OperatorId } from "@domain/payments.ts";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { checkouts } from "../../db/schema/index.ts";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { recordRefund } from "../../features/subscriptions/index.ts";
import { AppError } from "../../http/errors.ts";
import { operatorFromCode } from "../operator-codes.ts";
import type { PaymentProvider } from "../provider.ts";
import { settleCheckout } from "../settle.ts";
import { createPayment, type FedaPaySettings, getTransaction, verifyWebhook } from "./protocol.ts";

/** FedaPay's mobile-money operators by country (its coverage in XOF, 2026). */
const OPERATORS: Record<string, readonly OperatorId[]> = {
  Bénin: ["mtn-momo", "moov-money"],
  Togo: ["t-money", "moov-money"],
  "Côte d’Ivoire": ["orange-money", "mtn-momo", "moov-money", "wave"],
  Sénégal: ["orange-money", "free-money", "wave"],
  Niger: ["airtel-money"],
};

export const FEDAPAY_WEBHOOK_PATH = "/api/payments/fedapay/webhook";
const MAX_BODY = 256 * 1024;
const SESSION_PREFIX = "fedapay_";

export function fedapayProvider(settings: FedaPaySettings): PaymentProvider {
  return {
    name: "fedapay",
    demo: false,
    coverage: { mobileMoney: { currencies: ["XOF"], operators: OPERATORS } },
    notification: { path: FEDAPAY_WEBHOOK_PATH, routes: (deps) => webhookRoutes(deps, settings) },
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

function webhookRoutes(deps: AppDeps, settings: FedaPaySettings) {
  return new Hono<AppEnv>().post("/", async (c) => {
    const raw = await c.req.text();
    const now = Math.floor(Date.now() / 1000);
    if (
      raw.length > MAX_BODY ||
      !verifyWebhook(settings.webhookSecret, raw, c.req.header("x-fedapay-signature"), now)
    )
      throw new AppError(400, "INVALID_SIGNATURE", "Signature invalide");
    let id: unknown;
    try {
      id = (JSON.parse(raw) as { entity?: { id?: unknown } }).entity?.id;
    } catch {
      throw new AppError(400, "INVALID_JSON", MSG.INVALID_JSON);
    }
    // The transaction is found by FedaPay's id, which we stored; an unknown one is acknowledged.
    if (Number.isSafeInteger(id)) {
      const [row] = await deps.database.db
        .select({ id: checkouts.id, status: checkouts.status })
        .from(checkouts)
        .where(eq(checkouts.providerSessionId, `${SESSION_PREFIX}${id as number}`));
      if (row?.status === "paid") await settleRefund(deps, settings, row.id, id as number);
      else if (row) await settleCheckout(deps, row.id, "fedapay");
    }
    return c.json({ received: true });
  });
}

/**
 * A paid transaction FedaPay tells us about again: refunded? FedaPay refunds a transaction from its
 * dashboard, in full, and the transaction's status becomes « refunded » (docs.fedapay.com,
 * « Remboursements »); as for payments, the event only says « ask », and the API's answer decides.
 * No answer: 503, so that FedaPay delivers the event again (no job asks about paid transactions).
 */
async function settleRefund(deps: AppDeps, settings: FedaPaySettings, checkoutId: string, id: number) {
  let t: Awaited<ReturnType<typeof getTransaction>>;
  try {
    t = await getTransaction(settings, id);
  } catch (err) {
    deps.logger.warn({ err, checkoutId }, "fedapay: status check failed");
    throw new AppError(503, "PAYMENTS_UNAVAILABLE", "Le prestataire de paiement n’a pas répondu");
  }
  if (t.checkoutId !== checkoutId || t.status !== "refunded") return;
  await recordRefund(deps, {
    checkoutId,
    provider: "fedapay",
    providerRef: `${SESSION_PREFIX}${t.id}`,
    refundedAmount: t.amount,
    currency: t.currencyIso ?? "",
  });
}
