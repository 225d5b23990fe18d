// Backups of the database and the photos, and their restore.
// - Embedded database (PGlite, DATA_DIR/db): the folder is opened exclusively for the whole backup
//   (the app must be stopped: server/platform/db/data-lock.ts refuses otherwise, and no app can start until
//   the backup is done) and PGlite writes a consistent gzipped tarball of it (dumpDataDir); a
//   restore starts a fresh folder from that tarball (loadDataDir).
// - PostgreSQL server (DATABASE_URL): pg_dump in its custom format, restored with pg_restore
//   --clean --if-exists; the app may keep running during the backup.
// - Photos: read through the storage interface (the local folder, or the S3 bucket), object by
//   object, so that every key the dump names has its file in the backup (photo-copy.ts says why
//   this holds while members upload and delete photos). The backup is checked against its own dump
//   before it is called done, and a restore checks the same before it replaces anything.
// - Voice recordings (issue 37): the same way, from their own storage (voice/ beside profiles/),
//   against the keys of their own columns.
// A backup is a folder: manifest.json, database.tar.gz or database.dump, files.tsv (each photo file
// and its size), voice-files.tsv (each recording), storage/ (laid out as DATA_DIR/storage).
import { cp, mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { PHOTO_BUCKET } from "@domain/constants.ts";
import { VOICE_BUCKET } from "@domain/voice.ts";
import { withThumbnails } from "../../server/features/photos/index.ts";
import { type Database, openDatabase, SMALL_SHARED_BUFFERS } from "../../server/platform/db/client.ts";
import { lockDataDir } from "../../server/platform/db/data-lock.ts";
import { createLocalStorage } from "../../server/platform/storage/local.ts";
import { ObjectExistsError, type Storage } from "../../server/platform/storage/storage.ts";
import {
  databaseKeys,
  dumpEmbedded,
  dumpKeys,
  dumpServer,
  type Engine,
  REQUIRED_COLUMNS,
  run,
  sha256,
  VOICE_COLUMNS,
} from "./dump.ts";
import {
  type CopiedFiles,
  copyAll,
  FILES_INDEX,
  filesIndex,
  liveSizes,
  missingFrom,
  type PhotoCounts,
  parseFilesIndex,
  reconcile,
  someKeys,
  storageFolder,
} from "./photo-copy.ts";

export interface BackupTarget {
  /** postgres:// URL of a server, or undefined for the embedded database. */
  databaseUrl?: string | undefined;
  /** DATA_DIR: the embedded database is `db/`, the photos `storage/` unless `storage` is given. */
  dataDir: string;
  /** Where the photos live (the app's storage: an S3 bucket); the local folder DATA_DIR/storage by default. */
  storage?: Storage | undefined;
  /** Where the voice recordings live (an S3 prefix); DATA_DIR/storage/voice by default. */
  voices?: Storage | undefined;
}

export interface BackupManifest {
  /** 1: before issue 33 (no file index, no checksum); 2: checked against its dump. */
  format: 1 | 2;
  createdAt: string;
  engine: Engine;
  database: string;
  /** sha256 of the database file (format 2). */
  databaseSha256?: string;
  storageFiles: number;
  storageBytes: number;
  /** Format 2: how the photos were copied, and how many files the dump names (all checked). */
  photos?: PhotoCounts & { named: number };
  /** Voice recordings, the same way (backups made since issue 37). */
  voices?: PhotoCounts & { named: number; files: number; bytes: number };
}

/** A step of a backup, for progress messages (and for tests that act between two steps). */
export type BackupStep =
  | { step: "copy" }
  | { step: "dump"; attempt: number }
  | { step: "dumped"; attempt: number }
  | { step: "verify" };

export interface BackupOptions {
  onStep?: (step: BackupStep) => void | Promise<void>;
  /** Dumps taken at most (a server only: photos deleted after each dump); 5 by default. */
  maxDumps?: number;
}

/** A backup or a restore refused because photos would be missing. */
export class IncompleteBackupError extends Error {
  override name = "IncompleteBackupError";
  constructor(
    message: string,
    readonly missing: string[],
  ) {
    super(message);
  }
}

const engineOf = (target: BackupTarget): Engine => (target.databaseUrl ? "postgres" : "pglite");
const photoSource = (target: BackupTarget) =>
  target.storage ?? createLocalStorage(path.join(target.dataDir, "storage"), PHOTO_BUCKET);
const backupStorage = (dir: string) => createLocalStorage(storageFolder(dir), PHOTO_BUCKET);
const voiceSource = (target: BackupTarget) =>
  target.voices ?? createLocalStorage(path.join(target.dataDir, "storage"), VOICE_BUCKET);
const backupVoices = (dir: string) => createLocalStorage(storageFolder(dir), VOICE_BUCKET);
/** voice-files.tsv: the recordings of the backup, as files.tsv lists the photos. */
const VOICE_FILES_INDEX = "voice-files.tsv";

/**
 * One kind of file a backup holds: photos (named with their thumbnails) or voice recordings, each
 * copied from its storage and settled against the keys of its own columns.
 */
interface FileSet {
  source: Storage;
  dest: Storage;
  named: (keys: string[]) => Set<string>;
  columns: typeof REQUIRED_COLUMNS;
  copied: CopiedFiles;
  counts: PhotoCounts;
  sizes: Map<string, number>;
}

function fileSets(target: BackupTarget, out: string): { photos: FileSet; voices: FileSet } {
  const counts = (): PhotoCounts => ({ copied: 0, vanished: 0, reconciled: 0, retries: 0 });
  const set = (source: Storage, dest: Storage, named: FileSet["named"], columns: FileSet["columns"]) => ({
    source,
    dest,
    named,
    columns,
    copied: new Map(),
    counts: counts(),
    sizes: new Map(),
  });
  return {
    photos: set(photoSource(target), backupStorage(out), withThumbnails, REQUIRED_COLUMNS),
    voices: set(voiceSource(target), backupVoices(out), (keys) => new Set(keys), VOICE_COLUMNS),
  };
}

/** Writes a backup of `target` into the new folder `out`; returns its manifest. */
export async function backup(
  target: BackupTarget,
  out: string,
  options: BackupOptions = {},
): Promise<BackupManifest> {
  await mkdir(out, { recursive: false });
  try {
    return await writeBackup(target, out, options);
  } catch (err) {
    // No half-written backup left to be mistaken for a good one.
    await rm(out, { recursive: true, force: true });
    throw err;
  }
}

async function writeBackup(
  target: BackupTarget,
  out: string,
  options: BackupOptions,
): Promise<BackupManifest> {
  const engine = engineOf(target);
  const step = async (s: BackupStep) => options.onStep?.(s);
  const maxDumps = engine === "postgres" ? (options.maxDumps ?? 5) : 1;
  const database = engine === "postgres" ? "database.dump" : "database.tar.gz";
  const file = path.join(out, database);
  const { photos, voices } = fileSets(target, out);
  const sets = [photos, voices];
  // The embedded database stays open, so locked, until the backup is checked: no app starts meanwhile.
  // PGlite's tarball is read from its files, not through the shared buffers: the small pool.
  const db: Database | null =
    engine === "pglite"
      ? await openDatabase({ dataDir: path.join(target.dataDir, "db"), sharedBuffers: SMALL_SHARED_BUFFERS })
      : null;
  try {
    await step({ step: "copy" });
    for (const set of sets) await copyAll(set.source, set.dest, set.copied, set.counts);
    for (let attempt = 1; ; attempt++) {
      await step({ step: "dump", attempt });
      if (db) await dumpEmbedded(db, file);
      else await dumpServer(target.databaseUrl!, file);
      const named = await Promise.all(
        sets.map(async (set) =>
          set.named(db ? await databaseKeys(db, set.columns) : await dumpKeys(engine, file, set.columns)),
        ),
      );
      await step({ step: "dumped", attempt });
      const lost: string[][] = [];
      for (const [i, set] of sets.entries()) {
        const result = await reconcile(set.source, set.dest, set.copied, named[i]!, set.counts);
        set.sizes = result.sizes;
        lost.push(result.gone);
      }
      const gone = lost.flat();
      if (gone.length === 0) break;
      if (attempt >= maxDumps) {
        const [photosGone, voicesGone] = lost as [string[], string[]];
        throw new IncompleteBackupError(
          [
            photosGone.length > 0 &&
              `${photosGone.length} photo files the database names are not in the photo storage (${someKeys(photosGone)})`,
            voicesGone.length > 0 &&
              `${voicesGone.length} voice files the database names are not in the voice storage (${someKeys(voicesGone)})`,
          ]
            .filter(Boolean)
            .join("; ") +
            (db
              ? ": the database is locked for the backup, so they were missing before it began."
              : `; ${attempt} dumps were taken and each named files no longer there. Most likely ` +
                "they were lost before the backup began (check the storage), or photos are being " +
                "deleted faster than a dump is taken (try again later)."),
          gone,
        );
      }
      photos.counts.retries++;
    }
    // The check against the dump file itself: what a restore will put back.
    await step({ step: "verify" });
    const named = await Promise.all(
      sets.map(async (set) => set.named(await dumpKeys(engine, file, set.columns))),
    );
    const missing = (
      await Promise.all(sets.map((set, i) => missingFrom(set.dest, named[i]!, set.sizes)))
    ).flat();
    if (missing.length > 0) {
      throw new IncompleteBackupError(
        `The backup does not hold ${missing.length} photo or voice files its dump names at their size (${someKeys(missing)}).`,
        missing,
      );
    }
    const held = await liveSizes(photos.dest);
    const heldVoices = await liveSizes(voices.dest);
    await writeFile(path.join(out, FILES_INDEX), filesIndex(held));
    await writeFile(path.join(out, VOICE_FILES_INDEX), filesIndex(heldVoices));
    const total = (sizes: Map<string, number>) => [...sizes.values()].reduce((a, b) => a + b, 0);
    const manifest: BackupManifest = {
      format: 2,
      createdAt: new Date().toISOString(),
      engine,
      database,
      databaseSha256: await sha256(file),
      storageFiles: held.size,
      storageBytes: total(held),
      photos: { ...photos.counts, named: named[0]!.size },
      voices: { ...voices.counts, named: named[1]!.size, files: heldVoices.size, bytes: total(heldVoices) },
    };
    await writeFile(path.join(out, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    await db?.close();
  }
}

export interface RestoreOptions {
  /** Restore even when photo files the dump names are missing from the backup (they are listed). */
  allowMissingPhotos?: boolean;
}

export interface RestoreReport {
  manifest: BackupManifest;
  /** Files the restored database names, each checked in the backup. */
  checked: number;
  /** Of them, missing from the backup or of the wrong size (restored anyway: allowMissingPhotos). */
  missing: string[];
}

/**
 * Restores the backup folder `from` into `target`, once it is checked: the database file is the one
 * the backup wrote (format 2), and every photo file its dump names is in the backup at its size.
 * Otherwise nothing is replaced. What is there already is kept aside under a
 * `*.before-restore-<time>` name (embedded database, local photos), never deleted.
 */
export async function restore(
  target: BackupTarget,
  from: string,
  options: RestoreOptions = {},
): Promise<RestoreReport> {
  const manifest = JSON.parse(await readFile(path.join(from, "manifest.json"), "utf8")) as BackupManifest;
  if (manifest.format !== 1 && manifest.format !== 2)
    throw new Error(`Unknown backup format ${manifest.format}`);
  const engine = engineOf(target);
  if (manifest.engine !== engine) {
    throw new Error(`This backup is of the ${manifest.engine} database; the target is ${engine}.`);
  }
  const file = path.join(from, manifest.database);
  if (manifest.databaseSha256 && (await sha256(file)) !== manifest.databaseSha256) {
    throw new Error(`${manifest.database} is not the file this backup wrote (its checksum differs).`);
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const setAside = async (p: string) =>
    rename(p, `${p}.before-restore-${stamp}`).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== "ENOENT") throw err;
    });
  await mkdir(target.dataDir, { recursive: true });
  const dbDir = path.join(target.dataDir, "db");
  // The embedded database is restored into a folder of its own first, and read there: the current
  // one is moved aside only once the backup is known to be complete.
  const staged = `${dbDir}.restoring-${stamp}`;
  let keys: string[];
  let voiceKeys: string[];
  if (engine === "pglite") {
    const restored = await openDatabase({
      dataDir: staged,
      loadDataDir: new Blob([await readFile(file)]),
      // Opened for a few queries: the small pool (openDatabase).
      sharedBuffers: SMALL_SHARED_BUFFERS,
    });
    try {
      keys = await databaseKeys(restored);
      voiceKeys = await databaseKeys(restored, VOICE_COLUMNS);
    } finally {
      await restored.close();
    }
  } else {
    keys = await dumpKeys(engine, file);
    voiceKeys = await dumpKeys(engine, file, VOICE_COLUMNS);
  }
  try {
    const named = withThumbnails(keys);
    const recorded = await readFile(path.join(from, FILES_INDEX), "utf8").then(parseFilesIndex, (err) => {
      // A backup of format 1 has no index: the files must be there, not empty.
      if ((err as NodeJS.ErrnoException).code === "ENOENT" && manifest.format === 1) return null;
      throw err;
    });
    // Backups from before issue 37 hold no recordings, and their databases name none.
    const recordedVoices = await readFile(path.join(from, VOICE_FILES_INDEX), "utf8").then(
      parseFilesIndex,
      (err) => {
        if ((err as NodeJS.ErrnoException).code === "ENOENT" && !manifest.voices) return null;
        throw err;
      },
    );
    const missingPhotos = await missingFrom(backupStorage(from), named, recorded);
    const missingVoices = await missingFrom(backupVoices(from), voiceKeys, recordedVoices);
    const missing = [...missingPhotos, ...missingVoices];
    if (missing.length > 0 && !options.allowMissingPhotos) {
      throw new IncompleteBackupError(
        [
          missingPhotos.length > 0 &&
            `${missingPhotos.length} of the ${named.size} photo files the backup’s database names are missing ` +
              `from it or of the wrong size (${someKeys(missingPhotos)})`,
          missingVoices.length > 0 &&
            `${missingVoices.length} of the ${voiceKeys.length} voice files the backup’s database names are missing ` +
              `from it or of the wrong size (${someKeys(missingVoices)})`,
        ]
          .filter(Boolean)
          .join("; ") +
          "; nothing was replaced. " +
          "Restore with --allow-missing-photos to accept that.",
        missing,
      );
    }
    if (engine === "pglite") {
      // The folder's lock while swapping: refused if an app is running on it.
      const unlock = lockDataDir(dbDir);
      try {
        await setAside(dbDir);
        await rename(staged, dbDir);
      } finally {
        unlock();
      }
    } else {
      await run("pg_restore", [
        "--clean",
        "--if-exists",
        "--no-owner",
        `--dbname=${target.databaseUrl}`,
        file,
      ]);
    }
    await restorePhotos(target, from, setAside);
    return { manifest, checked: named.size + voiceKeys.length, missing };
  } finally {
    await rm(staged, { recursive: true, force: true });
  }
}

/**
 * The backup's photos back in place: into a fresh local folder (the current one kept aside), or
 * into the bucket, adding what it lacks (a key is never rewritten, so one already there is the same
 * photo; objects the restored database does not name are left to the orphan sweep).
 */
async function restorePhotos(target: BackupTarget, from: string, setAside: (p: string) => Promise<void>) {
  const folder = storageFolder(from);
  const present = await stat(folder).then(
    () => true,
    (err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT") return false;
      throw err;
    },
  );
  if (!target.storage) {
    const storage = path.join(target.dataDir, "storage");
    await setAside(storage);
    if (present) await cp(folder, storage, { recursive: true });
    return;
  }
  await putAll(backupStorage(from), target.storage);
  // Voice recordings (issue 37) into their own storage.
  await putAll(backupVoices(from), voiceSource(target));
}

/** Adds every object of `from` that `to` lacks (a key is never rewritten: one there is the same file). */
async function putAll(from: Storage, to: Storage): Promise<void> {
  for await (const page of from.list()) {
    for (const entry of page) {
      const object = await from.get(entry.key);
      if (!object) throw new Error(`${entry.key} could not be read from the backup`);
      await to.put(entry.key, object.body, object.contentType).catch((err) => {
        if (!(err instanceof ObjectExistsError)) throw err;
      });
    }
  }
}
