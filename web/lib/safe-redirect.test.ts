import { describe, expect, it } from "vitest";
import { loginUrlFor, safeRedirect } from "./safe-redirect.ts";

describe("safeRedirect", () => {
  it("keeps same-site paths", () => {
    expect(safeRedirect("/matches")).toBe("/matches");
    expect(safeRedirect("/messages?match=4#bas")).toBe("/messages?match=4#bas");
  });

  it("refuses anything that could leave the site", () => {
    for (const bad of [
      null,
      "",
      "matches",
      "//evil.example",
      "/\\evil.example",
      "https://evil.example",
      "/\u0000//x",
      // Normalised by the URL parser into « //evil.example/x » (security test, issue 33).
      "/.//evil.example/x",
      "/..//evil.example",
      "/%2F%2Fevil.example",
    ]) {
      expect(safeRedirect(bad)).toBe("/profile");
    }
  });

  it("builds the login URL", () => {
    expect(loginUrlFor("/search?page=2")).toBe("/login?redirect=%2Fsearch%3Fpage%3D2");
  });
});
