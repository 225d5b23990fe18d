// npm run restore -- <backup folder>: puts a backup made by `npm run backup` back in place. What is
// there is kept aside (DATA_DIR/db.before-restore-…, storage.before-restore-…); on a server,
// pg_restore --clean replaces the tables. The app must be stopped. See docs/operations.md.
import path from "node:path";
import { parseArgs } from "node:util";
import { restore } from "./backup/backup.ts";

const { positionals } = parseArgs({ allowPositionals: true });
const from = positionals[0];
if (!from) {
  console.error("Usage: npm run restore -- <backup folder>");
  process.exit(2);
}
const dataDir = path.resolve(process.env.DATA_DIR ?? "data");
try {
  const manifest = await restore({ databaseUrl: process.env.DATABASE_URL, dataDir }, path.resolve(from));
  console.log(
    `Restored the backup of ${manifest.createdAt} (${manifest.engine}, ${manifest.storageFiles} photo files).`,
  );
} catch (err) {
  console.error(`Restore failed: ${(err as Error).message}`);
  process.exit(1);
}
