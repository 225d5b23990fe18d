// Response schemas of the member's subscription: plans, payment options, payments, checkouts. See
// ./scalars.ts for why they live here.
import { z } from "zod";
import { ACCOUNT_STATUSES } from "../constants.ts";
import {
  OPERATORS,
  type OperatorId,
  PAYMENT_METHODS,
  PROVIDER_NAMES,
  SUBSCRIPTION_STATES,
} from "../enums.ts";
import { CURRENCIES } from "../money.ts";
import { instant, whole } from "./scalars.ts";

const currency = z.enum(CURRENCIES);
/** A mobile-money operator's id (the keys of OPERATORS). */
export const operatorIdSchema = z.enum(Object.keys(OPERATORS) as [OperatorId, ...OperatorId[]]);

/**
 * A plan's total price in each currency it is sold in, in the currency's smallest unit (euro
 * cents; whole CFA francs, multiples of 5). Every plan has a euro price.
 */
export const planPricesSchema = z.strictObject({ EUR: whole, XOF: whole.optional(), XAF: whole.optional() });
export type PlanPrices = z.infer<typeof planPricesSchema>;

export const planSchema = z.strictObject({
  /** Stable id stored with each subscription, e.g. « 3-mois ». */
  id: z.string(),
  /** « 3 mois » */
  label: z.string(),
  months: whole,
  /** Paid once for the whole period. */
  prices: planPricesSchema,
});
export type Plan = z.infer<typeof planSchema>;

/** A way to pay offered to the member on /subscription. */
export const paymentMethodOptionSchema = z.strictObject({
  method: z.enum(PAYMENT_METHODS),
  /** The currencies this method takes here. */
  currencies: z.array(currency),
  /** Mobile money: the operators of the member's country, by name. */
  operators: z.array(z.strictObject({ id: operatorIdSchema, label: z.string() })),
  /** Simulated by the demo provider: nothing is charged. */
  demo: z.boolean(),
});
export type PaymentMethodOption = z.infer<typeof paymentMethodOptionSchema>;

export const paymentOptionsDtoSchema = z.strictObject({
  /** The member's country of residence, which decides the operators and the first currency. */
  country: z.string().nullable(),
  /** The currency prices are shown in first. */
  currency,
  /** Currencies the member may switch to (a plan is priced in each and a method takes it). */
  currencies: z.array(currency),
  methods: z.array(paymentMethodOptionSchema),
  /**
   * Card payments in the country's CFA franc held back after a recent change of the country of
   * residence (issue 33): the instant they open; null when they are not held back.
   */
  localCardPricesFrom: instant.nullable(),
});
export type PaymentOptionsDto = z.infer<typeof paymentOptionsDtoSchema>;

/**
 * pending: waiting for the provider; paid; failed: refused, or not what was asked (amount,
 * currency); cancelled: the member gave up on the provider's page; expired: never settled.
 */
export const checkoutStatusSchema = z.enum(["pending", "paid", "failed", "cancelled", "expired"]);
export type CheckoutStatus = z.infer<typeof checkoutStatusSchema>;

/** GET /api/subscription/status (the SPA's gate). */
export const subscriptionStatusDtoSchema = z.strictObject({
  status: z.enum(ACCOUNT_STATUSES),
  /** End of the running (or last) subscription; null if never subscribed. */
  endsAt: instant.nullable(),
  plan: z.string().nullable(),
});
export type SubscriptionStatusDto = z.infer<typeof subscriptionStatusDtoSchema>;

/**
 * A subscription's state (also the admin subscriptions list's). cancelled: by an administrator;
 * suspended: its payment is disputed at the member's bank (a chargeback awaiting its outcome);
 * refunded: its payment was refunded in full, or charged back (issue 33).
 */
export const subscriptionStateSchema = z.enum(SUBSCRIPTION_STATES);

export const paymentDtoSchema = z.strictObject({
  id: z.string(),
  plan: z.string(),
  /** In the currency's smallest unit (euro cents, whole francs). */
  amount: whole,
  currency,
  provider: z.enum([...PROVIDER_NAMES, "admin"]),
  method: z.enum(PAYMENT_METHODS).nullable(),
  operator: operatorIdSchema.nullable(),
  paidAt: instant,
  startDate: instant,
  endDate: instant,
  status: subscriptionStateSchema,
});
export type PaymentDto = z.infer<typeof paymentDtoSchema>;

/** GET /api/subscription */
export const subscriptionOverviewDtoSchema = subscriptionStatusDtoSchema.extend({
  plans: z.array(planSchema),
  payments: z.array(paymentDtoSchema),
  /** How this member can pay; no methods when paying is not possible here. */
  paymentOptions: paymentOptionsDtoSchema,
});
export type SubscriptionOverviewDto = z.infer<typeof subscriptionOverviewDtoSchema>;

/** POST /api/subscription/checkout (201), GET /api/subscription/checkouts/:id, …/confirm-demo. */
export const checkoutDtoSchema = z.strictObject({
  id: z.string(),
  status: checkoutStatusSchema,
  plan: z.string(),
  amount: whole,
  currency,
  method: z.enum(PAYMENT_METHODS),
  operator: operatorIdSchema.nullable(),
  provider: z.enum(PROVIDER_NAMES),
  /** Why it failed, in French, when the provider said so. */
  failureReason: z.string().nullable(),
  /** Where the member came from (a path of this site), to go back after paying. */
  returnTo: z.string().nullable(),
  /** Where to send the browser to pay (the provider's page, or the demo's). */
  url: z.string().nullable(),
  /** Once paid: the end of the subscription. */
  endsAt: instant.nullable(),
});
export type CheckoutDto = z.infer<typeof checkoutDtoSchema>;
