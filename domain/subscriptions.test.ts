import { describe, expect, it } from "vitest";
import { addMonths, DEFAULT_PLANS, gateRedirect, monthlyCents, savingPercent } from "./subscriptions.ts";

describe("plans", () => {
  it("shows the price per month and the saving against the monthly plan", () => {
    expect(DEFAULT_PLANS.map(monthlyCents)).toEqual([1999, 1599, 1299]);
    expect(DEFAULT_PLANS.map((p) => savingPercent(p, DEFAULT_PLANS))).toEqual([0, 20, 35]);
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
