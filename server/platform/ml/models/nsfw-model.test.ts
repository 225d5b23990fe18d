import { describe, expect, it } from "vitest";
import { NSFW_INPUT } from "../protocol.ts";
import { require } from "../tfjs.ts";
import { NsfwModel } from "./nsfw-model.ts";

describe("the nudity model", () => {
  it("loads from the weights the package bundles, keeps no copy of them, and scores an image", async () => {
    const model = await NsfwModel.load();
    // Handed over through nsfwjs's global, then dropped with its module: only the model keeps them.
    expect(Object.hasOwn(globalThis, "group1_shard1of1")).toBe(false);
    expect(Object.keys(require.cache).filter((f) => f.includes("group1-shard"))).toEqual([]);
    const grey = new Uint8Array(NSFW_INPUT * NSFW_INPUT * 3).fill(128);
    const scores = await model.classify(grey);
    for (const p of [scores.explicit, scores.suggestive]) {
      expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThanOrEqual(1);
    }
    // A flat grey square is nothing explicit.
    expect(scores.explicit).toBeLessThan(0.5);
  });
});
