// Payments, issue 15: `npm run bench:payments`. The time from a provider's notification to the
// member's access, and whether duplicated, reordered and dropped notifications ever grant twice,
// lose a payment or grant a refused one. The real app listens on a port of this machine, with
// Stripe, CinetPay and FedaPay all enabled against the local fakes of server/test (the real SDK and
// protocol code pointed at them: bench/payments/paths.ts); the fakes deliver their notifications
// over HTTP with fetch, as the providers would. PGlite in a temporary data folder (production
// settings), or, when BENCH_DATABASE_URL is set, a fresh database on that PostgreSQL server
// (dropped at the end). The fakes, the bench's client and the app share this process (one event
// loop): every figure includes that, for the baseline as for the others.
//
// Every payment is a new member (a "user" row and a profile in the provider's country: France for
// cards, Mali for CinetPay, Bénin for FedaPay) who opens a checkout through the service
// (startCheckout: our row, then the provider's API at the fake), pays at the fake, and is notified:
//  1. Latency, sequential (bench/payments/latency.ts): --payments per provider, interleaved, after
//     --warmup untimed ones each, timed from just before the notification is signed and sent to the
//     first query that sees the member 'subscribed'. Baseline: Stripe's webhook, recorded from the
//     event itself; CinetPay and FedaPay: their notification, then the app's status call to the
//     provider. Also timed: the status call alone, to show what the aggregators' extra round trip
//     costs; and the same payments with --concurrency notifications in flight.
//  2. Chaos, correctness (bench/payments/chaos.ts): --payments more over CinetPay and FedaPay,
//     --concurrency at a time, each drawn from a seeded PRNG (the seed is printed; --seed replays
//     the draw, though not the interleavings): ~10 % refused or cancelled at the fake, and
//     notifications duplicated, early then late, replayed stale, raced by the scheduled job or
//     dropped. Then what the scheduled job does: recheckPendingPayments() until none is due.
//     Counted over every payment of the run, both phases (bench/payments/verify.ts): double grants,
//     lost payments, wrong grants and payments still pending. Exits 1 when any double, lost or
//     wrong is not 0 (or a subscription has no checkout).
// Prints markdown tables (bench/payments/report.ts). Run it on an idle machine: the load average
// is printed.
//
//   node --import tsx bench/payments.ts [--payments 200] [--warmup 10] [--concurrency 20] [--seed N]
import { createScratchDatabase } from "../server/platform/db/scratch-database.ts";
import { startFakeCinetPay } from "../server/test/fake-cinetpay.ts";
import { startFakeFedaPay } from "../server/test/fake-fedapay.ts";
import { startFakeStripe } from "../server/test/fake-stripe.ts";
import { deferCleanup, withCleanup } from "./harness/cleanup.ts";
import { watchMachine } from "./harness/machine.ts";
import { startApp } from "./harness/server.ts";
import { chaos } from "./payments/chaos.ts";
import { latency } from "./payments/latency.ts";
import type { Bench } from "./payments/members.ts";
import {
  CINETPAY,
  capturing,
  cinetpayKey,
  type Fakes,
  FEDAPAY,
  fedapayKey,
  paymentPaths,
  STRIPE,
} from "./payments/paths.ts";
import {
  ENGINE_LABEL,
  printChaos,
  printConclusion,
  printHeading,
  printLatency,
  printVerdicts,
} from "./payments/report.ts";
import { log, options } from "./payments/setup.ts";
import { verify } from "./payments/verify.ts";

const RECEIPT_SUBJECT = "Votre reçu";

export async function benchPayments(argv = process.argv.slice(2)): Promise<number> {
  const opts = options(argv);
  const machine = watchMachine();
  const engine = opts.serverUrl ? "postgres" : "pglite";
  return withCleanup(async () => {
    let databaseUrl: string | undefined;
    if (opts.serverUrl) {
      const scratch = await createScratchDatabase(opts.serverUrl, "passerelle_bench_payments");
      deferCleanup(scratch.drop);
      databaseUrl = scratch.url;
    }
    const fakes: Fakes = {
      stripe: await startFakeStripe(),
      cinetpay: await startFakeCinetPay(CINETPAY, capturing(cinetpayKey)),
      fedapay: await startFakeFedaPay(FEDAPAY, capturing(fedapayKey)),
    };
    deferCleanup(() => fakes.stripe.close());
    deferCleanup(fakes.cinetpay.close);
    deferCleanup(fakes.fedapay.close);

    log(`${ENGINE_LABEL[engine]}: opening and migrating the database…`);
    // Receipts counted by recipient on their way to the real mailer (the outbox folder).
    const receipts = new Map<string, number>();
    // Production settings, as deployed (PGlite in a data folder, not in memory).
    const { deps, base } = await startApp({
      databaseUrl,
      adjust: (deps) => {
        const mailer = deps.mailer;
        deps.mailer = {
          send(mail) {
            if (mail.subject.startsWith(RECEIPT_SUBJECT))
              receipts.set(mail.to, (receipts.get(mail.to) ?? 0) + 1);
            return mailer.send(mail);
          },
        };
      },
      env: {
        ALLOW_DEMO_PAYMENTS: "false",
        STRIPE_SECRET_KEY: STRIPE.secretKey,
        STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
        STRIPE_API_URL: fakes.stripe.url,
        CINETPAY_API_KEY: CINETPAY.apiKey,
        CINETPAY_SITE_ID: CINETPAY.siteId,
        CINETPAY_SECRET_KEY: CINETPAY.secretKey,
        CINETPAY_API_URL: fakes.cinetpay.url,
        FEDAPAY_SECRET_KEY: FEDAPAY.secretKey,
        FEDAPAY_WEBHOOK_SECRET: FEDAPAY.webhookSecret,
        FEDAPAY_API_URL: fakes.fedapay.url,
        MOBILE_MONEY_PROVIDERS: "fedapay,cinetpay",
      },
    });

    const b: Bench = {
      deps,
      db: deps.database.db,
      paths: paymentPaths(deps, fakes, base),
      ledger: [],
      receipts,
    };
    const started = performance.now();
    const lat = await latency(b, opts);
    const chaosResult = await chaos(b, opts);
    const { verdicts, strays } = await verify(b);
    const totalS = (performance.now() - started) / 1000;

    printHeading(engine, opts, machine, totalS);
    printLatency(b, opts, lat);
    printChaos(chaosResult, verdicts);
    const chaosIds = new Set(chaosResult.payments.map((p) => p.opened.checkoutId));
    const problems = printVerdicts(verdicts, strays, chaosIds);
    printConclusion(problems);
    return problems === 0 ? 0 : 1;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchPayments().then(
    (code) => {
      process.exitCode = code;
    },
    (err) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
