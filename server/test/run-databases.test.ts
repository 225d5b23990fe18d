import pg from "pg";
import { describe, expect, it } from "vitest";
import { createScratchDatabase } from "../platform/db/scratch-database.ts";
import { dropRunDatabases, dropStaleRunDatabases, newRunPrefix, runStartOf } from "./run-databases.ts";

const DAY = 24 * 3600 * 1000;

async function existing(url: string, names: string[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname = ANY($1) ORDER BY datname",
      [names],
    );
    return rows.map((r) => r.datname);
  } finally {
    await client.end();
  }
}

describe("a test run’s database names", () => {
  it("carry the run’s start to the second", () => {
    const now = Date.UTC(2026, 10, 30, 17, 4, 5, 678);
    expect(runStartOf(`${newRunPrefix(now)}_0123456789ab`)).toBe(Date.UTC(2026, 10, 30, 17, 4, 5));
    expect(runStartOf("passerelle_test_0123456789ab")).toBeNull();
    expect(runStartOf("passerelle_template_0123456789ab")).toBeNull();
  });

  it("differ between two runs started in the same second", () => {
    const now = Date.now();
    const prefixes = new Set(Array.from({ length: 20 }, () => newRunPrefix(now)));
    expect(prefixes.size).toBeGreaterThan(1);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("a test run’s databases on the server", () => {
  const url = process.env.TEST_DATABASE_URL!;

  it("are dropped together at the run’s end, and only that run’s", async () => {
    const mine = newRunPrefix();
    const other = newRunPrefix();
    const a = await createScratchDatabase(url, mine);
    const b = await createScratchDatabase(url, mine);
    const theirs = await createScratchDatabase(url, other);
    try {
      expect(await dropRunDatabases(url, mine)).toBe(2);
      expect(await existing(url, [a.name, b.name, theirs.name])).toEqual([theirs.name]);
    } finally {
      await theirs.drop();
    }
  });

  it("left by a run killed more than a day ago are dropped; a run of today keeps its own", async () => {
    const stale = await createScratchDatabase(url, newRunPrefix(Date.now() - 2 * DAY));
    const recent = await createScratchDatabase(url, newRunPrefix(Date.now() - DAY / 24));
    try {
      expect(await dropStaleRunDatabases(url)).toBeGreaterThanOrEqual(1);
      expect(await existing(url, [stale.name, recent.name])).toEqual([recent.name]);
    } finally {
      await recent.drop();
    }
  });
});
