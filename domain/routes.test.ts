import { describe, expect, it } from "vitest";
import { isSpaRoute } from "./routes.ts";

describe("isSpaRoute", () => {
  it("knows the app’s pages, with their parameters and a trailing slash", () => {
    for (const p of ["/", "/search", "/search/", "/admin/users/u_123", "/subscription/success", "/admin"]) {
      expect(isSpaRoute(p), p).toBe(true);
    }
  });

  it("refuses everything else", () => {
    for (const p of [
      "/nulle-part",
      "/search/x",
      "/admin/users/a/b",
      "/admin/inconnu",
      "/profile/edit",
      "/api",
    ]) {
      expect(isSpaRoute(p), p).toBe(false);
    }
  });
});
