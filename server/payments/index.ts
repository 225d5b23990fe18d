// The payments capability's public surface: what other features and capabilities use. The rest of this
// folder is its own (the linter refuses other imports: biome.json, docs/decisions/0017).
export {
  currencyColumn,
  methodColumn,
  operatorColumn,
  providerColumn,
  subscriptionProviderColumn,
} from "./payment-columns.ts";
export { recheckPendingPayments, settleIfDue } from "./settle.ts";
