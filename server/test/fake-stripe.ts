// A small local stand-in for the Stripe endpoints Passerelle calls (Checkout Sessions: create,
// retrieve, list by PaymentIntent), so that the real Stripe SDK can be exercised without network.
// It parses the SDK's form encoding and keeps the sessions it created, for tests to turn into
// signed webhook events: `pay` makes one paid as Stripe does (a PaymentIntent appears), and
// `charge` / `dispute` give the Charge and Dispute objects of its refund and chargeback events.
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeSession {
  id: string;
  object: "checkout.session";
  mode: string;
  url: string;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  customer_email: string | null;
  success_url: string;
  cancel_url: string;
  payment_status: "paid" | "unpaid";
  status: "open" | "complete" | "expired";
  /** The PaymentIntent, created by Stripe when the member pays (null before). */
  payment_intent: string | null;
}

/** The fields of a Charge the refund events carry (charge.refunded). */
export interface FakeCharge {
  id: string;
  object: "charge";
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  payment_intent: string | null;
  metadata: Record<string, string>;
}

/** The fields of a Dispute the chargeback events carry (charge.dispute.*). */
export interface FakeDispute {
  id: string;
  object: "dispute";
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string | null;
  reason: string;
  status: string;
}

export interface FakeStripe {
  url: string;
  sessions: Map<string, FakeSession>;
  /** Requests received, for assertions (method, path, form fields, idempotency key). */
  requests: { method: string; path: string; form: Record<string, string>; idempotencyKey?: string }[];
  /** Makes the next `times` session creations fail with this HTTP status. */
  failNext(status: number, times?: number): void;
  /** The member paid: the session is complete and paid, with its PaymentIntent. */
  pay(sessionId: string): FakeSession;
  /** The session's Charge, `refunded` of it refunded so far. */
  charge(sessionId: string, refunded?: number): FakeCharge;
  /** A chargeback on the session's Charge (one per payment, as at Stripe), in this status. */
  dispute(sessionId: string, status: string): FakeDispute;
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const requests: FakeStripe["requests"] = [];
  let failWith: number | null = null;
  let failures = 0;
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      const path = (req.url ?? "").split("?")[0] ?? "";
      const idempotencyKey = req.headers["idempotency-key"];
      requests.push({
        method: req.method ?? "",
        path,
        form,
        idempotencyKey: typeof idempotencyKey === "string" ? idempotencyKey : undefined,
      });
      const send = (status: number, value: unknown) => {
        res.writeHead(status, {
          "Content-Type": "application/json",
          "Request-Id": `req_${randomBytes(6).toString("hex")}`,
        });
        res.end(JSON.stringify(value));
      };
      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        if (failWith && failures > 0) {
          failures--;
          return send(failWith, { error: { type: "api_error", message: "Fake Stripe failure" } });
        }
        const id = `cs_test_${randomBytes(12).toString("hex")}`;
        const metadata: Record<string, string> = {};
        for (const [k, v] of Object.entries(form)) {
          const m = /^metadata\[(\w+)\]$/.exec(k);
          if (m?.[1]) metadata[m[1]] = v;
        }
        const session: FakeSession = {
          id,
          object: "checkout.session",
          mode: form.mode ?? "",
          url: `https://checkout.stripe.test/c/pay/${id}`,
          amount_total:
            Number(form["line_items[0][price_data][unit_amount]"]) *
            Number(form["line_items[0][quantity]"] ?? 1),
          currency: form["line_items[0][price_data][currency]"] ?? "",
          metadata,
          client_reference_id: form.client_reference_id ?? null,
          customer_email: form.customer_email ?? null,
          success_url: form.success_url ?? "",
          cancel_url: form.cancel_url ?? "",
          payment_status: "unpaid",
          status: "open",
          payment_intent: null,
        };
        sessions.set(id, session);
        return send(200, session);
      }
      if (req.method === "GET" && path === "/v1/checkout/sessions") {
        const query = new URLSearchParams((req.url ?? "").split("?")[1] ?? "");
        const pi = query.get("payment_intent");
        const data = [...sessions.values()].filter((s) => !pi || s.payment_intent === pi);
        return send(200, {
          object: "list",
          url: "/v1/checkout/sessions",
          has_more: false,
          data: data.slice(0, Number(query.get("limit") ?? 10)),
        });
      }
      const get = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path);
      if (req.method === "GET" && get?.[1] && sessions.has(get[1])) return send(200, sessions.get(get[1]));
      send(404, {
        error: { type: "invalid_request_error", message: `Unknown request ${req.method} ${path}` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const fakeStripe: FakeStripe = {
    url: `http://127.0.0.1:${port}`,
    sessions,
    requests,
    failNext(status, times = 1) {
      failWith = status;
      failures = times;
    },
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.payment_status = "paid";
      session.status = "complete";
      session.payment_intent ??= `pi_${sessionId.slice("cs_test_".length)}`;
      return { ...session };
    },
    charge(sessionId, refunded = 0) {
      const session = sessions.get(sessionId);
      if (!session?.payment_intent) throw new Error(`session ${sessionId} is not paid`);
      return {
        id: `ch_${session.payment_intent.slice(3)}`,
        object: "charge",
        amount: session.amount_total,
        amount_refunded: refunded,
        refunded: refunded >= session.amount_total,
        currency: session.currency,
        payment_intent: session.payment_intent,
        // Charges do not carry the PaymentIntent's metadata: the webhook must not rely on it.
        metadata: {},
      };
    },
    dispute(sessionId, status) {
      const charge = fakeStripe.charge(sessionId);
      return {
        id: `dp_${charge.id.slice(3)}`,
        object: "dispute",
        amount: charge.amount,
        currency: charge.currency,
        charge: charge.id,
        payment_intent: charge.payment_intent,
        reason: "fraudulent",
        status,
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return fakeStripe;
}
