// A backup restored elsewhere holds the same data: rows and photo files, on the embedded database
// and (with TEST_DATABASE_URL) on a PostgreSQL server through pg_dump / pg_restore, photos on local
// disk or in an S3 bucket (s3rver). A restore checks the backup before it replaces anything.
// What happens while members upload and delete photos during a backup: backup-concurrency.test.ts.
import { existsSync } from "node:fs";
import { appendFile, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { VOICE_BUCKET } from "@domain/voice.ts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { thumbKey } from "../../server/features/photos/index.ts";
import { type Database, openDatabase, queryRows } from "../../server/platform/db/client.ts";
import { DataDirLockedError } from "../../server/platform/db/data-lock.ts";
import { matches, messages, voiceIntros } from "../../server/platform/db/schema/index.ts";
import { createLocalStorage } from "../../server/platform/storage/local.ts";
import { createS3Storage } from "../../server/platform/storage/s3.ts";
import { createServerDatabase } from "../../server/test/harness.ts";
import { insertMember } from "../../server/test/members.ts";
import { type LocalS3, startLocalS3 } from "../../server/test/s3-server.ts";
import { voiceFixture } from "../../server/test/voice.ts";
import { backup, IncompleteBackupError, restore } from "./backup.ts";
import { filesMissing, localPhotos, namedFiles, tempDirs, uploadPhoto } from "./test-helpers.ts";

const { tempDir, embeddedDataDir } = tempDirs();
/** pg_dump, PGlite's tarball and restores are slow on a busy machine: minutes, not seconds. */
const SLOW = 300_000;

/** Everything the check compares: members with their profile fields, in a stable order. */
async function snapshot(db: Database) {
  return queryRows(
    db.db,
    z.strictObject({
      id: z.string(),
      email: z.string(),
      first_name: z.string(),
      country: z.string(),
      photos: z.array(z.string()),
    }),
    sql`SELECT u.id, u.email, p.first_name, p.country, p.photos FROM "user" u JOIN profiles p ON p.user_id = u.id ORDER BY u.id`,
  );
}

/** Two files no row names (an old leftover and its thumbnail): a backup copies them too. */
async function writeLooseFiles(dataDir: string) {
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

const beforeRestore = async (dir: string) =>
  (await readdir(dir)).filter((n) => n.includes(".before-restore-") || n.includes(".restoring-"));

describe("backup and restore, embedded database", () => {
  it(
    "restores the same rows and photos into another data folder",
    async () => {
      const source = await embeddedDataDir();
      const db = await openDatabase({ dataDir: path.join(source, "db") });
      await db.migrate();
      for (const gender of ["female", "male", "female"] as const) {
        const id = await insertMember(db.db, gender, { country: "Sénégal" });
        await uploadPhoto(db.db, localPhotos(source), id);
      }
      const before = await snapshot(db);

      // While the app (here: this handle) holds the folder, a backup is refused.
      const refused = path.join(await tempDir("passerelle-backup-"), "b0");
      await expect(backup({ dataDir: source }, refused)).rejects.toThrow(DataDirLockedError);
      expect(existsSync(refused), "no half-written backup folder").toBe(false);
      await db.close();
      await writeLooseFiles(source);

      const out = path.join(await tempDir("passerelle-backup-"), "b1");
      const manifest = await backup({ dataDir: source }, out);
      expect(manifest).toMatchObject({ engine: "pglite", database: "database.tar.gz", storageFiles: 8 });
      expect(manifest.photos).toEqual({ copied: 8, vanished: 0, reconciled: 0, retries: 0, named: 6 });

      // Restored into an empty folder…
      const target = await tempDir("passerelle-backup-dst-");
      const report = await restore({ dataDir: target }, out);
      expect(report).toMatchObject({ checked: 6, missing: [] });
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
    },
    SLOW,
  );

  it(
    "keeps the voice recordings (issue 37) with their rows, and refuses a backup that lacks one",
    async () => {
      const source = await embeddedDataDir();
      const db = await openDatabase({ dataDir: path.join(source, "db") });
      await db.migrate();
      const her = await insertMember(db.db, "female");
      const him = await insertMember(db.db, "male");
      const voices = createLocalStorage(path.join(source, "storage"), VOICE_BUCKET);
      const recording = voiceFixture("beep-3s.webm");
      const voice = {
        voiceType: "audio/webm",
        voiceMs: 2940,
        voiceBytes: recording.length,
        voicePeaks: "0a",
      };
      const [match] = await db.db
        .insert(matches)
        .values({ user1Id: her, user2Id: him, status: "accepted" })
        .returning({ id: matches.id });
      await voices.put("messages/a.webm", recording, "audio/webm");
      await voices.put("intros/b.webm", recording, "audio/webm");
      await db.db
        .insert(messages)
        .values({ matchId: match!.id, senderId: him, content: "", voiceKey: "messages/a.webm", ...voice });
      await db.db
        .insert(voiceIntros)
        .values({ userId: her, prompt: "laugh", voiceKey: "intros/b.webm", ...voice });
      await db.close();

      const out = path.join(await tempDir("passerelle-backup-"), "v1");
      const manifest = await backup({ dataDir: source }, out);
      expect(manifest.voices).toMatchObject({ copied: 2, named: 2, files: 2, bytes: 2 * recording.length });
      const target = await tempDir("passerelle-backup-dst-");
      expect(await restore({ dataDir: target }, out)).toMatchObject({ missing: [] });
      const restored = createLocalStorage(path.join(target, "storage"), VOICE_BUCKET);
      for (const key of ["messages/a.webm", "intros/b.webm"])
        expect(new Uint8Array((await restored.get(key))!.body)).toEqual(recording);

      // A recording its row names is gone: the backup says which, and none is left behind.
      await voices.delete("intros/b.webm");
      const incomplete = path.join(await tempDir("passerelle-backup-"), "v2");
      const refused = await backup({ dataDir: source }, incomplete).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(IncompleteBackupError);
      expect((refused as IncompleteBackupError).missing).toEqual(["intros/b.webm"]);
      expect(existsSync(incomplete)).toBe(false);
    },
    SLOW,
  );

  it(
    "refuses a backup that lacks a photo its database names, or whose database file changed, before replacing anything",
    async () => {
      const source = await embeddedDataDir();
      const db = await openDatabase({ dataDir: path.join(source, "db") });
      const member = await insertMember(db.db, "female");
      const [kept, lost] = [
        await uploadPhoto(db.db, localPhotos(source), member),
        await uploadPhoto(db.db, localPhotos(source), member),
      ];
      await db.close();
      const out = path.join(await tempDir("passerelle-backup-"), "b");
      await backup({ dataDir: source }, out);
      // The backup's copy of one photo is lost, another's thumbnail truncated.
      await rm(path.join(out, "storage", "profiles", lost));
      await writeFile(path.join(out, "storage", "profiles", thumbKey(kept)), Buffer.from([0xff]));

      // A target that differs from the backup: one more member, none of the backup's photos.
      const target = await embeddedDataDir("passerelle-backup-dst-");
      const other = await openDatabase({ dataDir: path.join(target, "db") });
      await insertMember(other.db, "male");
      const targetRows = await snapshot(other);
      await other.close();
      const refusal = restore({ dataDir: target }, out);
      await expect(refusal).rejects.toThrow(IncompleteBackupError);
      await expect(refusal).rejects.toThrow(/2 of the 4 photo files.*nothing was replaced/);
      expect(await beforeRestore(target)).toEqual([]);
      const untouched = await openDatabase({ dataDir: path.join(target, "db") });
      expect(await snapshot(untouched)).toEqual(targetRows);
      await untouched.close();

      // Told to, it restores what there is, and says what is missing.
      const report = await restore({ dataDir: target }, out, { allowMissingPhotos: true });
      expect(report.missing).toEqual([lost, thumbKey(kept)].sort());

      // A database file that is not the one the backup wrote is refused too.
      await appendFile(path.join(out, "database.tar.gz"), "x");
      await expect(restore({ dataDir: target }, out)).rejects.toThrow(/checksum differs/);
    },
    SLOW,
  );
});

describe("backup and restore, photos in an S3 bucket", () => {
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startLocalS3();
  });
  afterAll(() => s3?.close());

  it(
    "copies the bucket’s photos into the backup and puts back those the bucket lost",
    async () => {
      const bucket = createS3Storage(
        {
          bucket: s3.bucket,
          region: "us-east-1",
          endpoint: s3.endpoint,
          accessKeyId: "S3RVER",
          secretAccessKey: "S3RVER",
          forcePathStyle: true,
        },
        "profiles",
      );
      const source = await embeddedDataDir();
      const db = await openDatabase({ dataDir: path.join(source, "db") });
      const member = await insertMember(db.db, "female");
      await uploadPhoto(db.db, bucket, member);
      await uploadPhoto(db.db, bucket, member);
      const named = await namedFiles(db.db);
      await db.close();
      const bytesOf = async () =>
        Object.fromEntries(
          await Promise.all(
            named.map(async (k) => [k, Buffer.from((await bucket.get(k))!.body).toString("hex")]),
          ),
        );
      const before = await bytesOf();

      const out = path.join(await tempDir("passerelle-backup-"), "b");
      const manifest = await backup({ dataDir: source, storage: bucket }, out);
      expect(manifest).toMatchObject({ storageFiles: 4, photos: { copied: 4, named: 4 } });

      // The bucket loses two objects; the restore puts them back and leaves the others.
      await bucket.delete(named[0]!);
      await bucket.delete(named[3]!);
      const target = await tempDir("passerelle-backup-dst-");
      await restore({ dataDir: target, storage: bucket }, out);
      expect(await filesMissing(bucket, named)).toEqual([]);
      expect(await bytesOf()).toEqual(before);
      const restored = await openDatabase({ dataDir: path.join(target, "db") });
      expect(await namedFiles(restored.db)).toEqual(named);
      await restored.close();
    },
    SLOW,
  );
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("backup and restore, PostgreSQL server", () => {
  it(
    "restores the rows with pg_restore after they were changed, and refuses an incomplete backup first",
    async () => {
      const server = await createServerDatabase();
      const dataDir = await tempDir("passerelle-backup-pg-");
      const db = await openDatabase({ url: server.url, poolSize: 2 });
      try {
        await db.migrate();
        for (const gender of ["female", "male"] as const) {
          const id = await insertMember(db.db, gender, { country: "France" });
          await uploadPhoto(db.db, localPhotos(dataDir), id);
        }
        const before = await snapshot(db);
        await writeLooseFiles(dataDir);

        const out = path.join(await tempDir("passerelle-backup-"), "b");
        const manifest = await backup({ databaseUrl: server.url, dataDir }, out);
        expect(manifest).toMatchObject({ engine: "postgres", database: "database.dump", storageFiles: 6 });
        expect(manifest.photos).toMatchObject({ named: 4, vanished: 0, retries: 0 });

        await db.db.execute(sql`DELETE FROM profiles`);
        await insertMember(db.db, "male");
        const changed = await snapshot(db);

        // A photo of the backup lost: refused, the rows as they were.
        const lost = before[0]!.photos[0]!;
        const copy = path.join(out, "storage", "profiles", lost);
        const bytes = await readFile(copy);
        await rm(copy);
        await expect(restore({ databaseUrl: server.url, dataDir }, out)).rejects.toThrow(
          IncompleteBackupError,
        );
        expect(await snapshot(db)).toEqual(changed);
        expect(await beforeRestore(dataDir)).toEqual([]);

        await writeFile(copy, bytes);
        await restore({ databaseUrl: server.url, dataDir }, out);
        expect(await snapshot(db)).toEqual(before);
        expect(Object.keys(await photoFiles(dataDir))).toHaveLength(6);
        expect(await filesMissing(localPhotos(dataDir), await namedFiles(db.db))).toEqual([]);
      } finally {
        await db.close();
      }
    },
    SLOW,
  );
});
