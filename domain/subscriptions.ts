// Subscription plans (the SPEC leaves them open: these are the product's choice, overridable by
// the SUBSCRIPTION_PLANS setting) and the access gate of SPEC §2.
import type { AccountStatus } from "./constants.ts";
import type { Currency } from "./money.ts";
import type { Plan } from "./responses/subscriptions.ts";

/**
 * A subscription's states: active; expired (its end date passed); cancelled by an administrator;
 * suspended while its payment is disputed at the member's bank; refunded (its payment refunded in
 * full, or charged back). Only an active one gives access.
 */
export { SUBSCRIPTION_STATES } from "./enums.ts";
// Plans, payment options, payments and checkouts as the API sends them: described by their schemas
// in responses/subscriptions.ts, re-exported as types only (see responses/scalars.ts).
export type {
  CheckoutDto,
  CheckoutStatus,
  PaymentDto,
  Plan,
  PlanPrices,
  SubscriptionOverviewDto,
  SubscriptionStatusDto,
} from "./responses/subscriptions.ts";

// CFA prices are set for the members' purchasing power, not converted from the euro prices
// (19,99 € would be 13 112 FCFA at the fixed parity).
export const DEFAULT_PLANS: readonly Plan[] = [
  { id: "1-mois", label: "1 mois", months: 1, prices: { EUR: 1999, XOF: 6500, XAF: 6500 } },
  { id: "3-mois", label: "3 mois", months: 3, prices: { EUR: 4797, XOF: 15000, XAF: 15000 } },
  { id: "6-mois", label: "6 mois", months: 6, prices: { EUR: 7794, XOF: 24000, XAF: 24000 } },
];

export function planPrice(plan: Plan, currency: Currency): number | null {
  return plan.prices[currency] ?? null;
}

/** Currencies every plan of the list is priced in. */
export function planCurrencies(plans: readonly Plan[]): Currency[] {
  return (["EUR", "XOF", "XAF"] as const).filter((c) => plans.every((p) => planPrice(p, c) !== null));
}

/** Price per month in the currency's smallest unit, rounded (4797 cents over 3 months → 1599). */
export function monthlyPrice(plan: Plan, currency: Currency = "EUR"): number {
  return Math.round((planPrice(plan, currency) ?? 0) / plan.months);
}

/** Saving against the shortest plan's monthly price, in whole percent (0 for the shortest). */
export function savingPercent(plan: Plan, plans: readonly Plan[], currency: Currency = "EUR"): number {
  const base = Math.max(...plans.map((p) => monthlyPrice(p, currency)));
  return Math.max(0, Math.round((1 - monthlyPrice(plan, currency) / base) * 100));
}

/** Adds calendar months, keeping the day when it exists (31 January + 1 month → 28/29 February). */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

/**
 * Paths a signed-in member without a running subscription may still open (SPEC §2: /, /login,
 * /signup, /subscription, /profile). Also: the rest of the subscription flow (paying, its
 * confirmation), the guided first profile (part of /profile's job), the e-mail confirmation page,
 * the password pages and the legal texts, which every visitor may read.
 */
const OPEN_PATHS = [
  "/",
  "/login",
  "/signup",
  "/profile",
  "/onboarding",
  "/email-confirmed",
  "/subscription",
  "/privacy-policy",
  "/terms-of-use",
  "/forgot-password",
  "/reset-password",
];

export function isOpenWithoutSubscription(path: string): boolean {
  const p = path.split(/[?#]/)[0] || "/";
  return (
    OPEN_PATHS.includes(p) || p.startsWith("/subscription/") || p === "/admin" || p.startsWith("/admin/")
  );
}

/** SPEC §2: trial and expired members are sent to /subscription; subscribed members pass. */
export function gateRedirect(status: AccountStatus, path: string): string | null {
  if (status === "subscribed" || isOpenWithoutSubscription(path)) return null;
  return `/subscription?from=${encodeURIComponent(path)}`;
}

export const SUBSCRIPTION_MSG = {
  REQUIRED: "Cette fonctionnalité est réservée aux membres abonnés. Choisissez une formule pour continuer.",
  UNKNOWN_PLAN: "Cette formule n’existe pas",
  PAYMENTS_UNAVAILABLE: "Le paiement en ligne est momentanément indisponible. Veuillez réessayer plus tard.",
  CHECKOUT_NOT_FOUND: "Ce paiement est introuvable",
  PENDING: "Paiement en cours de confirmation",
} as const;
