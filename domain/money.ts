// Money in the currencies members pay in: the euro, and the two CFA francs — XOF for the countries
// of the West African Economic and Monetary Union (UEMOA), XAF for those of the Central African one
// (CEMAC). Amounts are whole numbers in the currency's smallest unit (ISO 4217): euro cents, and
// whole francs for the CFA francs, which have no subunit in use. Shown the French way:
// « 19,99 € », « 6 500 FCFA ».

export const CURRENCIES = ["EUR", "XOF", "XAF"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Digits after the decimal point of each currency's amounts (ISO 4217). */
export const MINOR_DIGITS: Record<Currency, number> = { EUR: 2, XOF: 0, XAF: 0 };

/** CFA franc amounts are charged in multiples of 5 francs (the mobile-money aggregators' rule). */
export const CFA_AMOUNT_STEP = 5;

/** Countries paying in XOF (UEMOA), as spelled in domain/countries.ts. */
export const XOF_COUNTRIES: readonly string[] = [
  "Bénin",
  "Burkina Faso",
  "Côte d’Ivoire",
  "Guinée-Bissau",
  "Mali",
  "Niger",
  "Sénégal",
  "Togo",
];

/** Countries paying in XAF (CEMAC), as spelled in domain/countries.ts. */
export const XAF_COUNTRIES: readonly string[] = [
  "Cameroun",
  "Congo",
  "Gabon",
  "Guinée équatoriale",
  "République centrafricaine",
  "Tchad",
];

export function isCurrency(value: unknown): value is Currency {
  return typeof value === "string" && (CURRENCIES as readonly string[]).includes(value);
}

/** The currency a member living in `country` is shown prices in first (they may switch). */
export function currencyForCountry(country: string | null | undefined): Currency {
  if (country && XOF_COUNTRIES.includes(country)) return "XOF";
  if (country && XAF_COUNTRIES.includes(country)) return "XAF";
  return "EUR";
}

/** Whether an amount in the currency's smallest unit can be charged: positive, whole, and for
 * the CFA francs a multiple of CFA_AMOUNT_STEP. */
export function isChargeableAmount(amount: number, currency: Currency): boolean {
  if (!Number.isSafeInteger(amount) || amount <= 0) return false;
  return currency === "EUR" || amount % CFA_AMOUNT_STEP === 0;
}

const euros = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" });
const francs = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 0 });

/**
 * 1999 EUR → « 19,99 € »; 6500 XOF or XAF → « 6 500 FCFA » (the name members use for both francs;
 * Intl would write « F CFA » for one and « FCFA » for the other). The spaces are no-break ones.
 */
export function formatMoney(amount: number, currency: Currency): string {
  if (currency === "EUR") return euros.format(amount / 10 ** MINOR_DIGITS.EUR);
  return `${francs.format(amount)}\u00a0FCFA`;
}
