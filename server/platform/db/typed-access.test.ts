// The database helpers every service goes through, on the real engines: inTransaction commits what
// its work wrote or, when the work throws, none of it; queryRows checks every row of hand-written
// SQL against its schema outside production (and what the shared column schemas expect is what each
// driver really returns), and returns the rows unchecked in production.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, describeEachEngine, type TestApp } from "../../test/harness.ts";
import { type Db, inTransaction, queryRows, RowShapeError } from "./client.ts";
import { dateText, int8, microsText, timestampText, uuid } from "./row-schemas.ts";
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

  it("commits the work’s writes and returns its result", async () => {
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

  it("rolls back a failed statement’s transaction, leaving the connection usable", async () => {
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
      (tx) =>
        queryRows(tx, z.strictObject({ transaction_isolation: z.string() }), sql`SHOW transaction_isolation`),
      { isolationLevel: "serializable" },
    );
    expect(level).toEqual([{ transaction_isolation: "serializable" }]);
  });
});

describeEachEngine("queryRows", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());
  const db = () => t.deps.database.db;

  it("returns the rows as the driver gives them, each matching the shared column schemas", async () => {
    const row = z.strictObject({
      id: uuid,
      at: timestampText,
      day: dateText,
      n: z.number().int(),
      big: int8,
      us: microsText,
      tags: z.array(z.string()),
      blob: z.instanceof(Uint8Array),
      doc: z.strictObject({ a: z.number() }),
      none: z.string().nullable(),
    });
    const rows = await queryRows(
      db(),
      row,
      sql`SELECT gen_random_uuid() AS id, now() AS at, current_date AS day, count(*)::int AS n,
          count(*) AS big, ((extract(epoch FROM now()) * 1000000)::bigint)::text AS us,
          ARRAY['Wolof', 'Français'] AS tags, '\\x0102'::bytea AS blob, json_build_object('a', 1) AS doc,
          NULL::text AS none
        FROM generate_series(1, 3)`,
    );
    expect(rows).toHaveLength(1);
    const [r] = rows;
    expect(r?.n).toBe(3);
    // int8: a number from PGlite, a string from node-postgres (the schema says both).
    expect(Number(r?.big)).toBe(3);
    expect(typeof r?.big).toBe(engine === "pglite" ? "number" : "string");
    // Raw timestamps are PostgreSQL's text, which new Date() reads.
    expect(Math.abs(new Date(r!.at).getTime() - Date.now())).toBeLessThan(60_000);
    expect([...r!.blob]).toEqual([1, 2]);
  });

  it("refuses, outside production, a row that does not have its schema’s shape", async () => {
    const query = sql`SELECT 1::int AS n, 'Awa'::text AS name`;
    // A column of another type than declared.
    await expect(queryRows(db(), z.strictObject({ n: z.string(), name: z.string() }), query)).rejects.toThrow(
      RowShapeError,
    );
    // A column the schema does not declare, and one it declares that the row lacks.
    await expect(queryRows(db(), z.strictObject({ n: z.number() }), query)).rejects.toThrow(
      /Row 0 does not match its schema[\s\S]*Query: SELECT 1::int AS n/,
    );
    await expect(
      queryRows(db(), z.strictObject({ n: z.number(), name: z.string(), city: z.string() }), query),
    ).rejects.toThrow(RowShapeError);
    // A count(*) left as int8 is not the number a schema of z.number() promises on node-postgres.
    const count = queryRows(db(), z.strictObject({ n: z.number() }), sql`SELECT count(*) AS n FROM "user"`);
    if (engine === "postgres") await expect(count).rejects.toThrow(RowShapeError);
    else await expect(count).resolves.toHaveLength(1);
  });

  it("takes no schema that transforms (rows are not parsed in production)", () => {
    const coerced = z.strictObject({ n: z.coerce.number() });
    const defaulted = z.strictObject({ n: z.number().default(0) });
    const transformed = z.strictObject({ n: z.string().transform(Number) });
    const query = sql`SELECT 1 AS n`;
    // Each would change the rows in tests and not in production: refused at compile time.
    // @ts-expect-error
    const a = () => queryRows(db(), coerced, query);
    // @ts-expect-error
    const b = () => queryRows(db(), defaulted, query);
    // @ts-expect-error
    const c = () => queryRows(db(), transformed, query);
    expect([a, b, c]).toHaveLength(3);
  });
});

it("returns the rows unchecked in production: nothing is parsed on the request path", async () => {
  // A process of its own, as production runs (CHECK_ROWS is read once, when client.ts loads).
  const client = new URL("./client.ts", import.meta.url).href;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      `import { sql } from "drizzle-orm";
      import { z } from "zod";
      import { openDatabase, queryRows } from ${JSON.stringify(client)};
      const database = await openDatabase({});
      try {
        const rows = await queryRows(database.db, z.strictObject({ n: z.string() }), sql\`SELECT 1::int AS n, 2 AS extra\`);
        process.stdout.write(JSON.stringify(rows));
      } finally {
        await database.close();
      }`,
    ],
    { env: { ...process.env, NODE_ENV: "production" } },
  );
  expect(JSON.parse(stdout)).toEqual([{ n: 1, extra: 2 }]);
});
