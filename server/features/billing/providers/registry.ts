// The enabled payment providers, in order of preference (Stripe, CinetPay, FedaPay, then the demo,
// which only takes what no real provider takes). A payment goes to the first provider that covers
// the member's choice: the method, the currency, and for mobile money the operator in the member's
// country of residence, in that country's own currency (an Orange Money Sénégal wallet pays XOF).
// By card, the country's CFA franc only once the country of residence has stayed the same for
// LOCAL_CARD_PRICES_AFTER_DAYS (issue 33, docs/decisions/0012).
import { CURRENCIES, type Currency, currencyForCountry } from "@domain/money.ts";
import {
  OPERATORS,
  type OperatorId,
  operatorsOf,
  type PaymentMethod,
  type PaymentMethodOption,
  type PaymentOptionsDto,
  type ProviderName,
} from "@domain/payments.ts";
import { type Plan, planCurrencies } from "@domain/subscriptions.ts";
import type { PaymentProvider } from "./provider.ts";

export interface PaymentChoice {
  method: PaymentMethod;
  currency: Currency;
  /** The member's country of residence. */
  country: string | null;
  operator: OperatorId | null;
  /**
   * When card payments in the country's own currency open for this member (localCardPricesFrom:
   * a recent change of country holds them back, issue 33); null when they are open.
   */
  localCardFrom: Date | null;
}

export class PaymentRegistry {
  constructor(readonly providers: readonly PaymentProvider[]) {}

  get(name: string): PaymentProvider | undefined {
    return this.providers.find((p) => p.name === name);
  }

  get names(): ProviderName[] {
    return this.providers.map((p) => p.name);
  }

  /**
   * The provider that takes this choice, or null when none does. A member pays in euros or in the
   * currency of the country they live in (a member in Sénégal in XOF, not in XAF).
   */
  route(choice: PaymentChoice): PaymentProvider | null {
    if (choice.currency !== "EUR" && choice.currency !== currencyForCountry(choice.country)) return null;
    if (choice.method === "card") {
      // A card is accepted from anywhere: its CFA prices wait until the country has stayed put.
      if (choice.currency !== "EUR" && choice.localCardFrom !== null) return null;
      return this.providers.find((p) => p.coverage.card?.currencies.includes(choice.currency)) ?? null;
    }
    const { country, operator, currency } = choice;
    if (!country || !operator || currencyForCountry(country) !== currency) return null;
    return (
      this.providers.find(
        (p) =>
          p.coverage.mobileMoney?.currencies.includes(currency) &&
          p.coverage.mobileMoney.operators[country]?.includes(operator),
      ) ?? null
    );
  }

  /**
   * What a member living in `country` may choose on /subscription, for these plans; `localCardFrom`
   * as in PaymentChoice.
   */
  options(country: string | null, plans: readonly Plan[], localCardFrom: Date | null): PaymentOptionsDto {
    const priced = planCurrencies(plans);
    const methods: PaymentMethodOption[] = [];
    const local = currencyForCountry(country);

    const cardRoutes = priced
      .map((currency) => ({
        currency,
        provider: this.route({ method: "card", currency, country, operator: null, localCardFrom }),
      }))
      .filter((r) => r.provider !== null);
    // Held back, not refused: said on the page, with the day they open.
    const heldBack =
      localCardFrom !== null &&
      local !== "EUR" &&
      priced.includes(local) &&
      this.route({ method: "card", currency: local, country, operator: null, localCardFrom: null }) !== null;
    if (cardRoutes.length > 0)
      methods.push({
        method: "card",
        currencies: cardRoutes.map((r) => r.currency),
        operators: [],
        demo: cardRoutes.every((r) => r.provider?.demo),
      });

    if (local !== "EUR" && priced.includes(local)) {
      const routes = operatorsOf(country)
        .map((operator) => ({
          operator,
          provider: this.route({ method: "mobile-money", currency: local, country, operator, localCardFrom }),
        }))
        .filter((r) => r.provider !== null);
      // Where mobile money is the way most people pay, it comes first.
      if (routes.length > 0)
        methods.unshift({
          method: "mobile-money",
          currencies: [local],
          operators: routes.map((r) => ({ id: r.operator, label: OPERATORS[r.operator] })),
          demo: routes.every((r) => r.provider?.demo),
        });
    }

    const offered = new Set(methods.flatMap((m) => m.currencies));
    const currencies = CURRENCIES.filter((c) => offered.has(c));
    const currency = currencies.includes(local)
      ? local
      : currencies.includes("EUR")
        ? "EUR"
        : (currencies[0] ?? "EUR");
    return {
      country,
      currency,
      currencies,
      methods,
      localCardPricesFrom: heldBack ? localCardFrom.toISOString() : null,
    };
  }
}
