// Row schemas of the payment columns that hold a domain value in a text column (checkouts and
// subscriptions): the hand-written queries that read them declare, and outside production check,
// that each one holds what the code takes it for.
import { CURRENCIES } from "@domain/money.ts";
import { isOperator, type OperatorId, PAYMENT_METHODS, PROVIDER_NAMES } from "@domain/payments.ts";
import { z } from "zod";

export const currencyColumn = z.enum(CURRENCIES);
export const providerColumn = z.enum(PROVIDER_NAMES);
/** A subscription's provider: a payment provider, or « admin » for one granted by hand. */
export const subscriptionProviderColumn = z.enum([...PROVIDER_NAMES, "admin"]);
export const methodColumn = z.enum(PAYMENT_METHODS);
export const operatorColumn = z.custom<OperatorId>(isOperator, "unknown mobile-money operator");
