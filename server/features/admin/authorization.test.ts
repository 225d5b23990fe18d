// Every /api/admin endpoint, taken from the app's own route table (so a new one cannot be
// forgotten), refuses anonymous visitors (401) and members (403), and writes nothing for them.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "../../platform/db/client.ts";
import { createTestApp, describeOnEngine, type TestApp } from "../../test/harness.ts";
import { signUpMember } from "../../test/members.ts";

/** Open by design: signing in and out. */
const PUBLIC = new Set(["POST /api/admin/login", "POST /api/admin/login/verify", "POST /api/admin/logout"]);

describeOnEngine("admin authorization", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const adminRoutes = () => {
    const seen = new Set<string>();
    return t.app.routes
      .filter((r) => r.path.startsWith("/api/admin/") && r.method !== "ALL")
      .map((r) => ({ method: r.method, path: r.path }))
      .filter((r) => {
        const key = `${r.method} ${r.path}`;
        if (seen.has(key) || PUBLIC.has(key)) return false;
        seen.add(key);
        return true;
      });
  };

  it("covers the whole administration API", () => {
    const keys = adminRoutes().map((r) => `${r.method} ${r.path}`);
    expect(keys.length).toBeGreaterThanOrEqual(20);
    expect(keys).toContain("DELETE /api/admin/users/:id");
    expect(keys).toContain("POST /api/admin/import");
    expect(keys).toContain("GET /api/admin/payments");
    // The review of uncertain verifications (the selfie is biometric data, ADR 0013) and of held photos.
    expect(keys).toEqual(
      expect.arrayContaining([
        "GET /api/admin/verifications",
        "GET /api/admin/verifications/:id/selfie",
        "POST /api/admin/verifications/:id/approve",
        "POST /api/admin/verifications/:id/refuse",
        "GET /api/admin/photo-reviews",
        "POST /api/admin/photo-reviews/:id/approve",
        "POST /api/admin/photo-reviews/:id/remove",
        "POST /api/admin/photo-reviews/:id/ban",
      ]),
    );
  });

  it("answers 401 to anonymous visitors and 403 to members on every endpoint, writing nothing", async () => {
    const member = await signUpMember(t, "female");
    const victim = await signUpMember(t, "male");
    const counts = async () =>
      (
        await queryRows(
          t.deps.database.db,
          z.strictObject({ n: z.string() }),
          sql`SELECT (SELECT count(*) FROM "user") || '/' || (SELECT count(*) FROM profiles) || '/' ||
            (SELECT count(*) FROM subscriptions) || '/' || (SELECT count(*) FROM admin_audit) || '/' ||
            (SELECT count(*) FILTER (WHERE banned) FROM "user") AS n`,
        )
      )[0]?.n;
    const before = await counts();
    for (const { method, path } of adminRoutes()) {
      const url = path
        .replace(":id", "00000000-0000-4000-8000-000000000000")
        .replace(":userId", victim.userId);
      const body =
        method === "GET"
          ? undefined
          : {
              reason: "test",
              role: "admin",
              confirmEmail: "x",
              months: 1,
              userId: victim.userId,
              json: "[]",
            };
      const anonymous = await t.request(url, { method, json: body });
      expect(anonymous.status, `anonymous ${method} ${path}`).toBe(401);
      const asMember = await t.request(url, { method, cookie: member.cookie, json: body });
      expect(asMember.status, `member ${method} ${path}`).toBe(403);
    }
    expect(await counts()).toBe(before);
  });

  it("refuses the payments list before reading its filters: no member data, not even a validation error", async () => {
    const member = await signUpMember(t, "female");
    for (const query of [
      "",
      "?status=paid&currency=XOF",
      `?q=${encodeURIComponent(member.email)}`,
      "?status=inconnu",
    ]) {
      const anonymous = await t.request(`/api/admin/payments${query}`);
      expect(anonymous.status, `anonymous ${query}`).toBe(401);
      const asMember = await t.request(`/api/admin/payments${query}`, { cookie: member.cookie });
      expect(asMember.status, `member ${query}`).toBe(403);
      expect(JSON.stringify(await asMember.json())).not.toContain(member.email);
    }
  });
});
