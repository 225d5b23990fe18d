import { formatMoney } from "@domain/money.ts";

/** 4797 → « 47,97 € » */
export function formatEuros(cents: number): string {
  return formatMoney(cents, "EUR");
}
