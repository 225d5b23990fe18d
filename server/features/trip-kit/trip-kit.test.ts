// The trip kit's page (issue 40): every country of our audience with its numbers, the member's own
// consular help, no script, the same words for a visitor without the consulates.
import { TRIP_KIT_COUNTRIES } from "@domain/trip-kit.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { signUpMember } from "../../test/members.ts";

describe("trip kit page", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite");
  });
  afterAll(() => t.close());
  const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

  it("lists the 14 countries with dialable numbers, and the member’s consulates", async () => {
    const her = await signUpMember(t, "female", { country: "Sénégal" });
    const res = await t.request("/kit-voyage", { cookie: her.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = plain(await res.text());
    expect(TRIP_KIT_COUNTRIES).toHaveLength(14);
    for (const c of TRIP_KIT_COUNTRIES) expect(html).toContain(`<h2>${plain(c.country)}</h2>`);
    expect(html).toContain('href="tel:17"');
    expect(html).toContain("l’ambassade ou du consulat du Sénégal");
    expect(html).not.toContain("<script");
    expect(Buffer.byteLength(html)).toBeLessThan(30_000);
  });

  it("opens without an account, without consulates", async () => {
    const html = plain(await (await t.app.request("/kit-voyage")).text());
    expect(html).toContain("Kit de voyage");
    expect(html).not.toContain("consulat du");
  });
});
