// A backup taken while members upload and delete photos (issue 33, finding 2): every photo key of the
// restored database has its files. On a PostgreSQL server the app keeps running during a backup; on
// the embedded database no app may start until the backup is done. A file that vanishes during the
// copy is counted, not the end of the copy; a backup that cannot hold every photo its database names
// fails loudly. Every wait here is on a condition: these tests hold on a busy machine.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, inject, it } from "vitest";
import { deletePhoto } from "../../server/features/photos/photos.service.ts";
import { openDatabase } from "../../server/platform/db/client.ts";
import { DataDirLockedError } from "../../server/platform/db/data-lock.ts";
import { createServerDatabase, createTestApp, engines } from "../../server/test/harness.ts";
import { insertMember } from "../../server/test/members.ts";
import { backup, restore } from "./backup.ts";
import {
  churnPhotos,
  filesMissing,
  localPhotos,
  namedFiles,
  photosOf,
  tempDirs,
  uploadPhoto,
} from "./test-helpers.ts";

const { tempDir, embeddedDataDir } = tempDirs();
const SLOW = 300_000;

/** Files no row names, enough that copying them takes a while (what a real photo folder is like). */
async function writePadding(dataDir: string, count: number): Promise<string[]> {
  const dir = path.join(dataDir, "storage", "profiles", "photos");
  await mkdir(dir, { recursive: true });
  const names = Array.from({ length: count }, (_, i) => `pad-${String(i).padStart(5, "0")}.jpg`);
  const body = Buffer.alloc(4096, 7);
  for (const name of names) await writeFile(path.join(dir, name), body);
  return names;
}

/** Sets every file under `dir` a day back in time. */
async function ageFiles(dir: string) {
  const dayAgo = new Date(Date.now() - 86_400_000);
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) await utimes(path.join(e.parentPath, e.name), dayAgo, dayAgo);
  }
}

/** The names in the backup's photo folder so far (empty before the copy has begun). */
const copiedSoFar = (out: string) =>
  readdir(path.join(out, "storage", "profiles", "photos")).catch(() => [] as string[]);

describe("a photo file that vanishes during the copy", () => {
  it(
    "is counted, and the copy goes on with the rest",
    async () => {
      const source = await embeddedDataDir();
      const names = await writePadding(source, 1500);
      const out = path.join(await tempDir("passerelle-backup-"), "b");
      let done = false;
      const running = backup({ dataDir: source }, out).finally(() => {
        done = true;
      });
      // As soon as the copy has begun: 100 files it has not reached yet are deleted from the source.
      let seen: string[] = [];
      while (!done && seen.length === 0) {
        seen = await copiedSoFar(out);
        await nextTurn();
      }
      expect(done, "the copy was still running when the files were deleted").toBe(false);
      const reached = new Set(seen);
      const deleted = names.filter((n) => !reached.has(n)).slice(-100);
      await Promise.all(deleted.map((n) => rm(path.join(source, "storage", "profiles", "photos", n))));
      await running;

      const inBackup = new Set(await copiedSoFar(out));
      const kept = names.filter((n) => !deleted.includes(n));
      expect(
        kept.filter((n) => !inBackup.has(n)),
        "files still there but not copied",
      ).toEqual([]);
      const manifest = JSON.parse(await readFile(path.join(out, "manifest.json"), "utf8"));
      // The listing is read a page at a time: a deleted file it had listed already vanished, one it
      // had not reached is not listed at all.
      expect(manifest.photos.vanished).toBeGreaterThan(0);
      expect(manifest.photos.copied + manifest.photos.vanished).toBeGreaterThanOrEqual(kept.length);
      expect(manifest.photos.copied + manifest.photos.vanished).toBeLessThanOrEqual(names.length);
      expect(manifest.storageFiles).toBe(inBackup.size);
      expect(manifest.photos.copied).toBe(inBackup.size);
    },
    SLOW,
  );
});

