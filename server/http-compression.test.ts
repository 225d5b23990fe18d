// The API's answers are compressed (issue 39), except Better Auth's, which carry the session's token.
import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles } from "./platform/db/schema/app.ts";
import { createTestApp, describeOnEngine, type TestApp } from "./test/harness.ts";
import { signUpMember } from "./test/members.ts";

describeOnEngine("compressed API answers", (engine) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    const member = await signUpMember(t, "female");
    cookie = member.cookie;
    // A long presentation makes the profile's JSON larger than the 1 KB under which nothing is compressed.
    await t.deps.database.db
      .update(profiles)
      .set({ bio: "J’aime les voyages et la cuisine. ".repeat(40) })
      .where(eq(profiles.userId, member.userId));
  });
  afterAll(() => t.close());

  describe("a member’s JSON", () => {
    it("comes gzipped to a client that accepts it, and reads the same", async () => {
      const plain = await t.request("/api/profile", { cookie });
      const zipped = await t.request("/api/profile", { cookie, headers: { "accept-encoding": "gzip, br" } });
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(zipped.headers.get("content-encoding")).toBe("gzip");
      const body = gunzipSync(Buffer.from(await zipped.arrayBuffer()));
      const expected = await plain.text();
      expect(body.toString("utf8")).toBe(expected);
      expect(body.length).toBeGreaterThan(1024);
    });
  });

  it("leaves the session’s answers uncompressed", async () => {
    const res = await t.request("/api/auth/get-session", { cookie, headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(((await res.json()) as { user: { id: string } }).user.id).toBeTruthy();
  });
});
