const euros = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" });

/** 4797 → « 47,97 € » */
export function formatEuros(cents: number): string {
  return euros.format(cents / 100);
}
