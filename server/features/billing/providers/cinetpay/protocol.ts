// CinetPay's payment API (https://docs.cinetpay.com/api/1.0-fr/), the three calls Passerelle needs:
// - initialisation: POST {api}/v2/payment (JSON) → the page where the member pays (mobile money);
// - the notification CinetPay POSTs to our notify_url (form fields) with an `x-token` header, the
//   HMAC-SHA256 of documented fields under the merchant's secret key: verified before anything is
//   read from it, and never trusted for the outcome;
// - the status check: POST {api}/v2/payment/check (JSON), the only source of truth for a payment.
// Amounts are whole francs (XOF, XAF) in multiples of 5, as CinetPay requires.
import { createHmac, timingSafeEqual } from "node:crypto";

export interface CinetPaySettings {
  apiKey: string;
  siteId: string;
  /** The « Secret Key » of the merchant's integration: signs the notifications. */
  secretKey: string;
  /** https://api-checkout.cinetpay.com by default; a fake server's address in tests. */
  apiUrl: string;
}

export interface CinetPayInit {
  transactionId: string;
  amount: number;
  currency: "XOF" | "XAF";
  description: string;
  notifyUrl: string;
  returnUrl: string;
  /** The member's e-mail and name are optional for mobile money; CinetPay shows them. */
  customerEmail?: string;
}

/** What a status check says, reduced to what Passerelle acts on. */
export type CinetPayOutcome =
  | { state: "accepted"; amount: number; currency: string; method: string; operatorId: string | null }
  | { state: "pending" }
  | { state: "refused"; reason: string }
  | { state: "cancelled" };

export class CinetPayError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
    this.name = "CinetPayError";
  }
}

interface ApiAnswer {
  code?: unknown;
  message?: unknown;
  description?: unknown;
  data?: Record<string, unknown> | null;
}

async function post(settings: CinetPaySettings, path: string, body: object): Promise<ApiAnswer> {
  const res = await fetch(new URL(path, settings.apiUrl), {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  let answer: ApiAnswer;
  try {
    answer = (await res.json()) as ApiAnswer;
  } catch {
    throw new CinetPayError(`CinetPay ${path}: HTTP ${res.status}, not JSON`, null);
  }
  if (typeof answer !== "object" || answer === null)
    throw new CinetPayError(`CinetPay ${path}: HTTP ${res.status}, no answer`, null);
  return answer;
}

/** Opens a payment; returns the page to send the member to, and CinetPay's token for it. */
export async function initPayment(
  settings: CinetPaySettings,
  p: CinetPayInit,
): Promise<{ paymentUrl: string; paymentToken: string }> {
  const answer = await post(settings, "/v2/payment", {
    apikey: settings.apiKey,
    site_id: settings.siteId,
    transaction_id: p.transactionId,
    amount: p.amount,
    currency: p.currency,
    description: p.description,
    notify_url: p.notifyUrl,
    return_url: p.returnUrl,
    channels: "MOBILE_MONEY",
    lang: "FR",
    ...(p.customerEmail ? { customer_email: p.customerEmail } : {}),
  });
  const url = answer.data?.payment_url;
  const token = answer.data?.payment_token;
  if (String(answer.code) !== "201" || typeof url !== "string" || typeof token !== "string")
    throw new CinetPayError(
      `CinetPay refused the payment: ${String(answer.code)} ${String(answer.message)} ${String(answer.description ?? "")}`.trim(),
      answer.code == null ? null : String(answer.code),
    );
  return { paymentUrl: url, paymentToken: token };
}

// Codes of the check call (« Tableau des codes »): 00 accepted; 600 refused; 627 cancelled by the
// customer; 602 insufficient balance; 662 and 623 still waiting for the customer.
const PENDING_CODES = new Set(["662", "623"]);
const REFUSED_CODES = new Set(["600", "602", "604"]);

/** Asks CinetPay where a payment stands. */
export async function checkPayment(
  settings: CinetPaySettings,
  transactionId: string,
): Promise<CinetPayOutcome> {
  const answer = await post(settings, "/v2/payment/check", {
    apikey: settings.apiKey,
    site_id: settings.siteId,
    transaction_id: transactionId,
  });
  const code = String(answer.code);
  const data = answer.data ?? {};
  const status = String(data.status ?? "");
  if (code === "00" && status === "ACCEPTED") {
    const amount = Number(data.amount);
    return {
      state: "accepted",
      amount: Number.isSafeInteger(amount) ? amount : -1,
      currency: String(data.currency ?? ""),
      method: String(data.payment_method ?? ""),
      operatorId: typeof data.operator_id === "string" ? data.operator_id : null,
    };
  }
  if (code === "627") return { state: "cancelled" };
  if (REFUSED_CODES.has(code) || status === "REFUSED")
    return { state: "refused", reason: String(answer.message) };
  if (PENDING_CODES.has(code) || status === "PENDING" || status.startsWith("WAITING"))
    return { state: "pending" };
  throw new CinetPayError(`CinetPay check: unexpected answer ${code} ${String(answer.message)}`, code);
}

/** The notification's fields, in the order the x-token HMAC concatenates them (documented). */
export const NOTIFICATION_TOKEN_FIELDS = [
  "cpm_site_id",
  "cpm_trans_id",
  "cpm_trans_date",
  "cpm_amount",
  "cpm_currency",
  "signature",
  "payment_method",
  "cel_phone_num",
  "cpm_phone_prefixe",
  "cpm_language",
  "cpm_version",
  "cpm_payment_config",
  "cpm_page_action",
  "cpm_custom",
  "cpm_designation",
  "cpm_error_message",
] as const;

/** The x-token CinetPay computes for a notification (hex HMAC-SHA256 under the secret key). */
export function notificationToken(secretKey: string, fields: Record<string, string>): string {
  const data = NOTIFICATION_TOKEN_FIELDS.map((f) => fields[f] ?? "").join("");
  return createHmac("sha256", secretKey).update(data, "utf8").digest("hex");
}

/** Whether a notification carries the x-token of our secret key (constant-time comparison). */
export function verifyNotification(
  secretKey: string,
  fields: Record<string, string>,
  xToken: string | undefined,
): boolean {
  if (!xToken || !/^[0-9a-f]{64}$/i.test(xToken)) return false;
  const expected = Buffer.from(notificationToken(secretKey, fields), "hex");
  return timingSafeEqual(expected, Buffer.from(xToken.toLowerCase(), "hex"));
}
