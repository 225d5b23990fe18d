import { describe, expect, it } from "vitest";
import { formatAmount, paymentLabel, paymentMeansLabel } from "./labels.ts";

describe("formatAmount", () => {
  it("shows the stored currencies the French way, whatever their case", () => {
    expect(formatAmount(4797, "eur")).toBe("47,97\u00a0€");
    expect(formatAmount(6500, "XOF")).toBe("6\u202f500\u00a0FCFA");
    expect(formatAmount(13000, "xaf")).toBe("13\u202f000\u00a0FCFA");
  });

  it("still shows an amount in a currency it has no rule for", () => {
    expect(formatAmount(1050, "usd")).toBe("10,50\u00a0$US");
  });
});

describe("paymentLabel", () => {
  it("names the operator for mobile money, the card otherwise, then the provider", () => {
    expect(paymentLabel({ provider: "cinetpay", method: "mobile-money", operator: "wave" })).toBe(
      "Wave · CinetPay",
    );
    expect(paymentLabel({ provider: "fedapay", method: "mobile-money", operator: null })).toBe(
      "Mobile money · FedaPay",
    );
    expect(paymentLabel({ provider: "stripe", method: "card", operator: null })).toBe(
      "Carte bancaire · Stripe",
    );
    expect(paymentLabel({ provider: "demo", method: "card", operator: null })).toBe(
      "Carte bancaire · Démonstration",
    );
  });

  it("says a subscription was granted, and names the provider alone when the method is unknown", () => {
    expect(paymentLabel({ provider: "admin", method: null, operator: null })).toBe("Offert par l’équipe");
    expect(paymentLabel({ provider: "stripe", method: null, operator: null })).toBe("Stripe");
    expect(paymentMeansLabel(null, null)).toBeNull();
  });
});
