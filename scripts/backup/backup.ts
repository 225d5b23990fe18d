// Backups of the database and the photos, and their restore.
// - Embedded database (PGlite, DATA_DIR/db): the folder is opened exclusively (the app must be
//   stopped: server/db/data-lock.ts refuses otherwise) and PGlite writes a consistent gzipped
//   tarball of it (dumpDataDir); a restore starts a fresh folder from that tarball (loadDataDir).
// - PostgreSQL server (DATABASE_URL): pg_dump in its custom format, restored with pg_restore
//   --clean --if-exists; the app may keep running during the dump (a consistent snapshot).
// - Photos: the storage folder is copied as it is, next to the database.
// A backup is a folder: manifest.json, database.tar.gz or database.dump, storage/.
import { spawn } from "node:child_process";
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { openDatabase } from "../../server/db/client.ts";
import { lockDataDir } from "../../server/db/data-lock.ts";

export interface BackupTarget {
  /** postgres:// URL of a server, or undefined for the embedded database. */
  databaseUrl?: string | undefined;
  /** DATA_DIR: the embedded database is `db/`, the photos `storage/`. */
  dataDir: string;
}

export interface BackupManifest {
  format: 1;
  createdAt: string;
  engine: "pglite" | "postgres";
  database: string;
  storageFiles: number;
  storageBytes: number;
}

async function run(cmd: string, args: string[]): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "inherit", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} exited with ${code}: ${stderr.trim()}`)),
    );
  });
}

async function folderStats(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  try {
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      files++;
      bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  return { files, bytes };
}

/** Writes a backup of `target` into the new folder `out`; returns its manifest. */
export async function backup(target: BackupTarget, out: string): Promise<BackupManifest> {
  await mkdir(out, { recursive: false });
  try {
    return await writeBackup(target, out);
  } catch (err) {
    // No half-written backup left to be mistaken for a good one.
    await rm(out, { recursive: true, force: true });
    throw err;
  }
}

async function writeBackup(target: BackupTarget, out: string): Promise<BackupManifest> {
  let database: string;
  if (target.databaseUrl) {
    database = "database.dump";
    await run("pg_dump", [
      "--format=custom",
      "--no-owner",
      // The job queue (pg-boss) is left out: its partitioned tables do not survive pg_restore
      // --clean, and nothing in it is lost for good — queues and schedules are recreated at start,
      // e-mails still to send are in email_outbox (sent by the hourly sweep), digests follow
      // email_covered_until (ADR 0015).
      "--exclude-schema=pgboss",
      `--file=${path.join(out, database)}`,
      target.databaseUrl,
    ]);
  } else {
    database = "database.tar.gz";
    const db = await openDatabase({ dataDir: path.join(target.dataDir, "db") });
    try {
      const tarball = await db.dumpDataDir!();
      await writeFile(path.join(out, database), Buffer.from(await tarball.arrayBuffer()));
    } finally {
      await db.close();
    }
  }
  const storage = path.join(target.dataDir, "storage");
  await cp(storage, path.join(out, "storage"), { recursive: true, force: false, errorOnExist: true }).catch(
    (err: NodeJS.ErrnoException) => {
      if (err.code !== "ENOENT") throw err;
    },
  );
  const { files, bytes } = await folderStats(path.join(out, "storage"));
  const manifest: BackupManifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    engine: target.databaseUrl ? "postgres" : "pglite",
    database,
    storageFiles: files,
    storageBytes: bytes,
  };
  await writeFile(path.join(out, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Restores the backup folder `from` into `target`. What is there already is kept aside under a
 * `*.before-restore-<time>` name (embedded database, photos), never deleted.
 */
export async function restore(target: BackupTarget, from: string): Promise<BackupManifest> {
  const manifest = JSON.parse(await readFile(path.join(from, "manifest.json"), "utf8")) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`Unknown backup format ${manifest.format}`);
  const engine = target.databaseUrl ? "postgres" : "pglite";
  if (manifest.engine !== engine) {
    throw new Error(`This backup is of the ${manifest.engine} database; the target is ${engine}.`);
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const setAside = async (p: string) =>
    rename(p, `${p}.before-restore-${stamp}`).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== "ENOENT") throw err;
    });
  await mkdir(target.dataDir, { recursive: true });
  if (target.databaseUrl) {
    await run("pg_restore", [
      "--clean",
      "--if-exists",
      "--no-owner",
      `--dbname=${target.databaseUrl}`,
      path.join(from, manifest.database),
    ]);
  } else {
    const dbDir = path.join(target.dataDir, "db");
    // The folder's lock while moving it aside: refused if an app is running on it.
    const unlock = lockDataDir(dbDir);
    try {
      await setAside(dbDir);
    } finally {
      unlock();
    }
    const tarball = new Blob([await readFile(path.join(from, manifest.database))]);
    const restored = await openDatabase({ dataDir: dbDir, loadDataDir: tarball });
    await restored.close();
  }
  const storage = path.join(target.dataDir, "storage");
  await setAside(storage);
  await cp(path.join(from, "storage"), storage, { recursive: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== "ENOENT") throw err;
  });
  return manifest;
}
