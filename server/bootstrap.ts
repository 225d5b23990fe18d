// Builds the application's dependencies from a Config: database (migrated), auth, storage, mailer.

import path from "node:path";
import { PHOTO_BUCKET } from "@domain/constants.ts";
import { createAuth } from "./auth/auth.ts";
import { createSessionReader } from "./auth/session-reader.ts";
import type { Config } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import type { AppDeps } from "./deps.ts";
import { createMailer } from "./email/mailer.ts";
import { findMessage } from "./features/messages/messages.service.ts";
import { ImageWork } from "./images/index.ts";
import { openJobs } from "./jobs/queue.ts";
import type { Logger } from "./logger.ts";
import { cinetpayProvider } from "./payments/cinetpay/provider.ts";
import { demoProvider } from "./payments/demo.ts";
import { fedapayProvider } from "./payments/fedapay/provider.ts";
import type { PaymentProvider } from "./payments/provider.ts";
import { PaymentRegistry } from "./payments/registry.ts";
import { createStripeClient, stripeProvider } from "./payments/stripe.ts";
import { createMemoryBus } from "./realtime/bus.ts";
import { RealtimeHub } from "./realtime/hub.ts";
import { createPgBus } from "./realtime/pg-bus.ts";
import { createLocalStorage } from "./storage/local.ts";
import { createS3Storage } from "./storage/s3.ts";

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
  const jobs = await openJobs(database, logger);
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
  const auth = createAuth({ config, db: database.db, mailer, logger });
  const sessions = createSessionReader(auth, database.db, config.authSecret);
  const events = config.databaseUrl
    ? await createPgBus({
        url: config.databaseUrl,
        db: database.db,
        logger,
        loadMessage: (id) => findMessage(database.db, id),
      })
    : createMemoryBus();
  const hub = new RealtimeHub(events);
  const stripe = config.stripe ? createStripeClient(config.stripe) : null;
  const payments = paymentRegistry(config, stripe);
  if (payments.providers.length === 0)
    logger.warn(
      "payments: no provider (set the Stripe, CinetPay or FedaPay keys, or ALLOW_DEMO_PAYMENTS=true)",
    );
  else logger.info({ providers: payments.names }, "payments: providers enabled");
  const images = new ImageWork();
  return {
    config,
    database,
    auth,
    sessions,
    storage,
    mailer,
    logger,
    events,
    hub,
    payments,
    stripe,
    jobs,
    images,
  };
}

/** The enabled providers in order of preference; the demo last, taking what no real one takes. */
function paymentRegistry(config: Config, stripe: ReturnType<typeof createStripeClient> | null) {
  const providers: PaymentProvider[] = [];
  if (stripe && config.stripe) providers.push(stripeProvider(stripe, config.stripe.webhookSecret));
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
  await deps.events.close();
  await deps.database.close();
}
