import { describe, expect, it } from "vitest";
import { ALL_COUNTRIES } from "./countries.ts";
import {
  currencyForCountry,
  formatMoney,
  isChargeableAmount,
  isCurrency,
  XAF_COUNTRIES,
  XOF_COUNTRIES,
} from "./money.ts";

const NBSP = "\u00a0";
const NNBSP = "\u202f";

describe("formatMoney", () => {
  it("writes euros with a decimal comma and CFA francs as whole « FCFA », with no-break spaces", () => {
    expect(formatMoney(1999, "EUR")).toBe(`19,99${NBSP}€`);
    expect(formatMoney(4797, "EUR")).toBe(`47,97${NBSP}€`);
    expect(formatMoney(123456, "EUR")).toBe(`1${NNBSP}234,56${NBSP}€`);
    expect(formatMoney(6500, "XOF")).toBe(`6${NNBSP}500${NBSP}FCFA`);
    expect(formatMoney(6500, "XAF")).toBe(`6${NNBSP}500${NBSP}FCFA`);
    expect(formatMoney(1_000_000, "XOF")).toBe(`1${NNBSP}000${NNBSP}000${NBSP}FCFA`);
    expect(formatMoney(995, "XOF")).toBe(`995${NBSP}FCFA`);
  });
});

describe("currencyForCountry", () => {
  it("gives the UEMOA countries XOF, the CEMAC countries XAF, everyone else the euro", () => {
    expect(currencyForCountry("Sénégal")).toBe("XOF");
    expect(currencyForCountry("Côte d’Ivoire")).toBe("XOF");
    expect(currencyForCountry("Cameroun")).toBe("XAF");
    expect(currencyForCountry("Gabon")).toBe("XAF");
    expect(currencyForCountry("France")).toBe("EUR");
    // Francophone Africa outside the two CFA zones pays in euros here (no local currency offered).
    expect(currencyForCountry("Guinée")).toBe("EUR");
    expect(currencyForCountry("République démocratique du Congo")).toBe("EUR");
    expect(currencyForCountry("")).toBe("EUR");
    expect(currencyForCountry(null)).toBe("EUR");
  });

  it("names the CFA countries as the profile’s country list spells them", () => {
    const known = new Set<string>(ALL_COUNTRIES);
    const unknown = [...XOF_COUNTRIES, ...XAF_COUNTRIES].filter((c) => !known.has(c));
    expect(unknown).toEqual([]);
  });
});

describe("isChargeableAmount", () => {
  it("takes positive whole amounts, in multiples of 5 francs for the CFA francs", () => {
    expect(isChargeableAmount(1999, "EUR")).toBe(true);
    expect(isChargeableAmount(6500, "XOF")).toBe(true);
    expect(isChargeableAmount(6505, "XAF")).toBe(true);
    expect(isChargeableAmount(6501, "XOF")).toBe(false);
    expect(isChargeableAmount(0, "EUR")).toBe(false);
    expect(isChargeableAmount(-5, "XOF")).toBe(false);
    expect(isChargeableAmount(19.99, "EUR")).toBe(false);
    expect(isChargeableAmount(Number.NaN, "EUR")).toBe(false);
    expect(isChargeableAmount(2 ** 60, "XOF")).toBe(false);
  });

  it("knows the three currencies and nothing else", () => {
    expect(["EUR", "XOF", "XAF"].every(isCurrency)).toBe(true);
    expect(["eur", "USD", "", null, 5].some(isCurrency)).toBe(false);
  });
});
