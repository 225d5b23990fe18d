// 2. Chaos, correctness: --payments more over CinetPay and FedaPay (half each), --concurrency at a
// time, each drawn from a seeded PRNG (the seed is printed; --seed replays the draw, though not the
// interleavings): ~10 % refused or cancelled at the fake, and one way of being notified —
// duplicated (2–4 copies at once), early then late (a notification while the payment is still
// pending at the fake, then copies after it is settled), stale replay (the settled notification, a
// later one — FedaPay: the transaction moves on to « transferred » — then the first one replayed
// byte for byte, twice at once), raced by the job (copies while the scheduled job's work runs on
// that payment), dropped (never notified), early then dropped. Then what the scheduled job does:
// every pending checkout made due, recheckPendingPayments() until none is due.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { recheckPendingPayments } from "../../server/features/billing/settle.ts";
import { queryRows } from "../../server/platform/db/client.ts";
import { type Bench, newMembers, openCheckout } from "./members.ts";
import { type Opened, type Outcome, sent } from "./paths.ts";
import { log, type Options, pick, pool, prng } from "./setup.ts";

export type Delivery =
  | "duplicated"
  | "early-late"
  | "stale-replay"
  | "job-race"
  | "dropped"
  | "early-dropped";

export const DELIVERIES: readonly (readonly [Delivery, number])[] = [
  ["duplicated", 30],
  ["early-late", 20],
  ["stale-replay", 15],
  ["job-race", 10],
  ["dropped", 15],
  ["early-dropped", 10],
];

export const DELIVERY_LABEL: Record<Delivery, string> = {
  duplicated: "duplicated: 2–4 copies at once",
  "early-late": "early (still pending) then 1–3 copies once settled",
  "stale-replay": "settled, a later one, then the first replayed ×2 at once",
  "job-race": "1–3 copies while the job checks the same payment",
  dropped: "dropped: never notified",
  "early-dropped": "early (still pending), then dropped",
};

export interface ChaosPlan {
  path: "cinetpay" | "fedapay";
  outcome: Outcome;
  delivery: Delivery;
  copies: number;
  plan: string;
}

export interface ChaosPayment extends ChaosPlan {
  opened: Opened;
  notifications: number;
  /** Answers other than 200. */
  failed: number;
}

export interface ChaosResult {
  payments: ChaosPayment[];
  wallMs: number;
  job: { due: number; rounds: number; checked: number; settled: number; ms: number };
  /** Settled by the job runs that raced notifications (job-race). */
  racedJob: { checked: number; settled: number };
}

function chaosPlans(opts: Options): ChaosPlan[] {
  const random = prng(opts.seed);
  const plans = ["1-mois", "3-mois", "6-mois"];
  return Array.from({ length: opts.payments }, (_, i) => ({
    path: i % 2 === 0 ? ("cinetpay" as const) : ("fedapay" as const),
    outcome: pick<Outcome>(random, [
      ["paid", 90],
      ["refused", 5],
      ["cancelled", 5],
    ]),
    delivery: pick(random, DELIVERIES),
    copies: 2 + Math.floor(random() * 3),
    plan: plans[Math.floor(random() * plans.length)]!,
  }));
}

export async function chaos(b: Bench, opts: Options): Promise<ChaosResult> {
  const plans = chaosPlans(opts);
  const members = {
    cinetpay: await newMembers(b.db, b.paths.cinetpay.country, plans.length),
    fedapay: await newMembers(b.db, b.paths.fedapay.country, plans.length),
  };
  const racedJob = { checked: 0, settled: 0 };
  const payments: ChaosPayment[] = [];
  log(`chaos: ${plans.length} payments over CinetPay and FedaPay, ${opts.concurrency} at a time…`);
  const t0 = performance.now();
  await pool(plans, opts.concurrency, async (plan, i) => {
    const p = b.paths[plan.path];
    const o = await openCheckout(b, p, members[plan.path][i]!, plan.plan);
    const payment: ChaosPayment = { ...plan, opened: o, notifications: 0, failed: 0 };
    payments.push(payment);
    const answered = async (res: Response) => {
      await res.arrayBuffer();
      payment.notifications++;
      if (res.status !== 200) payment.failed++;
    };
    const send = () => p.notify(o).then(answered);
    const copies = (k: number) => Promise.all(Array.from({ length: k }, send));
    switch (plan.delivery) {
      case "duplicated":
        p.settle(o, plan.outcome);
        await copies(plan.copies);
        break;
      case "early-late":
        await send();
        p.settle(o, plan.outcome);
        await copies(plan.copies - 1);
        break;
      case "stale-replay": {
        p.settle(o, plan.outcome);
        const before = sent.get(o.checkoutId)?.length ?? 0;
        await send();
        const first = sent.get(o.checkoutId)?.[before];
        if (!first) throw new Error(`no notification kept for ${o.checkoutId}`);
        p.later(o);
        await send();
        await Promise.all([
          fetch(first.url, first.init).then(answered),
          fetch(first.url, first.init).then(answered),
        ]);
        break;
      }
      case "job-race": {
        p.settle(o, plan.outcome);
        const job = async () => {
          await b.db.execute(
            sql`UPDATE checkouts SET next_check_at = now() - interval '1 second' WHERE id = ${o.checkoutId}::uuid AND status = 'pending'`,
          );
          const r = await recheckPendingPayments(b.deps);
          racedJob.checked += r.checked;
          racedJob.settled += r.settled;
        };
        await Promise.all([copies(plan.copies - 1), job()]);
        break;
      }
      case "dropped":
        p.settle(o, plan.outcome);
        break;
      case "early-dropped":
        await send();
        p.settle(o, plan.outcome);
        break;
    }
  });
  const wallMs = performance.now() - t0;

  log("chaos: the scheduled job's work on every pending payment…");
  const j0 = performance.now();
  const [{ due } = { due: 0 }] = await queryRows(
    b.db,
    z.strictObject({ due: z.number() }),
    sql`SELECT count(*)::int AS due FROM checkouts WHERE status = 'pending'`,
  );
  await b.db.execute(
    sql`UPDATE checkouts SET next_check_at = now() - interval '1 second' WHERE status = 'pending'`,
  );
  const job = { due, rounds: 0, checked: 0, settled: 0, ms: 0 };
  for (;;) {
    const r = await recheckPendingPayments(b.deps);
    job.rounds++;
    job.checked += r.checked;
    job.settled += r.settled;
    if (r.checked === 0) break;
  }
  job.ms = performance.now() - j0;
  return { payments, wallMs, job, racedJob };
}
