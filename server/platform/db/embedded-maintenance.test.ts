// The embedded database's own VACUUM and ANALYZE: PGlite never runs autovacuum.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { signUpMember } from "../../test/members.ts";
import { maintainEmbeddedDatabase } from "./embedded-maintenance.ts";

describe("embedded database maintenance", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite");
  });
  afterAll(() => t.close());

  const stats = async () => {
    const { rows } = await t.deps.database.executeSql(
      "SELECT reltuples::int AS tuples, relallvisible AS visible FROM pg_class WHERE relname = 'profiles'",
    );
    return rows[0] as { tuples: number; visible: number };
  };

  it("gives every table its statistics and visibility map, one statement per table", async () => {
    for (let i = 0; i < 6; i++) await signUpMember(t, i % 2 ? "male" : "female");
    // Nothing did it by itself: PGlite has no autovacuum worker.
    expect((await stats()).visible).toBe(0);
    const report = await maintainEmbeddedDatabase(t.deps.database);
    expect(report.tables).toBeGreaterThan(20);
    expect(report.longest?.table).toMatch(/^(VACUUM|ANALYZE) (public|pgboss)\./);
    const after = await stats();
    expect(after.tuples).toBe(6);
    expect(after.visible).toBeGreaterThan(0);
  });
});
