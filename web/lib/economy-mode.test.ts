import { afterEach, describe, expect, it } from "vitest";
import { browserAsksForEconomy, economyActive, economySetting, setEconomySetting } from "./economy-mode.ts";

afterEach(() => setEconomySetting("auto"));

describe("economy mode", () => {
  it("follows the browser’s data saver and slow connections when automatic", () => {
    expect(browserAsksForEconomy(undefined)).toBe(false);
    expect(
      browserAsksForEconomy(Object.assign(new EventTarget(), { saveData: true, effectiveType: "4g" })),
    ).toBe(true);
    for (const effectiveType of ["slow-2g", "2g", "3g"])
      expect(
        browserAsksForEconomy(Object.assign(new EventTarget(), { saveData: false, effectiveType })),
      ).toBe(true);
    expect(
      browserAsksForEconomy(Object.assign(new EventTarget(), { saveData: false, effectiveType: "4g" })),
    ).toBe(false);
  });

  it("keeps the member’s choice on the device, « Automatique » by default", () => {
    expect(economySetting()).toBe("auto");
    // jsdom has no Network Information API: automatic means off here.
    expect(economyActive()).toBe(false);
    setEconomySetting("on");
    expect(economySetting()).toBe("on");
    expect(economyActive()).toBe(true);
    setEconomySetting("off");
    expect(economyActive()).toBe(false);
    setEconomySetting("auto");
    expect(window.localStorage.getItem("passerelle.economy")).toBeNull();
  });
});
