// npm run restore -- <backup folder> [--allow-missing-photos]: puts a backup made by `npm run backup`
// back in place, once checked: every photo file its database names must be in it (at the size the
// backup recorded), or nothing is replaced. What is there is kept aside (DATA_DIR/db.before-restore-…,
// storage.before-restore-…); on a server, pg_restore --clean replaces the tables; photos go back to
// the S3 bucket with STORAGE_DRIVER=s3. Reads the app's settings. The app must be stopped. See
// docs/operations.md.
import path from "node:path";
import { parseArgs } from "node:util";
import { PHOTO_BUCKET } from "@domain/constants.ts";
import { VOICE_BUCKET } from "@domain/voice.ts";
import { ConfigError, loadConfig } from "../server/platform/settings/config.ts";
import { createS3Storage } from "../server/platform/storage/s3.ts";
import { restore } from "./backup/backup.ts";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { "allow-missing-photos": { type: "boolean" } },
});
const from = positionals[0];
if (!from) {
  console.error("Usage: npm run restore -- <backup folder> [--allow-missing-photos]");
  process.exit(2);
}
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(`Restore failed: ${err.message}`);
  process.exit(1);
}
try {
  const { manifest, checked, missing } = await restore(
    {
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      storage: config.s3 ? createS3Storage(config.s3, PHOTO_BUCKET) : undefined,
      voices: config.s3 ? createS3Storage(config.s3, VOICE_BUCKET) : undefined,
    },
    path.resolve(from),
    { allowMissingPhotos: values["allow-missing-photos"] },
  );
  if (missing.length > 0) {
    console.warn(`Restored without ${missing.length} photo files the database names: ${missing.join(", ")}`);
  }
  console.log(
    `Restored the backup of ${manifest.createdAt} (${manifest.engine}, ${manifest.storageFiles} photo files; ` +
      `${checked - missing.length} of the ${checked} photo files the database names checked).`,
  );
} catch (err) {
  console.error(`Restore failed: ${(err as Error).message}`);
  process.exit(1);
}
