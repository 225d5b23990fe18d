import { type Currency, currencyForCountry } from "@domain/money.ts";
import { LOCAL_CARD_PRICES_AFTER_DAYS, type PaymentOptionsDto } from "@domain/payments.ts";
import { formatDate } from "@web/lib/format.ts";
import { isCfaFranc } from "@web/lib/money.ts";

/**
 * Why the member sees the prices they see (issue 33, docs/decisions/0012): the CFA franc prices
 * follow the country of residence, at once by mobile money (the wallet is tied to the zone) and,
 * by card, once the country has stayed the same for LOCAL_CARD_PRICES_AFTER_DAYS.
 */
export function PricesNote({
  options,
  currency,
  mobileMoney,
}: {
  options: PaymentOptionsDto;
  /** The currency the prices are shown in. */
  currency: Currency;
  /** Whether mobile money takes this currency here. */
  mobileMoney: boolean;
}) {
  const country = options.country;
  const local = currencyForCountry(country);
  let text: string | null = null;
  if (options.localCardPricesFrom && country)
    text = `Vous avez indiqué votre pays de résidence (${country}) il y a moins de ${LOCAL_CARD_PRICES_AFTER_DAYS} jours : les prix en francs CFA (FCFA) vous sont proposés dès maintenant en mobile money, dont le compte est lié à un opérateur de votre pays, et par carte à partir du ${formatDate(options.localCardPricesFrom)}. D’ici là, la carte se paie en euros.`;
  else if (isCfaFranc(currency))
    text = mobileMoney
      ? `Prix en francs CFA (FCFA), la monnaie de votre pays de résidence${country ? ` (${country})` : ""} : avec le mobile money, c’est ce montant en FCFA qui est débité de votre compte.`
      : `Prix en francs CFA (FCFA), la monnaie de votre pays de résidence${country ? ` (${country})` : ""}.`;
  else if (local === "EUR")
    text =
      "Prix en euros : les prix en francs CFA (FCFA) sont réservés aux membres qui résident dans un pays de la zone franc CFA, selon le pays indiqué sur leur profil.";
  return text ? <p className="text-sm text-ink-soft">{text}</p> : null;
}
