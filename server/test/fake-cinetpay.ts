// A local stand-in for CinetPay's payment API, following its documentation: POST /v2/payment opens a
// transaction (checks the API key, the site id, the required fields, CFA amounts in multiples of 5),
// POST /v2/payment/check says where it stands, and `notify` POSTs the documented form fields to the
// transaction's notify_url with the x-token HMAC, as CinetPay does when a payment changes.
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { notificationToken } from "../features/billing/providers/cinetpay/protocol.ts";

export type FakeCinetPayState = "WAITING" | "ACCEPTED" | "REFUSED" | "CANCELLED";

export interface FakeCinetPayTransaction {
  transactionId: string;
  amount: number;
  currency: string;
  notifyUrl: string;
  returnUrl: string;
  paymentToken: string;
  state: FakeCinetPayState;
  /** The operator the member paid with (CinetPay's payment_method code, e.g. OM for Orange Money). */
  method: string;
  phone: string;
  date: string;
}

export interface FakeCinetPay {
  url: string;
  transactions: Map<string, FakeCinetPayTransaction>;
  requests: { path: string; body: Record<string, unknown> }[];
  /** The member pays (or not) on CinetPay's page. */
  settle(transactionId: string, state: Exclude<FakeCinetPayState, "WAITING">, method?: string): void;
  /** Sends the notification of a transaction to its notify_url; `secret` forges one. */
  notify(
    transactionId: string,
    options?: { secret?: string; fields?: Record<string, string> },
  ): Promise<Response>;
  close(): Promise<void>;
}

const CHECK_ANSWERS: Record<FakeCinetPayState, { code: string; message: string; status: string }> = {
  WAITING: { code: "662", message: "WAITING_CUSTOMER_PAYMENT", status: "PENDING" },
  ACCEPTED: { code: "00", message: "SUCCES", status: "ACCEPTED" },
  REFUSED: { code: "600", message: "PAYMENT_FAILED", status: "REFUSED" },
  CANCELLED: { code: "627", message: "TRANSACTION_CANCEL", status: "REFUSED" },
};

/** How the fake reaches notify URLs: over the network by default, or straight into an app in tests. */
export type Deliver = (url: string, init: RequestInit) => Promise<Response>;

export async function startFakeCinetPay(
  account: { apiKey: string; siteId: string; secretKey: string },
  deliver: Deliver = (url, init) => fetch(url, init),
): Promise<FakeCinetPay> {
  const transactions = new Map<string, FakeCinetPayTransaction>();
  const requests: FakeCinetPay["requests"] = [];

  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ ...(value as object), api_response_id: randomBytes(6).toString("hex") }));
      };
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return send(400, { code: "608", message: "MINIMUM_REQUIRED_FIELDS", description: "JSON attendu" });
      }
      const path = (req.url ?? "").split("?")[0] ?? "";
      requests.push({ path, body });
      if (req.method !== "POST") return send(404, { code: "404", message: "NOT_FOUND" });
      if (body.apikey !== account.apiKey)
        return send(401, { code: "609", message: "AUTH_NOT_FOUND", description: "apikey invalide" });
      if (String(body.site_id) !== account.siteId)
        return send(401, { code: "613", message: "ERROR_SITE_ID_NOTVALID" });

      if (path === "/v2/payment") {
        const id = body.transaction_id;
        const amount = body.amount;
        const fields = ["transaction_id", "amount", "currency", "description", "notify_url", "return_url"];
        if (fields.some((f) => body[f] === undefined || body[f] === ""))
          return send(400, { code: "608", message: "MINIMUM_REQUIRED_FIELDS" });
        if (typeof id !== "string" || transactions.has(id))
          return send(400, { code: "624", message: "TRANSACTION_ID_ALREADY_EXISTS" });
        if (typeof amount !== "number" || !Number.isInteger(amount) || amount <= 0 || amount % 5 !== 0)
          return send(400, {
            code: "608",
            message: "MINIMUM_REQUIRED_FIELDS",
            description: "montant invalide",
          });
        if (!["XOF", "XAF", "GNF", "CDF", "USD"].includes(String(body.currency)))
          return send(400, {
            code: "608",
            message: "MINIMUM_REQUIRED_FIELDS",
            description: "devise invalide",
          });
        const paymentToken = randomBytes(16).toString("hex");
        transactions.set(id, {
          transactionId: id,
          amount,
          currency: String(body.currency),
          notifyUrl: String(body.notify_url),
          returnUrl: String(body.return_url),
          paymentToken,
          state: "WAITING",
          method: "",
          phone: "",
          date: new Date().toISOString().slice(0, 19).replace("T", " "),
        });
        return send(200, {
          code: "201",
          message: "CREATED",
          description: "Transaction created with success",
          data: {
            payment_token: paymentToken,
            payment_url: `${address()}/pay/${paymentToken}`,
          },
        });
      }

      if (path === "/v2/payment/check") {
        const t = transactions.get(String(body.transaction_id));
        if (!t) return send(404, { code: "629", message: "TRANSACTION_NOT_FOUND" });
        const answer = CHECK_ANSWERS[t.state];
        return send(200, {
          code: answer.code,
          message: answer.message,
          data: {
            amount: String(t.amount),
            currency: t.currency,
            status: answer.status,
            payment_method: t.method,
            description: "",
            metadata: null,
            operator_id: t.state === "ACCEPTED" ? `MP${t.paymentToken.slice(0, 10)}` : null,
            payment_date: t.state === "WAITING" ? "" : t.date,
          },
        });
      }
      return send(404, { code: "404", message: "NOT_FOUND" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: address(),
    transactions,
    requests,
    settle(transactionId, state, method = "OM") {
      const t = transactions.get(transactionId);
      if (!t) throw new Error(`no transaction ${transactionId}`);
      t.state = state;
      t.method = method;
      t.phone = "770000000";
    },
    async notify(transactionId, options = {}) {
      const t = transactions.get(transactionId);
      if (!t) throw new Error(`no transaction ${transactionId}`);
      const fields: Record<string, string> = {
        cpm_site_id: account.siteId,
        cpm_trans_id: t.transactionId,
        cpm_trans_date: t.date,
        cpm_amount: String(t.amount),
        cpm_currency: t.currency,
        signature: t.paymentToken,
        payment_method: t.method,
        cel_phone_num: t.phone,
        cpm_phone_prefixe: "221",
        cpm_language: "fr",
        cpm_version: "V4",
        cpm_payment_config: "Single",
        cpm_page_action: "Payment",
        cpm_custom: "",
        cpm_designation: "",
        cpm_error_message: t.state === "ACCEPTED" ? "SUCCES" : t.state,
        ...options.fields,
      };
      return deliver(t.notifyUrl, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-token": notificationToken(options.secret ?? account.secretKey, fields),
        },
        body: new URLSearchParams(fields).toString(),
      });
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
