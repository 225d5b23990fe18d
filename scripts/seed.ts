// npm run seed -- --count N [--seed S] [--with-demo-accounts]
// Adds N generated members to the configured database (embedded ./data/db or DATABASE_URL), in
// batched transactions, and prints the progress and the insert rate. Stop the server first when
// using the embedded database: only one process may open it.
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { closeDeps, createDeps } from "../server/bootstrap.ts";
import { createLogger } from "../server/platform/logger.ts";
import { ConfigError, loadConfig } from "../server/platform/settings/config.ts";
import { DEMO_PASSWORD } from "./seed/accounts.ts";
import { seedMembers } from "./seed/bulk.ts";
import { createDemoAccounts, hashDemoPasswords } from "./seed/demo.ts";
import { POOL_SIZE } from "./seed/photos.ts";

/** Up to this many members each get their own drawn photos and a sign-in account. */
const SMALL_RUN = 1_000;

const USAGE = "Usage: npm run seed -- [--count N] [--seed S] [--with-demo-accounts]";

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(1);
}

function parse() {
  let values: { count?: string; seed?: string; "with-demo-accounts"?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        count: { type: "string", default: "200" },
        seed: { type: "string" },
        "with-demo-accounts": { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    }));
  } catch (err) {
    fail((err as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 0 || count > 10_000_000)
    fail("--count must be an integer between 0 and 10000000");
  const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
  if (!Number.isInteger(seed)) fail("--seed must be an integer");
  return { count, seed, withDemoAccounts: values["with-demo-accounts"] === true };
}

async function main() {
  const args = parse();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  const deps = await createDeps(config, createLogger("warn", false));
  const where = config.databaseUrl ? "PostgreSQL server" : `embedded database in ${config.dataDir}/db`;
  console.log(`Seeding ${args.count} members (seed ${args.seed}) into the ${where}.`);
  try {
    const small = args.count <= SMALL_RUN;
    const hashes = small || args.withDemoAccounts ? await hashDemoPasswords() : null;
    if (args.withDemoAccounts) {
      const created = await createDemoAccounts(deps, hashes ?? undefined);
      console.log(
        created.length > 0 ? `Demo accounts created: ${created.join(", ")}` : "Demo accounts already exist.",
      );
    }
    let lastPrint = 0;
    const result = await seedMembers(deps, {
      count: args.count,
      seed: args.seed,
      photos: small ? "individual" : "pool",
      passwordHash: small ? (hashes?.member ?? null) : null,
      onProgress: (done, total) => {
        const now = performance.now();
        if (done < total && now - lastPrint < 1_000) return;
        lastPrint = now;
        process.stdout.write(`  ${done.toLocaleString("en")} / ${total.toLocaleString("en")}\n`);
      },
    });
    // After a bulk load the planner has no statistics and the visibility map is empty: searches
    // would read the heap with guessed plans (1.5 s instead of a few ms at 100,000 members, measured
    // in bench/load.ts) until autovacuum comes by.
    const vacuumed = performance.now();
    await deps.database.db.execute(sql`VACUUM ANALYZE`);
    console.log(`VACUUM ANALYZE in ${((performance.now() - vacuumed) / 1000).toFixed(1)} s.`);
    const seconds = result.ms / 1000;
    const rate = seconds > 0 ? Math.round(result.created / seconds) : 0;
    const pictures = small
      ? `${result.photos} photos drawn`
      : `photos from a shared pool of ${POOL_SIZE} pictures`;
    console.log(
      `Done: ${result.created.toLocaleString("en")} members (${pictures}) in ${seconds.toFixed(1)} s, ` +
        `${rate.toLocaleString("en")} members/s.`,
    );
    if (small) console.log(`Seeded members can sign in with their e-mail and the password ${DEMO_PASSWORD}.`);
    else console.log("Members of large data sets have no sign-in account (search data only).");
  } finally {
    await closeDeps(deps);
  }
}

await main();
