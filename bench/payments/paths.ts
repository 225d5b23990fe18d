// The three providers as the bench drives them, against the local fakes of server/test: their
// credentials (shared by the fakes and the app's configuration), and for each one its member's
// country and checkout choice, how the member pays (or not) at the fake, one notification of where
// the payment stands sent over HTTP (Stripe: an event signed with the SDK's test helper; CinetPay
// and FedaPay: the fake's own notification), and what the fake says the payment became. The
// aggregators' notifications are also kept as sent (url and request, by our checkout id) so that
// the chaos phase can replay one byte for byte.
import { randomBytes } from "node:crypto";
import type { Currency } from "@domain/money.ts";
import type { OperatorId, PaymentMethod } from "@domain/payments.ts";
import type { AppDeps } from "../../server/deps.ts";
import type { Deliver, FakeCinetPay } from "../../server/test/fake-cinetpay.ts";
import type { FakeFedaPay } from "../../server/test/fake-fedapay.ts";
import type { FakeStripe } from "../../server/test/fake-stripe.ts";

export const STRIPE = { secretKey: "sk_test_bench_payments", webhookSecret: "whsec_bench_payments" };
export const CINETPAY = { apiKey: "cp_api_key_bench", siteId: "105900", secretKey: "cp_secret_bench" };
export const FEDAPAY = { secretKey: "sk_sandbox_bench", webhookSecret: "wh_sandbox_bench" };

// ---------------------------------------------------------------------------------------------
// The fakes' notifications, kept for byte-for-byte replays (by our checkout id)

interface Sent {
  url: string;
  init: RequestInit;
}
export const sent = new Map<string, Sent[]>();

export function capturing(keyOf: (body: string) => string | undefined): Deliver {
  return (url, init) => {
    const key = keyOf(String(init.body));
    if (key) sent.set(key, [...(sent.get(key) ?? []), { url, init }]);
    return fetch(url, init);
  };
}

export const cinetpayKey = (body: string) => new URLSearchParams(body).get("cpm_trans_id") ?? undefined;
export function fedapayKey(body: string): string | undefined {
  const id = (JSON.parse(body) as { entity?: { custom_metadata?: { checkoutId?: unknown } } }).entity
    ?.custom_metadata?.checkoutId;
  return typeof id === "string" ? id : undefined;
}

// ---------------------------------------------------------------------------------------------
// Providers, as the bench drives them

export type PathName = "stripe" | "cinetpay" | "fedapay";
export type Outcome = "paid" | "refused" | "cancelled";

export interface Opened {
  path: PathName;
  checkoutId: string;
  sessionId: string;
  userId: string;
  email: string;
}

export interface PaymentPath {
  name: PathName;
  label: string;
  country: string;
  choice: { currency: Currency; method: PaymentMethod; operator: OperatorId | null };
  /** The member pays (or not) at the fake. */
  settle(o: Opened, outcome: Outcome): void;
  /** What happens at the provider after a payment (FedaPay: approved → transferred). */
  later(o: Opened): void;
  /** One notification of where the payment stands at the fake, over HTTP. */
  notify(o: Opened): Promise<Response>;
  atFake(o: Opened): Outcome | "pending";
}

export interface Fakes {
  stripe: FakeStripe;
  cinetpay: FakeCinetPay;
  fedapay: FakeFedaPay;
}

export function paymentPaths(deps: AppDeps, fakes: Fakes, base: string): Record<PathName, PaymentPath> {
  const stripe = deps.stripe;
  if (!stripe) throw new Error("Stripe is not configured");
  const session = (o: Opened) => {
    const s = fakes.stripe.sessions.get(o.sessionId);
    if (!s) throw new Error(`no Stripe session ${o.sessionId}`);
    return s;
  };
  const fedapayId = (o: Opened) => Number(o.sessionId.slice("fedapay_".length));
  const cinetpayTx = (o: Opened) => {
    const t = fakes.cinetpay.transactions.get(o.checkoutId);
    if (!t) throw new Error(`no CinetPay transaction ${o.checkoutId}`);
    return t;
  };
  return {
    stripe: {
      name: "stripe",
      label: "Stripe (baseline): signed event, recorded from the event",
      country: "France",
      choice: { currency: "EUR", method: "card", operator: null },
      settle(o, outcome) {
        if (outcome !== "paid") throw new Error("the bench only pays by card");
        Object.assign(session(o), { payment_status: "paid", status: "complete" });
      },
      later() {},
      notify(o) {
        const payload = JSON.stringify({
          id: `evt_${randomBytes(12).toString("hex")}`,
          object: "event",
          type: "checkout.session.completed",
          created: Math.floor(Date.now() / 1000),
          data: { object: session(o) },
        });
        const signature = stripe.webhooks.generateTestHeaderString({
          payload,
          secret: STRIPE.webhookSecret,
        });
        return fetch(`${base}/api/payments/stripe/webhook`, {
          method: "POST",
          headers: { "content-type": "application/json", "stripe-signature": signature },
          body: payload,
        });
      },
      atFake: (o) => (session(o).payment_status === "paid" ? "paid" : "pending"),
    },
    cinetpay: {
      name: "cinetpay",
      label: "CinetPay: x-token notification + status check",
      country: "Mali",
      choice: { currency: "XOF", method: "mobile-money", operator: "orange-money" },
      settle(o, outcome) {
        const state = outcome === "paid" ? "ACCEPTED" : outcome === "refused" ? "REFUSED" : "CANCELLED";
        fakes.cinetpay.settle(o.checkoutId, state, "OM");
      },
      later() {},
      notify: (o) => fakes.cinetpay.notify(o.checkoutId),
      atFake(o) {
        const state = cinetpayTx(o).state;
        return state === "ACCEPTED"
          ? "paid"
          : state === "REFUSED"
            ? "refused"
            : state === "CANCELLED"
              ? "cancelled"
              : "pending";
      },
    },
    fedapay: {
      name: "fedapay",
      label: "FedaPay: signed webhook + GET transaction",
      country: "Bénin",
      choice: { currency: "XOF", method: "mobile-money", operator: "mtn-momo" },
      settle(o, outcome) {
        const status = outcome === "paid" ? "approved" : outcome === "refused" ? "declined" : "canceled";
        fakes.fedapay.settle(fedapayId(o), status, "mtn_open");
      },
      later(o) {
        if (fakes.fedapay.transactions.get(fedapayId(o))?.status === "approved")
          fakes.fedapay.settle(fedapayId(o), "transferred");
      },
      notify: (o) => fakes.fedapay.sendEvent(`${base}/api/payments/fedapay/webhook`, fedapayId(o)),
      atFake(o) {
        const status = fakes.fedapay.transactions.get(fedapayId(o))?.status;
        return status === "approved" || status === "transferred"
          ? "paid"
          : status === "declined" || status === "refunded"
            ? "refused"
            : status === "canceled"
              ? "cancelled"
              : "pending";
      },
    },
  };
}

export const PATH_ORDER: PathName[] = ["stripe", "cinetpay", "fedapay"];
