// French labels of the admin pages' values.
import type {
  AdminMatchRow,
  AdminPaymentRow,
  AdminSubscriptionRow,
  AdminUserRow,
  PaymentReversal,
} from "@domain/admin.ts";
import type { AccountStatus } from "@domain/constants.ts";
import { type Currency, formatMoney, isCurrency } from "@domain/money.ts";
import {
  METHOD_LABELS,
  OPERATORS,
  type OperatorId,
  type PaymentMethod,
  PROVIDER_LABELS,
  type ProviderName,
} from "@domain/payments.ts";
import { DEFAULT_PLANS } from "@domain/subscriptions.ts";
import { formatDate, formatTime } from "@web/lib/format.ts";

export const ACCOUNT_STATUS_LABELS: Record<AccountStatus, string> = {
  trial: "Essai",
  subscribed: "Abonné",
  expired: "Expiré",
};

export const ROLE_LABELS: Record<AdminUserRow["role"], string> = {
  user: "Membre",
  admin: "Administrateur",
};

export const SUBSCRIPTION_STATUS_LABELS: Record<AdminSubscriptionRow["status"], string> = {
  active: "Actif",
  expired: "Expiré",
  cancelled: "Annulé",
  suspended: "Suspendu (paiement contesté)",
  refunded: "Remboursé",
};

export const PAYMENT_STATUS_LABELS: Record<AdminPaymentRow["status"], string> = {
  pending: "En attente de confirmation",
  paid: "Payé",
  failed: "Refusé",
  cancelled: "Annulé",
  expired: "Expiré",
};

/** The payments list's filter on what happened after payment. */
export const PAYMENT_REVERSAL_LABELS: Record<PaymentReversal, string> = {
  refunded: "Remboursés",
  disputed: "Contestation en cours",
  "charged-back": "Rétrofacturés",
};

/** A chargeback at the member's bank, by its state. */
export const DISPUTE_LABELS: Record<NonNullable<AdminPaymentRow["dispute"]>, string> = {
  open: "Contesté par la banque",
  won: "Contestation gagnée",
  lost: "Rétrofacturé",
};

/** The currencies as the filters name them (both CFA francs are « FCFA » on amounts). */
export const CURRENCY_LABELS: Record<Currency, string> = {
  EUR: "Euro (EUR)",
  XOF: "Franc CFA UEMOA (XOF)",
  XAF: "Franc CFA CEMAC (XAF)",
};

/** The monetary union of each CFA franc, to tell « FCFA » amounts apart when both appear. */
export const CFA_ZONES: Record<Exclude<Currency, "EUR">, string> = { XOF: "UEMOA", XAF: "CEMAC" };

/** « Carte bancaire », or the operator for mobile money (« Orange Money »); null when not paid. */
export function paymentMeansLabel(method: PaymentMethod | null, operator: OperatorId | null): string | null {
  if (!method) return null;
  if (method === "mobile-money") return (operator && OPERATORS[operator]) || METHOD_LABELS[method];
  return METHOD_LABELS[method] ?? method;
}

/**
 * How it was paid and through whom: « Orange Money · CinetPay », « Carte bancaire · Stripe »,
 * « Offert par l'équipe » for a subscription granted by hand.
 */
export function paymentLabel(p: {
  provider: ProviderName | "admin";
  method: PaymentMethod | null;
  operator: OperatorId | null;
}): string {
  const provider = PROVIDER_LABELS[p.provider] ?? p.provider;
  if (p.provider === "admin") return provider;
  const means = paymentMeansLabel(p.method, p.operator);
  return means ? `${means} · ${provider}` : provider;
}

export const MATCH_STATUS_LABELS: Record<AdminMatchRow["status"], string> = {
  accepted: "Accepté",
  rejected: "Rejeté",
};

/** Durations offered when granting or extending a subscription. */
export const MONTH_CHOICES = [1, 3, 6] as const;

export function monthsLabel(months: number): string {
  return `${months} mois`;
}

/** « 3 mois » for a known plan id, the id made readable otherwise. */
export function planLabel(id: string): string {
  return DEFAULT_PLANS.find((p) => p.id === id)?.label ?? id.replace(/-/g, " ");
}

/** « 22 novembre 2026 à 14:05 » */
export function formatDateTime(value: string): string {
  return `${formatDate(value)} à ${formatTime(value)}`;
}

const amountFormats = new Map<string, Intl.NumberFormat>();

/** An amount in the currency's smallest unit, e.g. « 47,97 € », « 6 500 FCFA ». */
export function formatAmount(cents: number, currency: string): string {
  const code = currency.toUpperCase();
  if (isCurrency(code)) return formatMoney(cents, code);
  let format = amountFormats.get(code);
  if (!format) {
    try {
      format = new Intl.NumberFormat("fr-FR", { style: "currency", currency: code });
    } catch {
      return `${(cents / 100).toFixed(2)} ${code}`;
    }
    amountFormats.set(code, format);
  }
  return format.format(cents / 100);
}
