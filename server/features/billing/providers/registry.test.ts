// Which provider takes a member's choice, and what /subscription offers, from the enabled providers.
import { DEFAULT_PLANS } from "@domain/subscriptions.ts";
import { describe, expect, it } from "vitest";
import { demoProvider } from "./demo.ts";
import type { PaymentProvider } from "./provider.ts";
import { PaymentRegistry } from "./registry.ts";

const fake = (name: PaymentProvider["name"], coverage: PaymentProvider["coverage"]): PaymentProvider => ({
  name,
  demo: false,
  coverage,
  createCheckout: () => Promise.reject(new Error("not in this test")),
});
const stripe = fake("stripe", { card: { currencies: ["EUR", "XOF", "XAF"] } });
const cinetpay = fake("cinetpay", {
  mobileMoney: {
    currencies: ["XOF", "XAF"],
    operators: { Sénégal: ["orange-money", "wave"], Cameroun: ["mtn-momo"] },
  },
});
const fedapay = fake("fedapay", {
  mobileMoney: { currencies: ["XOF"], operators: { Sénégal: ["wave"], Bénin: ["mtn-momo"] } },
});

describe("PaymentRegistry", () => {
  const registry = new PaymentRegistry([stripe, fedapay, cinetpay, demoProvider]);

  it("routes a choice to the first provider covering method, currency, country and operator", () => {
    const route = (
      method: "card" | "mobile-money",
      currency: "EUR" | "XOF" | "XAF",
      country: string,
      operator: string | null,
    ) =>
      registry.route({ method, currency, country, operator: operator as never, localCardFrom: null })?.name ??
      null;
    expect(route("card", "EUR", "France", null)).toBe("stripe");
    expect(route("card", "XOF", "Sénégal", null)).toBe("stripe");
    // Euros, or the currency of the country the member lives in.
    expect(route("card", "XAF", "Sénégal", null)).toBeNull();
    expect(route("card", "XOF", "France", null)).toBeNull();
    expect(route("mobile-money", "XOF", "Sénégal", "wave")).toBe("fedapay");
    expect(route("mobile-money", "XOF", "Sénégal", "orange-money")).toBe("cinetpay");
    expect(route("mobile-money", "XAF", "Cameroun", "mtn-momo")).toBe("cinetpay");
    // What no real provider takes falls to the demo; what does not exist goes nowhere.
    expect(route("mobile-money", "XOF", "Mali", "moov-money")).toBe("demo");
    expect(route("mobile-money", "XOF", "Cameroun", "mtn-momo")).toBeNull();
    expect(route("mobile-money", "EUR", "Sénégal", "wave")).toBeNull();
    expect(route("mobile-money", "XOF", "France", "wave")).toBeNull();
    expect(route("mobile-money", "XOF", "Sénégal", null)).toBeNull();
  });

  it("offers cards in every priced currency and the country’s operators in its own currency", () => {
    const senegal = registry.options("Sénégal", DEFAULT_PLANS, null);
    expect(senegal.currency).toBe("XOF");
    expect(senegal.currencies).toEqual(["EUR", "XOF"]);
    expect(senegal.methods).toEqual([
      {
        method: "mobile-money",
        currencies: ["XOF"],
        operators: [
          { id: "orange-money", label: "Orange Money" },
          { id: "wave", label: "Wave" },
          { id: "free-money", label: "Free Money" },
        ],
        // Free Money is taken by the demo only: not every operator is real here.
        demo: false,
      },
      { method: "card", currencies: ["EUR", "XOF"], operators: [], demo: false },
    ]);
    const france = registry.options("France", DEFAULT_PLANS, null);
    expect(france.currency).toBe("EUR");
    expect(france.methods.map((m) => m.method)).toEqual(["card"]);
    expect(registry.options(null, DEFAULT_PLANS, null).currency).toBe("EUR");
  });

  it("offers nothing without providers, and only the currencies plans are priced in", () => {
    expect(new PaymentRegistry([]).options("Sénégal", DEFAULT_PLANS, null)).toEqual({
      country: "Sénégal",
      currency: "EUR",
      currencies: [],
      methods: [],
      localCardPricesFrom: null,
    });
    const euroOnly = [{ id: "1-mois", label: "1 mois", months: 1, prices: { EUR: 1999 } }];
    const options = new PaymentRegistry([demoProvider]).options("Sénégal", euroOnly, null);
    expect(options).toMatchObject({ currency: "EUR", currencies: ["EUR"] });
    expect(options.methods.map((m) => [m.method, m.demo])).toEqual([["card", true]]);
  });

  it("holds card prices in the country’s CFA franc back after a change of country, not mobile money’s (issue 33)", () => {
    const from = new Date(Date.now() + 10 * 86_400_000);
    const route = (method: "card" | "mobile-money", currency: "EUR" | "XOF", operator: string | null) =>
      registry.route({
        method,
        currency,
        country: "Sénégal",
        operator: operator as never,
        localCardFrom: from,
      })?.name ?? null;
    expect(route("card", "XOF", null)).toBeNull();
    expect(route("card", "EUR", null)).toBe("stripe");
    expect(route("mobile-money", "XOF", "wave")).toBe("fedapay");

    const recent = registry.options("Sénégal", DEFAULT_PLANS, from);
    expect(recent).toMatchObject({
      currency: "XOF",
      currencies: ["EUR", "XOF"],
      localCardPricesFrom: from.toISOString(),
    });
    expect(recent.methods.map((m) => [m.method, m.currencies])).toEqual([
      ["mobile-money", ["XOF"]],
      ["card", ["EUR"]],
    ]);
    // Nothing is held back where there are no CFA prices: France, or plans priced in euros only.
    expect(registry.options("France", DEFAULT_PLANS, from).localCardPricesFrom).toBeNull();
    const euroOnly = [{ id: "1-mois", label: "1 mois", months: 1, prices: { EUR: 1999 } }];
    expect(registry.options("Sénégal", euroOnly, from).localCardPricesFrom).toBeNull();
  });
});
