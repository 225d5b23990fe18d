// The subscriptions feature's public surface: what other features and capabilities use. The rest of this
// folder is its own (the linter refuses other imports: biome.json, docs/decisions/0017).

export { billingJobs } from "./jobs.ts";
export {
  currencyColumn,
  methodColumn,
  operatorColumn,
  providerColumn,
  subscriptionProviderColumn,
} from "./payment-columns.ts";
export { paymentNotificationRoutes } from "./payment-notifications.ts";
export { billingReactions } from "./reactions.ts";
export {
  type DisputeState,
  type RefundReport,
  type ReversalOutcome,
  recordDispute,
  recordRefund,
} from "./reversals.ts";
export { requireSubscription } from "./subscription-gate.ts";
export { checkUserSubscription, nextPeriodStart } from "./subscription-status.ts";
export { closeCheckout, recordPayment } from "./subscriptions.service.ts";
