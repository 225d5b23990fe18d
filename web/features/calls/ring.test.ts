import { CALL } from "@domain/calls.ts";
import { describe, expect, it } from "vitest";
import { ringMs } from "./call-store.ts";

describe("ringMs", () => {
  it("follows the server’s deadline, measured on its own clock", () => {
    expect(ringMs({ createdAt: "2026-11-29T10:00:00.000Z", ringExpiresAt: "2026-11-29T10:00:15.000Z" })).toBe(
      15_000,
    );
  });

  it("falls back to the product’s ring time when a time is unreadable or out of order", () => {
    const fallback = CALL.RING_SECONDS * 1000;
    expect(ringMs({ createdAt: "", ringExpiresAt: "2026-11-29T10:00:15.000Z" })).toBe(fallback);
    expect(ringMs({ createdAt: "2026-11-29T10:00:15.000Z", ringExpiresAt: "2026-11-29T10:00:00.000Z" })).toBe(
      fallback,
    );
  });
});
