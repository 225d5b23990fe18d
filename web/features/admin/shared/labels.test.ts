import { describe, expect, it } from "vitest";
import { formatAmount } from "./labels.ts";

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
