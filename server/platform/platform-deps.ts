// The platform's parts, as the composition builds them (server/bootstrap.ts): what the platform's own
// modules may ask for. The features' dependencies (AppDeps, server/deps.ts) add theirs to these.
import type { Auth } from "./auth/auth.ts";
import type { SessionReader } from "./auth/session-reader.ts";
import type { Database } from "./db/client.ts";
import type { Mailer } from "./email/mailer.ts";
import type { DomainEvents } from "./events/domain-events.ts";
import type { ImageWork } from "./images/index.ts";
import type { Jobs } from "./jobs/queue.ts";
import type { Logger } from "./logger.ts";
import type { EventBus } from "./realtime/bus.ts";
import type { RealtimeHub } from "./realtime/hub.ts";
import type { Config } from "./settings/config.ts";
import type { Storage } from "./storage/storage.ts";

export interface PlatformDeps {
  config: Config;
  database: Database;
  auth: Auth;
  /** The session of a request, its account and profile in one read (requireUser, requireAdmin). */
  sessions: SessionReader;
  storage: Storage;
  /** Voice recordings (issue 37): a storage of their own, never served publicly (domain/voice.ts). */
  voices: Storage;
  mailer: Mailer;
  logger: Logger;
  /** Carries real-time events to every instance. */
  bus: EventBus;
  /** Records what a write did (domain/events.ts); the features' reactions run (server/reactions.ts). */
  events: DomainEvents;
  /** This instance's open event streams. */
  hub: RealtimeHub;
  /** Durable jobs (pg-boss): notifications, digests, reminders. */
  jobs: Jobs;
  /** Bounds the decoding of images members send, per member and in total, on this instance. */
  images: ImageWork;
}
