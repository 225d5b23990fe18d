// POST /api/payments/fedapay/webhook: FedaPay's webhooks, verified by their timestamped signature,

// then only make us read the transaction from FedaPay's API, which alone decides — including, for a
// paid one, whether it was refunded since (issue 33).
import { MSG } from "@domain/messages.ts";
import { PAYMENT_MSG } from "@domain/payments.ts";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { checkouts } from "../../platform/db/schema/index.ts";
import { AppError } from "../../platform/http/errors.ts";
import { type FedaPaySettings, getTransaction, verifyWebhook } from "./providers/fedapay/protocol.ts";
import { SESSION_PREFIX } from "./providers/fedapay/provider.ts";
import { recordRefund } from "./reversals.ts";
import { settleCheckout } from "./settle.ts";

const MAX_BODY = 256 * 1024;

export function fedapayWebhookRoutes(deps: AppDeps, settings: FedaPaySettings) {
  return new Hono<AppEnv>().post("/", async (c) => {
    const raw = await c.req.text();
    const now = Math.floor(Date.now() / 1000);
    if (
      raw.length > MAX_BODY ||
      !verifyWebhook(settings.webhookSecret, raw, c.req.header("x-fedapay-signature"), now)
    )
      throw new AppError(400, "INVALID_SIGNATURE", PAYMENT_MSG.INVALID_SIGNATURE);
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
    throw new AppError(503, "PAYMENTS_UNAVAILABLE", PAYMENT_MSG.PROVIDER_SILENT);
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
