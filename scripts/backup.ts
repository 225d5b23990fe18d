// npm run backup [-- --out ./backups/<name>]: the database (embedded or DATABASE_URL) and the photos
// (DATA_DIR/storage, or the S3 bucket of STORAGE_DRIVER=s3) into a new folder, checked against its
// own dump before it is called written. Reads the app's settings (the same environment as `npm run
// serve`). The embedded database needs the app stopped. See docs/operations.md.
import path from "node:path";
import { parseArgs } from "node:util";
import { PHOTO_BUCKET } from "@domain/constants.ts";
import { VOICE_BUCKET } from "@domain/voice.ts";
import { ConfigError, loadConfig } from "../server/platform/settings/config.ts";
import { createS3Storage } from "../server/platform/storage/s3.ts";
import { type BackupStep, backup } from "./backup/backup.ts";

const { values } = parseArgs({ options: { out: { type: "string" } } });
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(`Backup failed: ${err.message}`);
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19);
const out = path.resolve(values.out ?? path.join("backups", `passerelle-${stamp}`));
const say: Record<BackupStep["step"], (s: BackupStep) => string> = {
  copy: () => "Copying the photos…",
  dump: (s) => `Dumping the database${"attempt" in s && s.attempt > 1 ? ` (attempt ${s.attempt})` : ""}…`,
  dumped: () => "Copying what the dump names and the copy lacks…",
  verify: () => "Checking the backup against its dump…",
};
try {
  const manifest = await backup(
    {
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      storage: config.s3 ? createS3Storage(config.s3, PHOTO_BUCKET) : undefined,
      voices: config.s3 ? createS3Storage(config.s3, VOICE_BUCKET) : undefined,
    },
    out,
    { onStep: (s) => console.log(say[s.step](s)) },
  );
  const p = manifest.photos!;
  console.log(
    `Photos: ${p.copied} files copied, ${p.vanished} vanished during the copy (deleted meanwhile), ` +
      `${p.reconciled} copied after the dump, ${p.retries} dumps taken again; ` +
      `the ${p.named} photo files the dump names are all in the backup at their size.`,
  );
  console.log(
    `Backup written to ${out}: ${manifest.engine} database (${manifest.database}), ` +
      `${manifest.storageFiles} photo files (${Math.round(manifest.storageBytes / 1024)} KB).`,
  );
} catch (err) {
  console.error(`Backup failed: ${(err as Error).message}`);
  process.exit(1);
}
