import { describe, expect, it } from "vitest";
import {
  addMonths,
  DEFAULT_PLANS,
  gateRedirect,
  monthlyPrice,
  planCurrencies,
  savingPercent,
} from "./subscriptions.ts";

describe("plans", () => {
  it("shows the price per month and the saving against the monthly plan", () => {
    expect(DEFAULT_PLANS.map((p) => monthlyPrice(p))).toEqual([1999, 1599, 1299]);
    expect(DEFAULT_PLANS.map((p) => savingPercent(p, DEFAULT_PLANS))).toEqual([0, 20, 35]);
  });

  it("prices every plan in whole CFA francs, multiples of 5, with its own saving", () => {
    expect(planCurrencies(DEFAULT_PLANS)).toEqual(["EUR", "XOF", "XAF"]);
    expect(DEFAULT_PLANS.map((p) => monthlyPrice(p, "XOF"))).toEqual([6500, 5000, 4000]);
    expect(DEFAULT_PLANS.map((p) => savingPercent(p, DEFAULT_PLANS, "XAF"))).toEqual([0, 23, 38]);
    for (const p of DEFAULT_PLANS) for (const c of ["XOF", "XAF"] as const) expect(p.prices[c]! % 5).toBe(0);
  });

  it("offers only the currencies every plan is priced in", () => {
    const plans = [DEFAULT_PLANS[0]!, { ...DEFAULT_PLANS[1]!, prices: { EUR: 4797, XOF: 15000 } }];
    expect(planCurrencies(plans)).toEqual(["EUR", "XOF"]);
  });

  it.each([
    ["2026-01-31T10:00:00Z", 1, "2026-02-28T10:00:00.000Z"],
    ["2028-01-31T10:00:00Z", 1, "2028-02-29T10:00:00.000Z"],
    ["2026-11-22T08:30:00Z", 3, "2027-02-22T08:30:00.000Z"],
    ["2026-08-31T00:00:00Z", 6, "2027-02-28T00:00:00.000Z"],
  ])("adds calendar months: %s + %i", (from, months, expected) => {
    expect(addMonths(new Date(from), months).toISOString()).toBe(expected);
  });
});

describe("access gate (SPEC §2)", () => {
  it.each(["/search", "/matches", "/messages?match=x", "/search?ageMin=30"])(
    "sends trial and expired members from %s to /subscription with the origin",
    (path) => {
      for (const status of ["trial", "expired"] as const)
        expect(gateRedirect(status, path)).toBe(`/subscription?from=${encodeURIComponent(path)}`);
      expect(gateRedirect("subscribed", path)).toBeNull();
    },
  );

  it.each([
    "/",
    "/login",
    "/signup",
    "/subscription",
    "/profile",
    "/onboarding",
    "/email-confirmed?error=TOKEN_EXPIRED",
    "/subscription/success?checkout=1",
    "/privacy-policy",
    "/admin/login",
  ])("lets everyone open %s", (path) => {
    expect(gateRedirect("trial", path)).toBeNull();
  });
});
