// The app's parts, as every module receives them (AppDeps), and what a request carries (AppEnv): the
// composition's types, built once by server/bootstrap.ts (or per test).
import type Stripe from "stripe";
import type { Auth } from "./auth/auth.ts";
import type { SessionReader } from "./auth/session-reader.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { Mailer } from "./email/mailer.ts";
import type { ImageWork } from "./images/index.ts";
import type { Jobs } from "./jobs/queue.ts";
import type { Logger } from "./logger.ts";
import type { PaymentRegistry } from "./payments/registry.ts";
import type { EventBus } from "./realtime/bus.ts";
import type { RealtimeHub } from "./realtime/hub.ts";
import type { Storage } from "./storage/storage.ts";

/** Everything a route module may use; built once by createDeps (server/bootstrap.ts) or per test. */
export interface AppDeps {
  config: Config;
  database: Database;
  auth: Auth;
  /** The session of a request, its account and profile in one read (requireUser, requireAdmin). */
  sessions: SessionReader;
  storage: Storage;
  mailer: Mailer;
  logger: Logger;
  /** Carries real-time events to every instance. */
  events: EventBus;
  /** This instance's open event streams. */
  hub: RealtimeHub;
  /** Stripe, the demo provider, or null when paying is not possible (production without Stripe). */
  payments: PaymentRegistry;
  /** The Stripe client when Stripe is configured (webhooks). */
  stripe: Stripe | null;
  /** Durable jobs (pg-boss): notifications, digests, reminders. */
  jobs: Jobs;
  /** Bounds the decoding of images members send, per member and in total, on this instance. */
  images: ImageWork;
}

// What a request carries: a platform type, re-exported here where the routes import it from.
export type { AppEnv, SessionUser } from "./http/env.ts";
