// A local stand-in for FedaPay's API, following its documentation: bearer secret key, POST
// /v1/transactions (whole XOF amounts), POST /v1/transactions/{id}/token (the payment page), GET
// /v1/transactions/{id}; and `sendEvent`, which POSTs a signed webhook event (transaction.approved,
// declined, canceled) to a URL, as FedaPay does — with another secret or an old timestamp on demand.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type FedaPayStatus,
  webhookSignatureHeader,
} from "../features/billing/providers/fedapay/protocol.ts";
import type { Deliver } from "./fake-cinetpay.ts";

export interface FakeFedaPayTransaction {
  id: number;
  status: FedaPayStatus;
  amount: number;
  currency: { iso: string };
  description: string;
  callback_url: string;
  custom_metadata: Record<string, unknown>;
  mode: string | null;
}

export interface FakeFedaPay {
  url: string;
  transactions: Map<number, FakeFedaPayTransaction>;
  settle(id: number, status: Exclude<FedaPayStatus, "pending">, mode?: string): void;
  sendEvent(to: string, id: number, options?: { secret?: string; timestamp?: number }): Promise<Response>;
  close(): Promise<void>;
}

const EVENT_NAMES: Partial<Record<FedaPayStatus, string>> = {
  approved: "transaction.approved",
  declined: "transaction.declined",
  canceled: "transaction.canceled",
  pending: "transaction.created",
};

export async function startFakeFedaPay(
  account: { secretKey: string; webhookSecret: string },
  deliver: Deliver = (url, init) => fetch(url, init),
): Promise<FakeFedaPay> {
  const transactions = new Map<number, FakeFedaPayTransaction>();
  let nextId = 100_000;
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(value));
      };
      if (req.headers.authorization !== `Bearer ${account.secretKey}`)
        return send(401, { message: "Clé API invalide" });
      const path = (req.url ?? "").split("?")[0] ?? "";
      const match = /^\/v1\/transactions\/(\d+)(\/token)?$/.exec(path);
      if (req.method === "POST" && path === "/v1/transactions") {
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          return send(400, { message: "JSON invalide" });
        }
        const currency = body.currency as { iso?: unknown } | undefined;
        if (!Number.isSafeInteger(body.amount) || (body.amount as number) <= 0)
          return send(400, { message: "Le montant est invalide" });
        if (currency?.iso !== "XOF") return send(400, { message: "Devise non prise en charge" });
        if (typeof body.description !== "string" || typeof body.callback_url !== "string")
          return send(400, { message: "Champs requis manquants" });
        const t: FakeFedaPayTransaction = {
          id: nextId++,
          status: "pending",
          amount: body.amount as number,
          currency: { iso: "XOF" },
          description: body.description,
          callback_url: body.callback_url,
          custom_metadata: (body.custom_metadata ?? {}) as Record<string, unknown>,
          mode: null,
        };
        transactions.set(t.id, t);
        return send(200, { "v1/transaction": t });
      }
      const t = match ? transactions.get(Number(match[1])) : undefined;
      if (!t) return send(404, { message: "Transaction introuvable" });
      if (req.method === "POST" && match?.[2])
        return send(200, { token: `tok_${t.id}`, url: `${address()}/checkout/tok_${t.id}` });
      if (req.method === "GET" && !match?.[2]) return send(200, { "v1/transaction": t });
      return send(404, { message: "Introuvable" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: address(),
    transactions,
    settle(id, status, mode = "mtn_open") {
      const t = transactions.get(id);
      if (!t) throw new Error(`no transaction ${id}`);
      t.status = status;
      t.mode = status === "approved" ? mode : null;
    },
    sendEvent(to, id, options = {}) {
      const t = transactions.get(id);
      if (!t) throw new Error(`no transaction ${id}`);
      const body = JSON.stringify({ name: EVENT_NAMES[t.status] ?? `transaction.${t.status}`, entity: t });
      const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
      return deliver(to, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-fedapay-signature": webhookSignatureHeader(
            options.secret ?? account.webhookSecret,
            body,
            timestamp,
          ),
        },
        body,
      });
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
