// The database helpers every service goes through, on the real engines: inTransaction commits what
// its work wrote or, when the work throws, none of it.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, describeEachEngine, type TestApp } from "../test/harness.ts";
import { type Db, inTransaction, queryRows } from "./client.ts";
import { user } from "./schema/index.ts";

describeEachEngine("inTransaction", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());
  const db = () => t.deps.database.db;
  const names = async (id: string) =>
    (await db().select({ name: user.name }).from(user).where(eq(user.id, id))).map((r) => r.name);
  const insertUser = (tx: Db, id: string) =>
    tx.insert(user).values({ id, name: "Awa", email: `${id}@exemple.fr` });

  it("commits the work's writes and returns its result", async () => {
    const result = await inTransaction(db(), async (tx) => {
      await insertUser(tx, "tx-commit");
      // The transaction sees its own write before the commit.
      return (await tx.select().from(user).where(eq(user.id, "tx-commit"))).length;
    });
    expect(result).toBe(1);
    expect(await names("tx-commit")).toEqual(["Awa"]);
  });

  it("rolls every write back when the work throws, and rethrows its error", async () => {
    const failure = new Error("refused halfway");
    await expect(
      inTransaction(db(), async (tx) => {
        await insertUser(tx, "tx-rollback");
        await tx.update(user).set({ name: "Kofi" }).where(eq(user.id, "tx-rollback"));
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await names("tx-rollback")).toEqual([]);
  });

  it("rolls back a failed statement's transaction, leaving the connection usable", async () => {
    await insertUser(db(), "tx-taken");
    await expect(
      inTransaction(db(), async (tx) => {
        await insertUser(tx, "tx-before-conflict");
        await insertUser(tx, "tx-taken");
      }),
    ).rejects.toThrow();
    expect(await names("tx-before-conflict")).toEqual([]);
    expect(await names("tx-taken")).toEqual(["Awa"]);
  });

  it("passes the isolation level on", async () => {
    const level = await inTransaction(
      db(),
      (tx) => queryRows<{ transaction_isolation: string }>(tx, sql`SHOW transaction_isolation`),
      { isolationLevel: "serializable" },
    );
    expect(level).toEqual([{ transaction_isolation: "serializable" }]);
  });
});
