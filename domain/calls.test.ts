import { describe, expect, it } from "vitest";
import { callDurationLabel, callEntryLabel } from "./calls.ts";

describe("a call’s entry in the conversation", () => {
  it("says how long an answered call lasted", () => {
    expect(callDurationLabel(42_400)).toBe("42\u00a0s");
    expect(callDurationLabel(3 * 60_000 + 20_000)).toBe("3\u00a0min");
    expect(callDurationLabel(65 * 60_000)).toBe("1\u00a0h\u00a005");
    expect(callEntryLabel({ outcome: "ended", video: true, durationMs: 12 * 60_000 }, true)).toBe(
      "Appel vidéo · 12\u00a0min",
    );
    expect(callEntryLabel({ outcome: "ended", video: false, durationMs: null }, false)).toBe("Appel vocal");
  });

  it("never tells the caller that a call was declined", () => {
    const declined = { outcome: "declined", video: false, durationMs: null } as const;
    expect(callEntryLabel(declined, false)).toBe("Appel vocal refusé");
    expect(callEntryLabel(declined, true)).toBe("Appel vocal sans réponse");
    const missed = { outcome: "missed", video: true, durationMs: null } as const;
    expect(callEntryLabel(missed, true)).toBe("Appel vidéo sans réponse");
    expect(callEntryLabel(missed, false)).toBe("Appel vidéo manqué");
    expect(callEntryLabel({ ...missed, outcome: "cancelled" }, false)).toBe("Appel vidéo manqué");
    expect(callEntryLabel({ ...missed, outcome: "failed" }, false)).toBe("Appel vidéo interrompu");
  });
});
