import type { Auth, SessionData } from "../auth/auth.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import type { Mailer } from "../email/mailer.ts";
import type { Logger } from "../logger.ts";
import type { Storage } from "../storage/storage.ts";

/** Everything a route module may use; built once in main.ts (or per test). */
export interface AppDeps {
  config: Config;
  database: Database;
  auth: Auth;
  storage: Storage;
  mailer: Mailer;
  logger: Logger;
}

export type SessionUser = SessionData["user"];

export interface AppEnv {
  Variables: {
    user: SessionUser;
    session: SessionData["session"];
    log: Logger;
  };
}
