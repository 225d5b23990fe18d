// POST /api/payments/cinetpay/notify: CinetPay's notification, verified by its x-token, then only
import { PAYMENT_MSG } from "@domain/payments.ts";
// makes us ask CinetPay's status API: the notification's own fields are never trusted for the
// outcome, the amount or the currency.
import { UUID } from "@domain/uuid.ts";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { AppError } from "../../platform/http/errors.ts";
import { type CinetPaySettings, verifyNotification } from "./providers/cinetpay/protocol.ts";
import { settleCheckout } from "./settle.ts";

const MAX_BODY = 16 * 1024;

export function cinetpayNotifyRoutes(deps: AppDeps, settings: CinetPaySettings) {
  return (
    new Hono<AppEnv>()
      // CinetPay checks that the address answers before it posts to it.
      .get("/", (c) => c.text("OK"))
      .post("/", async (c) => {
        const raw = await c.req.text();
        if (raw.length > MAX_BODY)
          throw new AppError(400, "INVALID_SIGNATURE", PAYMENT_MSG.INVALID_SIGNATURE);
        const fields = Object.fromEntries(new URLSearchParams(raw));
        if (
          fields.cpm_site_id !== settings.siteId ||
          !verifyNotification(settings.secretKey, fields, c.req.header("x-token"))
        )
          throw new AppError(400, "INVALID_SIGNATURE", PAYMENT_MSG.INVALID_SIGNATURE);
        const checkoutId = fields.cpm_trans_id ?? "";
        // A notification for a transaction that is not one of ours is acknowledged and ignored.
        if (UUID.test(checkoutId)) await settleCheckout(deps, checkoutId, "cinetpay");
        return c.json({ received: true });
      })
  );
}
