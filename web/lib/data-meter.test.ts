import { afterEach, describe, expect, it } from "vitest";
import { addDataUsed, dataUsedThisMonth, flushDataUsed, formatDataAmount, monthOf } from "./data-meter.ts";

afterEach(() => window.localStorage.clear());

describe("data meter", () => {
  it("adds up a month’s bytes on the device and starts again with the next month", () => {
    const november = new Date(2026, 10, 29, 12);
    const december = new Date(2026, 11, 1, 8);
    expect(monthOf(november)).toBe("2026-11");
    addDataUsed(1_200_000);
    addDataUsed(-5);
    addDataUsed(300_000);
    flushDataUsed(november);
    expect(dataUsedThisMonth(november)).toBe(1_500_000);
    expect(JSON.parse(window.localStorage.getItem("passerelle.data-used") ?? "{}")).toEqual({
      month: "2026-11",
      bytes: 1_500_000,
    });
    expect(dataUsedThisMonth(december)).toBe(0);
    addDataUsed(10);
    flushDataUsed(december);
    expect(dataUsedThisMonth(december)).toBe(10);
  });

  it("says it in French, as phone plans count (1 Mo = 1,000,000 bytes)", () => {
    expect(formatDataAmount(0)).toBe("0 Ko");
    expect(formatDataAmount(820_400)).toBe("820 Ko");
    expect(formatDataAmount(1_440_000)).toBe("1,4 Mo");
    expect(formatDataAmount(12_345_678)).toBe("12 Mo");
    expect(formatDataAmount(1_234_567_890).replace(/\s/g, " ")).toBe("1 235 Mo");
  });
});
