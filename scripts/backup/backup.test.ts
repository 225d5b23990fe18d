// A backup restored elsewhere holds the same data: rows and photo files, on the embedded database
// and (with TEST_DATABASE_URL) on a PostgreSQL server through pg_dump / pg_restore.
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { z } from "zod";
import { type Database, openDatabase, queryRows } from "../../server/db/client.ts";
import { DataDirLockedError } from "../../server/db/data-lock.ts";
import { createServerDatabase } from "../../server/test/harness.ts";
import { insertMember } from "../../server/test/members.ts";
import { backup, restore } from "./backup.ts";

const dirs: string[] = [];
async function tempDir(prefix: string) {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

/** Everything the check compares: members with their profile fields, in a stable order. */
async function snapshot(db: Database) {
  return queryRows(
    db.db,
    z.strictObject({ id: z.string(), email: z.string(), first_name: z.string(), country: z.string() }),
    sql`SELECT u.id, u.email, p.first_name, p.country FROM "user" u JOIN profiles p ON p.user_id = u.id ORDER BY u.id`,
  );
}

async function writePhotos(dataDir: string) {
  const dir = path.join(dataDir, "storage", "profiles", "photos", "thumbs");
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, "..", "membre1.jpg"), Buffer.from([0xff, 0xd8, 1, 2, 3]));
  await writeFile(path.join(dir, "membre1.jpg"), Buffer.from([0xff, 0xd8, 4, 5]));
}

async function photoFiles(dataDir: string) {
  const root = path.join(dataDir, "storage");
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  return Object.fromEntries(
    await Promise.all(
      files.sort().map(async (f) => [path.relative(root, f), (await readFile(f)).toString("hex")]),
    ),
  );
}

describe("backup and restore, embedded database", () => {
  it("restores the same rows and photos into another data folder", async () => {
    const source = await tempDir("passerelle-backup-src-");
    // A copy of the run's migrated data folder (server/test/global-setup.ts).
    await cp(inject("pgliteDataDir"), path.join(source, "db"), { recursive: true });
    const db = await openDatabase({ dataDir: path.join(source, "db") });
    await db.migrate();
    for (const gender of ["female", "male", "female"] as const) {
      await insertMember(db.db, gender, { country: "Sénégal" });
    }
    const before = await snapshot(db);

    // While the app (here: this handle) holds the folder, a backup is refused.
    const refused = path.join(await tempDir("passerelle-backup-"), "b0");
    await expect(backup({ dataDir: source }, refused)).rejects.toThrow(DataDirLockedError);
    expect(existsSync(refused), "no half-written backup folder").toBe(false);
    await db.close();
    await writePhotos(source);

    const out = path.join(await tempDir("passerelle-backup-"), "b1");
    const manifest = await backup({ dataDir: source }, out);
    expect(manifest).toMatchObject({ engine: "pglite", database: "database.tar.gz", storageFiles: 2 });

    // Restored into an empty folder…
    const target = await tempDir("passerelle-backup-dst-");
    await restore({ dataDir: target }, out);
    const restored = await openDatabase({ dataDir: path.join(target, "db") });
    expect(await snapshot(restored)).toEqual(before);
    await restored.close();
    expect(await photoFiles(target)).toEqual(await photoFiles(source));

    // …and over a folder that changed since: the change is undone and kept aside.
    const changed = await openDatabase({ dataDir: path.join(source, "db") });
    await insertMember(changed.db, "male");
    expect((await snapshot(changed)).length).toBe(before.length + 1);
    await changed.close();
    await restore({ dataDir: source }, out);
    const back = await openDatabase({ dataDir: path.join(source, "db") });
    expect(await snapshot(back)).toEqual(before);
    await back.close();
    expect((await readdir(source)).some((n) => n.startsWith("db.before-restore-"))).toBe(true);
  }, 60_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("backup and restore, PostgreSQL server", () => {
  it("restores the rows with pg_restore after they were changed", async () => {
    const server = await createServerDatabase();
    const dataDir = await tempDir("passerelle-backup-pg-");
    const db = await openDatabase({ url: server.url, poolSize: 2 });
    try {
      await db.migrate();
      for (const gender of ["female", "male"] as const)
        await insertMember(db.db, gender, { country: "France" });
      const before = await snapshot(db);
      await writePhotos(dataDir);

      const out = path.join(await tempDir("passerelle-backup-"), "b");
      const manifest = await backup({ databaseUrl: server.url, dataDir }, out);
      expect(manifest).toMatchObject({ engine: "postgres", database: "database.dump", storageFiles: 2 });

      await db.db.execute(sql`DELETE FROM profiles`);
      await insertMember(db.db, "male");
      await restore({ databaseUrl: server.url, dataDir }, out);
      expect(await snapshot(db)).toEqual(before);
      expect(Object.keys(await photoFiles(dataDir))).toHaveLength(2);
    } finally {
      await db.close();
      await server.drop();
    }
  }, 60_000);
});
