// Subscription plans (the SPEC leaves them open: these are the product's choice, overridable by
// the SUBSCRIPTION_PLANS setting) and the access gate of SPEC §2.
import type { AccountStatus } from "./constants.ts";

export interface Plan {
  /** Stable id stored with each subscription, e.g. « 3-mois ». */
  id: string;
  /** « 3 mois » */
  label: string;
  months: number;
  /** Total price in euro cents, paid once for the whole period. */
  priceCents: number;
}

export const DEFAULT_PLANS: readonly Plan[] = [
  { id: "1-mois", label: "1 mois", months: 1, priceCents: 1999 },
  { id: "3-mois", label: "3 mois", months: 3, priceCents: 4797 },
  { id: "6-mois", label: "6 mois", months: 6, priceCents: 7794 },
];

export const CURRENCY = "EUR";

/** Price per month in cents, rounded to the cent (4797 over 3 months → 1599). */
export function monthlyCents(plan: Pick<Plan, "months" | "priceCents">): number {
  return Math.round(plan.priceCents / plan.months);
}

/** Saving against the shortest plan's monthly price, in whole percent (0 for the shortest). */
export function savingPercent(plan: Plan, plans: readonly Plan[]): number {
  const base = Math.max(...plans.map(monthlyCents));
  return Math.max(0, Math.round((1 - monthlyCents(plan) / base) * 100));
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
  UNKNOWN_PLAN: "Cette formule n'existe pas",
  PAYMENTS_UNAVAILABLE: "Le paiement en ligne est momentanément indisponible. Veuillez réessayer plus tard.",
  CHECKOUT_NOT_FOUND: "Ce paiement est introuvable",
} as const;

export type CheckoutStatus = "pending" | "paid" | "failed" | "expired";

export interface SubscriptionStatusDto {
  status: AccountStatus;
  /** End of the running (or last) subscription; null if never subscribed. */
  endsAt: string | null;
  plan: string | null;
}

export interface PaymentDto {
  id: string;
  plan: string;
  amountCents: number;
  currency: string;
  provider: "stripe" | "demo" | "admin";
  paidAt: string;
  startDate: string;
  endDate: string;
  status: "active" | "expired" | "cancelled";
}

export interface SubscriptionOverviewDto extends SubscriptionStatusDto {
  plans: Plan[];
  payments: PaymentDto[];
  /** "stripe", "demo", or null when paying is not possible here. */
  provider: "stripe" | "demo" | null;
}

export interface CheckoutDto {
  id: string;
  status: CheckoutStatus;
  plan: string;
  /** Where the member came from (a path of this site), to go back after paying. */
  returnTo: string | null;
  /** Where to send the browser to pay (Stripe Checkout, or the demo confirmation page). */
  url: string | null;
  /** Once paid: the end of the subscription. */
  endsAt: string | null;
}
