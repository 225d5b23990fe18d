import { describe, expect, it } from "vitest";
import { CHUNK_RELOAD_WINDOW_MS, isChunkLoadError, shouldReloadForChunk } from "./chunk-reload.ts";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

describe("reloading once for a page’s code that did not load", () => {
  it("knows Chromium’s and Safari’s failed imports, and nothing else", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/a.js"))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError("dynamically imported module")).toBe(false);
  });

  it("reloads once, then not again within the window, then again after it", () => {
    const storage = memoryStorage();
    const t0 = 1_000_000;
    expect(shouldReloadForChunk(storage, t0)).toBe(true);
    expect(shouldReloadForChunk(storage, t0 + 1_000)).toBe(false);
    expect(shouldReloadForChunk(storage, t0 + CHUNK_RELOAD_WINDOW_MS - 1)).toBe(false);
    expect(shouldReloadForChunk(storage, t0 + CHUNK_RELOAD_WINDOW_MS + 1)).toBe(true);
  });

  it("never reloads without storage, where a loop could not be stopped", () => {
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(shouldReloadForChunk(broken, 5)).toBe(false);
  });
});
