// npm run backup [-- --out ./backups/<name>]: the database (embedded or DATABASE_URL) and the photos
// into a new folder. The embedded database needs the app stopped. See docs/operations.md.
import path from "node:path";
import { parseArgs } from "node:util";
import { backup } from "./backup/backup.ts";

const { values } = parseArgs({ options: { out: { type: "string" } } });
const dataDir = path.resolve(process.env.DATA_DIR ?? "data");
const stamp = new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19);
const out = path.resolve(values.out ?? path.join("backups", `passerelle-${stamp}`));
try {
  const manifest = await backup({ databaseUrl: process.env.DATABASE_URL, dataDir }, out);
  console.log(
    `Backup written to ${out}: ${manifest.engine} database (${manifest.database}), ` +
      `${manifest.storageFiles} photo files (${Math.round(manifest.storageBytes / 1024)} KB).`,
  );
} catch (err) {
  console.error(`Backup failed: ${(err as Error).message}`);
  process.exit(1);
}
