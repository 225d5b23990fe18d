// Builds the application's dependencies from a Config: database (migrated), auth, storage, mailer.

import path from "node:path";
import { PHOTO_BUCKET } from "@domain/constants.ts";
import { createAuth } from "./auth/auth.ts";
import type { Config } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { createMailer } from "./email/mailer.ts";
import type { AppDeps } from "./http/types.ts";
import type { Logger } from "./logger.ts";
import { createLocalStorage } from "./storage/local.ts";

export async function createDeps(
  config: Config,
  logger: Logger,
  opts: { inMemoryDb?: boolean } = {},
): Promise<AppDeps> {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: opts.inMemoryDb ? undefined : path.join(config.dataDir, "db"),
  });
  await database.migrate();
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: config.outboxDir,
    logger,
  });
  const storage = createLocalStorage(config.storageDir, PHOTO_BUCKET);
  const auth = createAuth({ config, db: database.db, mailer, logger });
  return { config, database, auth, storage, mailer, logger };
}
