// Run before the journeys' server when TEST_DATABASE_URL is set (e2e/playwright.config.ts): makes its
// database on that PostgreSQL server afresh, so that each run starts from the demo data alone.
// Usage: node --import tsx e2e/fresh-database.ts <name>
import { recreateDatabase } from "../server/platform/db/scratch-database.ts";

const adminUrl = process.env.TEST_DATABASE_URL;
const name = process.argv[2];
if (!adminUrl || !name)
  throw new Error("usage: TEST_DATABASE_URL=… node --import tsx e2e/fresh-database.ts <name>");
await recreateDatabase(adminUrl, name);