describe("embedded database: no app starts during a backup", () => {
  it(
    "refuses an app at every moment of the backup, so every photo the backup names is in it",
    async () => {
      const source = await embeddedDataDir();
      const dbDir = path.join(source, "db");
      const db = await openDatabase({ dataDir: dbDir });
      const members = [await insertMember(db.db, "female"), await insertMember(db.db, "male")];
      for (const m of members) for (let i = 0; i < 2; i++) await uploadPhoto(db.db, localPhotos(source), m);
      await db.close();
      await writePadding(source, 1500);

      const out = path.join(await tempDir("passerelle-backup-"), "b");
      let done = false;
      const running = backup({ dataDir: source }, out).finally(() => {
        done = true;
      });
      // An app that starts as soon as it can, and then has members delete and upload photos.
      while (!done && !existsSync(`${dbDir}.lock`)) await nextTurn();
      let refused = 0;
      const startedDuringBackup: string[] = [];
      while (!done) {
        try {
          const app = await openDatabase({ dataDir: dbDir });
          startedDuringBackup.push((await copiedSoFar(out)).length > 0 ? "while copying photos" : "before");
          await churnPhotos(app.db, localPhotos(source), members, () => done);
          await app.close();
        } catch (err) {
          if (!(err instanceof DataDirLockedError)) throw err;
          refused++;
          await nextTurn();
        }
      }
      await running;
      expect(startedDuringBackup, "an app opened the database during the backup").toEqual([]);
      expect(refused).toBeGreaterThan(0);

      const target = await tempDir("passerelle-backup-dst-");
      await restore({ dataDir: target }, out);
      const restored = await openDatabase({ dataDir: path.join(target, "db") });
      const named = await namedFiles(restored.db);
      await restored.close();
      expect(named).toHaveLength(8);
      expect(await filesMissing(localPhotos(target), named)).toEqual([]);
    },
    SLOW,
  );
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("PostgreSQL server: photos change during a backup", () => {
  it(
    "restores a database whose every photo key has its files, with uploads and deletions throughout",
    async () => {
      const t = await createTestApp("postgres");
      const restoredDb = await createServerDatabase();
      try {
        const { db } = t.deps.database;
        const members: string[] = [];
        for (let i = 0; i < 16; i++) {
          const id = await insertMember(db, i % 2 ? "male" : "female");
          for (let j = 0; j < 4; j++) await uploadPhoto(db, t.deps.storage, id);
          members.push(id);
        }
        await writePadding(t.dataDir, 300);
        // Photos uploaded long before the backup, as members' photos are (a file just written may
        // be read half-written, so the backup trusts a copy of it only while it is still there).
        await ageFiles(path.join(t.dataDir, "storage"));
        const out = path.join(await tempDir("passerelle-backup-"), "b");
        let done = false;
        const running = backup({ databaseUrl: t.deps.config.databaseUrl, dataDir: t.dataDir }, out).finally(
          () => {
            done = true;
          },
        );
        const churn = await churnPhotos(db, t.deps.storage, members, () => done);
        const manifest = await running;
        // Members did change their photos while the backup ran.
        expect(churn.uploads).toBeGreaterThan(3);
        expect(churn.deletions).toBeGreaterThan(3);

        const target = await tempDir("passerelle-backup-dst-");
        await restore({ databaseUrl: restoredDb.url, dataDir: target }, out);
        const restored = await openDatabase({ url: restoredDb.url, poolSize: 1 });
        const named = await namedFiles(restored.db);
        await restored.close();
        expect(named.length).toBeGreaterThanOrEqual(2 * members.length);
        expect(await filesMissing(localPhotos(target), named), "photo keys without their file").toEqual([]);
        expect(manifest.photos!.named).toBe(named.length);
      } finally {
        await t.close();
      }
    },
    SLOW,
  );

  it(
    "takes the dump again when a photo it names is deleted before the backup holds its file",
    async () => {
      const t = await createTestApp("postgres");
      try {
        const { db } = t.deps.database;
        const { storage } = t.deps;
        const member = await insertMember(db, "female");
        const first = await uploadPhoto(db, storage, member);
        let late = "";
        const out = path.join(await tempDir("passerelle-backup-"), "b");
        const manifest = await backup({ databaseUrl: t.deps.config.databaseUrl, dataDir: t.dataDir }, out, {
          onStep: async (s) => {
            // Uploaded after the copy, so only the first dump names it; deleted right after that dump.
            if (s.step === "dump" && s.attempt === 1) late = await uploadPhoto(db, storage, member);
            if (s.step === "dumped" && s.attempt === 1) await deletePhoto(db, storage, member, late);
          },
        });
        expect(manifest.photos).toMatchObject({ retries: 1, copied: 2, named: 2 });
        expect(await photosOf(db, member)).toEqual([first]);
        const restoredDb = await createServerDatabase();
        const target = await tempDir("passerelle-backup-dst-");
        await restore({ databaseUrl: restoredDb.url, dataDir: target }, out);
        const restored = await openDatabase({ url: restoredDb.url, poolSize: 1 });
        expect(await namedFiles(restored.db)).toHaveLength(2);
        expect(await filesMissing(localPhotos(target), await namedFiles(restored.db))).toEqual([]);
        await restored.close();
      } finally {
        await t.close();
      }
    },
    SLOW,
  );
});

/** `npm run backup` as an operator runs it: the bundled command (built for the run by the global setup). */
async function runBackupCommand(env: Record<string, string>, out: string) {
  const command = path.join(path.dirname(inject("serverBundle")), "backup.mjs");
  const { DATABASE_URL: _, ...inherited } = process.env;
  const child = spawn(process.execPath, [command, "--out", out], {
    env: { ...inherited, NODE_ENV: "test", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => {
    stdout += d;
  });
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { code, stdout, stderr };
}

describe.each(engines())("a backup that cannot be complete [%s]", (engine) => {
  it(
    "fails loudly: exit code 1, the missing files named, no « written », no backup folder",
    async () => {
      const server = engine === "postgres" ? await createServerDatabase() : null;
      const dataDir = server ? await tempDir("passerelle-backup-pg-") : await embeddedDataDir();
      const db = await openDatabase(
        server ? { url: server.url, poolSize: 1 } : { dataDir: path.join(dataDir, "db") },
      );
      const member = await insertMember(db.db, "female");
      await uploadPhoto(db.db, localPhotos(dataDir), member);
      // A photo whose files are not in the storage (lost before the backup: nothing brings them back).
      await insertMember(db.db, "male", { photos: ["photos/introuvable.jpg"] });
      await db.close();

      const out = path.join(await tempDir("passerelle-backup-"), "b");
      const result = await runBackupCommand(
        { DATA_DIR: dataDir, ...(server ? { DATABASE_URL: server.url } : {}) },
        out,
      );
      expect(result.code, result.stdout + result.stderr).toBe(1);
      expect(result.stderr).toMatch(/Backup failed: 2 photo files .*photos\/introuvable\.jpg/);
      expect(result.stdout).not.toMatch(/written/);
      expect(existsSync(out)).toBe(false);
    },
    SLOW,
  );
});
