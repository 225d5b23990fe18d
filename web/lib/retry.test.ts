import { describe, expect, it } from "vitest";
import { ApiError } from "./api.ts";
import { isTransient, withRetries } from "./retry.ts";

const refused = new ApiError(429, "MESSAGE_RATE_LIMITED", "Trop rapide");
const offline = new ApiError(0, "NETWORK_ERROR", "Hors ligne");
const failed = new ApiError(503, "SERVICE_UNAVAILABLE", "Indisponible");

describe("withRetries", () => {
  it("tries again after a lost connection or a server failure, never after a refusal", () => {
    expect([offline, failed, new ApiError(408, "UNEXPECTED_ERROR", "")].every(isTransient)).toBe(true);
    expect([refused, new Error("x"), null].some(isTransient)).toBe(false);
  });

  it("waits 1, 2, 4 then 8 seconds between tries and gives up with the last error", async () => {
    const waits: number[] = [];
    let tries = 0;
    const send = async () => {
      tries++;
      throw offline;
    };
    await expect(withRetries(send, undefined, async (ms) => void waits.push(ms))).rejects.toBe(offline);
    expect(tries).toBe(5);
    expect(waits).toEqual([1000, 2000, 4000, 8000]);
  });

  it("returns the first success and stops at a refusal", async () => {
    const answers = [failed, offline, "ok"];
    const next = async () => {
      const a = answers.shift();
      if (a instanceof Error) throw a;
      return a;
    };
    expect(await withRetries(next, undefined, async () => undefined)).toBe("ok");
    let tries = 0;
    const refuse = async () => {
      tries++;
      throw refused;
    };
    await expect(withRetries(refuse, undefined, async () => undefined)).rejects.toBe(refused);
    expect(tries).toBe(1);
  });
});
