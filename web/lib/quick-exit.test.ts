import { describe, expect, it } from "vitest";
import { QUICK_EXIT_WINDOW_MS, quickExitHandler } from "./quick-exit.ts";

describe("the quick exit", () => {
  const setup = () => {
    let clock = 1_000;
    let left = 0;
    const onKey = quickExitHandler(
      () => left++,
      () => clock,
    );
    return {
      press: (key: string, after = 0, repeat = false) => {
        clock += after;
        onKey({ key, repeat });
      },
      left: () => left,
    };
  };

  it("leaves on a second Échap within the window, once", () => {
    const k = setup();
    k.press("Escape");
    expect(k.left()).toBe(0);
    k.press("Escape", QUICK_EXIT_WINDOW_MS);
    expect(k.left()).toBe(1);
    // A third press starts again.
    k.press("Escape", 10);
    expect(k.left()).toBe(1);
  });

  it("does not leave on a slow second Échap, a held key or another key between", () => {
    const k = setup();
    k.press("Escape");
    k.press("Escape", QUICK_EXIT_WINDOW_MS + 1);
    expect(k.left()).toBe(0);
    k.press("Escape", 10, true);
    expect(k.left()).toBe(0);
    k.press("a", 10);
    expect(k.left()).toBe(0);
  });
});
