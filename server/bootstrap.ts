// Builds the application's dependencies from a Config: database (migrated), auth, storage, mailer.

import path from "node:path";
import { PHOTO_BUCKET } from "@domain/constants.ts";
import { VOICE_BUCKET } from "@domain/voice.ts";
import type { AppDeps } from "./deps.ts";
import { cinetpayProvider } from "./features/billing/providers/cinetpay/provider.ts";
import { demoProvider } from "./features/billing/providers/demo.ts";
import { fedapayProvider } from "./features/billing/providers/fedapay/provider.ts";
import type { PaymentProvider } from "./features/billing/providers/provider.ts";
import { PaymentRegistry } from "./features/billing/providers/registry.ts";
import { createStripeClient, stripeProvider } from "./features/billing/providers/stripe.ts";
import { findMessage } from "./features/messages/messages.service.ts";
import { JOB_CATALOGUE } from "./job-catalogue.ts";
import { createAuth } from "./platform/auth/auth.ts";
import { createSessionReader } from "./platform/auth/session-reader.ts";
import { openDatabase } from "./platform/db/client.ts";
import { createMailer } from "./platform/email/mailer.ts";
import { createDomainEvents } from "./platform/events/domain-events.ts";
import { ImageWork } from "./platform/images/index.ts";
import { openJobs } from "./platform/jobs/queue.ts";
import { queuesOf } from "./platform/jobs/workers.ts";
import type { Logger } from "./platform/logger.ts";
import { createMemoryBus } from "./platform/realtime/bus.ts";
import { RealtimeHub } from "./platform/realtime/hub.ts";
import { createPgBus } from "./platform/realtime/pg-bus.ts";
import type { Config } from "./platform/settings/config.ts";
import { createLocalStorage } from "./platform/storage/local.ts";
import { createS3Storage } from "./platform/storage/s3.ts";
import { REACTIONS } from "./reactions.ts";

export async function createDeps(
  config: Config,
  logger: Logger,
  opts: {
    inMemoryDb?: boolean;
    /** PGlite: start from this data folder tarball (tests: an already migrated template). */
    loadDataDir?: Blob;
  } = {},
): Promise<AppDeps> {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: opts.inMemoryDb ? undefined : path.join(config.dataDir, "db"),
    loadDataDir: opts.loadDataDir,
  });
  await database.migrate();
  const jobs = await openJobs(database, logger, queuesOf(JOB_CATALOGUE));
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: config.outboxDir,
    logger,
    // In production the log never carries a mail's text: its links (reset, confirmation) work.
    logTexts: !config.isProduction,
  });
  if (config.isProduction && !config.smtpUrl)
    logger.warn(
      { outbox: config.outboxDir },
      "SMTP_URL is not set: e-mails are not sent but written to the outbox folder (sign-up confirmations and password resets included)",
    );
  const storage = config.s3
    ? createS3Storage(config.s3, PHOTO_BUCKET)
    : createLocalStorage(config.storageDir, PHOTO_BUCKET);
  const voices = config.s3
    ? createS3Storage(config.s3, VOICE_BUCKET)
    : createLocalStorage(config.storageDir, VOICE_BUCKET);
  const auth = createAuth({ config, db: database.db, mailer, logger });
  const sessions = createSessionReader(auth, database.db, config.authSecret);
  const bus = config.databaseUrl
    ? await createPgBus({
        url: config.databaseUrl,
        db: database.db,
        logger,
        loadMessage: (id, viewer) => findMessage(database.db, id, viewer),
      })
    : createMemoryBus();
  const hub = new RealtimeHub(bus);
  const stripe = config.stripe ? createStripeClient(config.stripe) : null;
  const payments = paymentRegistry(config, stripe);
  if (payments.providers.length === 0)
    logger.warn(
      "payments: no provider (set the Stripe, CinetPay or FedaPay keys, or ALLOW_DEMO_PAYMENTS=true)",
    );
  else logger.info({ providers: payments.names }, "payments: providers enabled");
  const images = new ImageWork();
  const deps: AppDeps = {
    config,
    database,
    auth,
    sessions,
    storage,
    voices,
    mailer,
    logger,
    bus,
    // Every reaction receives the whole composition, built just below.
    events: createDomainEvents({ jobs, logger, reactions: REACTIONS, context: () => deps }),
    hub,
    payments,
    stripe,
    jobs,
    images,
  };
  return deps;
}

/** The enabled providers in order of preference; the demo last, taking what no real one takes. */
function paymentRegistry(config: Config, stripe: ReturnType<typeof createStripeClient> | null) {
  const providers: PaymentProvider[] = [];
  if (stripe && config.stripe) providers.push(stripeProvider(stripe));
  for (const name of config.mobileMoneyOrder) {
    if (name === "cinetpay" && config.cinetpay)
      providers.push(cinetpayProvider(config.cinetpay, config.publicBaseUrl));
    if (name === "fedapay" && config.fedapay) providers.push(fedapayProvider(config.fedapay));
  }
  if (config.demoPayments) providers.push(demoProvider);
  return new PaymentRegistry(providers);
}

/** Ends event streams, stops listening for events and closes the database. */
export async function closeDeps(deps: AppDeps): Promise<void> {
  deps.hub.closeAll();
  await deps.jobs.stop();
  await deps.bus.close();
  await deps.database.close();
}
