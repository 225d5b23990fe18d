// A deadlock or a serialization failure is run again by inTransaction (a few times), and one that
// outlasts the tries is a 503 with Retry-After, never a 500 (issue 33, reliability finding 1).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createServerDatabase, engines, type TestServerDatabase } from "../../test/harness.ts";
import { createBaseApp } from "../http/base-app.ts";
import { createLogger } from "../logger.ts";
import { loadConfig } from "../settings/config.ts";
import { type Database, inTransaction, openDatabase, queryRows } from "./client.ts";
import { isTransientConflict } from "./conflicts.ts";

describe("transient conflicts", () => {
  it("are deadlocks and serialization failures, however deep drizzle wraps them", () => {
    const wrapped = (code: string) =>
      new Error("query failed", { cause: Object.assign(new Error(code), { code }) });
    expect(isTransientConflict(wrapped("40P01"))).toBe(true);
    expect(isTransientConflict(wrapped("40001"))).toBe(true);
    expect(isTransientConflict(wrapped("23505"))).toBe(false);
    expect(isTransientConflict(new Error("autre chose"))).toBe(false);
  });

  it("that outlast their tries are answered 503 with Retry-After", async () => {
    const app = createBaseApp(loadConfig({}), createLogger("silent", false), null);
    app.get("/conflit", () => {
      throw new Error("query failed", {
        cause: Object.assign(new Error("deadlock detected"), { code: "40P01" }),
      });
    });
    const res = await app.request("/conflit");
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("SERVICE_UNAVAILABLE");
  });
});

// Two connections are needed to deadlock: the PostgreSQL server only (PGlite has one).
describe.runIf(engines().includes("postgres"))("inTransaction on the PostgreSQL server", () => {
  let scratch: TestServerDatabase;
  let database: Database;
  beforeAll(async () => {
    scratch = await createServerDatabase();
    database = await openDatabase({ url: scratch.url });
    await database.db.execute(sql`CREATE TABLE duel (id int PRIMARY KEY, n int NOT NULL)`);
    await database.db.execute(sql`INSERT INTO duel VALUES (1, 0), (2, 0)`);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("runs the deadlock’s victim again, and both transactions commit", async () => {
    const db = database.db;
    const tries = { a: 0, b: 0 };
    let holding = 0;
    let bothHold!: () => void;
    const bothHoldOne = new Promise<void>((resolve) => {
      bothHold = resolve;
    });
    // Each locks one row, waits until the other holds its own, then asks for the other's: a deadlock
    // PostgreSQL breaks by aborting one of them. Only the first tries wait.
    const duel = (name: "a" | "b", first: number, second: number) =>
      inTransaction(db, async (tx) => {
        tries[name]++;
        await tx.execute(sql`UPDATE duel SET n = n + 1 WHERE id = ${first}`);
        if (tries[name] === 1) {
          if (++holding === 2) bothHold();
          await bothHoldOne;
        }
        await tx.execute(sql`UPDATE duel SET n = n + 1 WHERE id = ${second}`);
      });
    await Promise.all([duel("a", 1, 2), duel("b", 2, 1)]);
    expect(tries.a + tries.b).toBe(3);
    const rows = await queryRows(
      db,
      z.strictObject({ n: z.number().int() }),
      sql`SELECT n FROM duel ORDER BY id`,
    );
    expect(rows.map((r) => r.n)).toEqual([2, 2]);
  });
});
