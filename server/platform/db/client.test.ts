import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { openDatabase, queryRows } from "./client.ts";
import { user } from "./schema/index.ts";

describe("embedded database", () => {
  it("persists in its data folder across restarts, and re-applying migrations is a no-op", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "passerelle-db-"));
    try {
      const first = await openDatabase({ dataDir: dir });
      await first.migrate();
      await first.db.insert(user).values({ id: "u1", name: "Awa", email: "awa@exemple.fr" });
      await first.close();

      const second = await openDatabase({ dataDir: dir });
      await second.migrate();
      const rows = await second.db.select().from(user);
      expect(rows.map((r) => r.email)).toEqual(["awa@exemple.fr"]);
      const [applied] = await queryRows(
        second.db,
        z.strictObject({ n: z.number() }),
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(applied?.n).toBeGreaterThanOrEqual(1);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
