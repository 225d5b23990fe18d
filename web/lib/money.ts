import { type Currency, formatMoney } from "@domain/money.ts";

/** 4797 → « 47,97 € » */
export function formatEuros(cents: number): string {
  return formatMoney(cents, "EUR");
}

/** Whether the currency is one of the two CFA francs, which members know as « FCFA ». */
export function isCfaFranc(currency: Currency): boolean {
  return currency === "XOF" || currency === "XAF";
}

/**
 * How a currency is named in a currency choice: « Euros (€) », « Francs CFA (FCFA) ». XOF and XAF
 * are both « FCFA » to members; only when both are offered side by side are they told apart.
 */
export function currencyLabel(currency: Currency, offered: readonly Currency[] = []): string {
  if (currency === "EUR") return "Euros (€)";
  if (offered.includes("XOF") && offered.includes("XAF"))
    return currency === "XOF"
      ? "Francs CFA d’Afrique de l’Ouest (FCFA)"
      : "Francs CFA d’Afrique centrale (FCFA)";
  return "Francs CFA (FCFA)";
}
