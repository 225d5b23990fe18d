// The aggregators name the operator a member paid with by their own codes (CinetPay: OM, OMCI,
// WAVECI, MOMO, FLOOZ…; FedaPay: mtn_open, moov, togocel…). Mapped to ours for the admin area and
// the receipt; an unknown code gives null rather than a wrong name.
import type { OperatorId } from "@domain/payments.ts";

const PREFIXES: [RegExp, OperatorId][] = [
  [/^(om|orange)/i, "orange-money"],
  [/^wave/i, "wave"],
  [/^free/i, "free-money"],
  [/^(momo|mtn)/i, "mtn-momo"],
  [/^(flooz|moov)/i, "moov-money"],
  [/^(tmoney|t_money|togocel)/i, "t-money"],
  [/^airtel/i, "airtel-money"],
];

export function operatorFromCode(code: string | null | undefined): OperatorId | null {
  if (!code) return null;
  return PREFIXES.find(([re]) => re.test(code))?.[1] ?? null;
}
