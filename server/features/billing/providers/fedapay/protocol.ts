// FedaPay's API (https://docs.fedapay.com), the calls Passerelle needs, authenticated with the
// account's secret key (Authorization: Bearer sk_…):
// - POST /v1/transactions opens a transaction (whole francs, currency by ISO code, our checkout id in
//   custom_metadata), then POST /v1/transactions/{id}/token gives the page where the member pays;
// - GET /v1/transactions/{id}: where it stands, the only source of truth for granting anything;
// - webhooks: JSON events signed in `X-FEDAPAY-SIGNATURE: t=<unix time>,s=<hex>`, the HMAC-SHA256
//   of "<t>.<raw body>" under the webhook's secret, refused when older than 5 minutes (replays).
import { createHmac, timingSafeEqual } from "node:crypto";

export interface FedaPaySettings {
  /** sk_live_… or sk_sandbox_… */
  secretKey: string;
  /** The webhook endpoint's signing secret (wh_…). */
  webhookSecret: string;
  /** https://api.fedapay.com by default (https://sandbox-api.fedapay.com); a fake in tests. */
  apiUrl: string;
}

export type FedaPayStatus = "pending" | "approved" | "declined" | "canceled" | "refunded" | "transferred";

export interface FedaPayTransaction {
  id: number;
  status: FedaPayStatus;
  amount: number;
  currencyIso: string | null;
  /** The operator used (mtn_open, moov, …), once paid. */
  mode: string | null;
  checkoutId: string | null;
}

export class FedaPayError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "FedaPayError";
  }
}

async function call(settings: FedaPaySettings, method: "GET" | "POST", path: string, body?: object) {
  const res = await fetch(new URL(path, settings.apiUrl), {
    method,
    headers: {
      authorization: `Bearer ${settings.secretKey}`,
      accept: "application/json",
      ...(body ? { "content-type": "application/json" } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(15_000),
  });
  let json: Record<string, unknown> | null = null;
  try {
    json = (await res.json()) as Record<string, unknown>;
  } catch {
    // Reported below with the status.
  }
  if (!res.ok || !json)
    throw new FedaPayError(
      `FedaPay ${method} ${path}: HTTP ${res.status} ${String(json?.message ?? "")}`,
      res.status,
    );
  return json;
}

const STATUSES = new Set<FedaPayStatus>([
  "pending",
  "approved",
  "declined",
  "canceled",
  "refunded",
  "transferred",
]);

/** FedaPay wraps a transaction as { "v1/transaction": {…} }; webhooks send it as the event's entity. */
export function readTransaction(raw: unknown): FedaPayTransaction {
  const t = raw as Record<string, unknown> | null;
  const status = String(t?.status ?? "");
  if (!t || !Number.isSafeInteger(t.id) || !STATUSES.has(status as FedaPayStatus))
    throw new FedaPayError("FedaPay: not a transaction", 502);
  const metadata = (t.custom_metadata ?? {}) as Record<string, unknown>;
  const currency = t.currency as Record<string, unknown> | undefined;
  return {
    id: t.id as number,
    status: status as FedaPayStatus,
    amount: Number.isSafeInteger(t.amount) ? (t.amount as number) : -1,
    currencyIso: typeof currency?.iso === "string" ? currency.iso : null,
    mode: typeof t.mode === "string" ? t.mode : null,
    checkoutId: typeof metadata.checkoutId === "string" ? metadata.checkoutId : null,
  };
}

/** Opens a transaction and its payment page. */
export async function createPayment(
  settings: FedaPaySettings,
  p: {
    checkoutId: string;
    amount: number;
    currency: "XOF";
    description: string;
    callbackUrl: string;
    email?: string;
  },
): Promise<{ transactionId: number; url: string }> {
  const created = await call(settings, "POST", "/v1/transactions", {
    description: p.description,
    amount: p.amount,
    currency: { iso: p.currency },
    callback_url: p.callbackUrl,
    custom_metadata: { checkoutId: p.checkoutId },
    ...(p.email ? { customer: { email: p.email } } : {}),
  });
  const transaction = readTransaction(created["v1/transaction"]);
  const token = await call(settings, "POST", `/v1/transactions/${transaction.id}/token`);
  if (typeof token.url !== "string") throw new FedaPayError("FedaPay: no payment URL", 502);
  return { transactionId: transaction.id, url: token.url };
}

export async function getTransaction(settings: FedaPaySettings, id: number): Promise<FedaPayTransaction> {
  if (!Number.isSafeInteger(id) || id <= 0) throw new FedaPayError("FedaPay: invalid transaction id", 400);
  return readTransaction((await call(settings, "GET", `/v1/transactions/${id}`))["v1/transaction"]);
}

/** Signs a webhook body as FedaPay does (for the fake server and tests). */
export function webhookSignatureHeader(secret: string, rawBody: string, timestamp: number): string {
  const s = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`, "utf8").digest("hex");
  return `t=${timestamp},s=${s}`;
}

/**
 * Whether a webhook delivery is FedaPay's: one of the header's `s` signatures is the HMAC of
 * "<t>.<raw body>", and `t` is at most `toleranceSeconds` old (nor in the future by as much).
 */
export function verifyWebhook(
  secret: string,
  rawBody: string,
  header: string | undefined,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  if (!header) return false;
  let timestamp = Number.NaN;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [key, value = ""] = part.trim().split("=", 2);
    if (key === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === "s" && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (!Number.isFinite(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(
    createHmac("sha256", secret).update(`${timestamp}.${rawBody}`, "utf8").digest("hex"),
    "hex",
  );
  return signatures.some((s) => timingSafeEqual(expected, Buffer.from(s, "hex")));
}
