// 1. Latency: --payments per provider after --warmup untimed ones each, one payment at a time and
// interleaved (Stripe, CinetPay, FedaPay, Stripe…). Each is timed from just before the
// notification is signed and sent to the first query (SELECT account_status FROM profiles, on the
// app's own database handle) that sees the member 'subscribed'; the handler settles before it
// answers, so that is the query right after the answer unless something is late. Baseline:
// Stripe's webhook, signed by the SDK's test helper, recorded from the event itself. CinetPay: the
// form notification with its x-token, then the app's status check (POST /v2/payment/check).
// FedaPay: the signed webhook, then GET /v1/transactions/{id}. Also timed: the status call alone,
// from this process through the provider's own checkStatus(), to show what the aggregators' extra
// round trip costs; and the same payments with --concurrency notifications in flight.
import { setImmediate as nextTurn } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../server/platform/db/client.ts";
import { type Bench, type Member, newMembers, openCheckout } from "./members.ts";
import { type Opened, PATH_ORDER, type PathName } from "./paths.ts";
import { log, type Options, pool } from "./setup.ts";

/** A notification whose access is not seen within this is counted as not observed. */
const ACCESS_TIMEOUT_MS = 5_000;

export interface Timing {
  /** The notification's HTTP round trip (signing included). */
  answerMs: number;
  /** Until a query sees the member subscribed (NaN: not within ACCESS_TIMEOUT_MS). */
  accessMs: number;
  /** Queries it took (1: access was there as soon as the notification was answered). */
  polls: number;
  status: number;
}

async function hasAccess(db: Db, userId: string): Promise<boolean> {
  const [row] = await queryRows(
    db,
    z.strictObject({ s: z.string() }),
    sql`SELECT account_status AS s FROM profiles WHERE user_id = ${userId}`,
  );
  return row?.s === "subscribed";
}

async function timedNotification(b: Bench, o: Opened): Promise<Timing> {
  const t0 = performance.now();
  const res = await b.paths[o.path].notify(o);
  await res.arrayBuffer();
  const answerMs = performance.now() - t0;
  for (let polls = 1; ; polls++) {
    if (await hasAccess(b.db, o.userId))
      return { answerMs, accessMs: performance.now() - t0, polls, status: res.status };
    if (performance.now() - t0 > ACCESS_TIMEOUT_MS)
      return { answerMs, accessMs: Number.NaN, polls, status: res.status };
    await nextTurn();
  }
}

export interface LatencyResult {
  sequential: Record<PathName, Timing[]>;
  statusCall: Record<PathName, number[]>;
  concurrent: Record<PathName, { timings: Timing[]; wallMs: number }>;
}

export async function latency(b: Bench, opts: Options): Promise<LatencyResult> {
  const sequential = { stripe: [], cinetpay: [], fedapay: [] } as Record<PathName, Timing[]>;
  const opened = { stripe: [], cinetpay: [], fedapay: [] } as Record<PathName, Opened[]>;
  const members = {} as Record<PathName, Member[]>;
  for (const name of PATH_ORDER)
    members[name] = await newMembers(b.db, b.paths[name].country, opts.warmup + opts.payments);

  log(`latency: ${opts.warmup} untimed then ${opts.payments} timed payments per provider, one at a time…`);
  for (let i = 0; i < opts.warmup + opts.payments; i++) {
    for (const name of PATH_ORDER) {
      const p = b.paths[name];
      const o = await openCheckout(b, p, members[name][i]!);
      p.settle(o, "paid");
      const t = await timedNotification(b, o);
      if (i >= opts.warmup) {
        sequential[name].push(t);
        opened[name].push(o);
      }
    }
  }

  log("latency: the status calls alone…");
  const statusCall = { stripe: [], cinetpay: [], fedapay: [] } as Record<PathName, number[]>;
  for (const o of PATH_ORDER.flatMap((name) => opened[name])) {
    const provider = b.deps.payments.get(o.path);
    if (!provider?.checkStatus) throw new Error(`${o.path}: no status check`);
    const t0 = performance.now();
    const answer = await provider.checkStatus({ id: o.checkoutId, sessionId: o.sessionId });
    statusCall[o.path].push(performance.now() - t0);
    if (answer.state !== "paid")
      throw new Error(`${o.path}: status check of a paid checkout: ${answer.state}`);
  }

  log(`latency: ${opts.payments} payments per provider, ${opts.concurrency} notifications in flight…`);
  const concurrent = {} as LatencyResult["concurrent"];
  for (const name of PATH_ORDER) {
    const p = b.paths[name];
    const fresh = await newMembers(b.db, p.country, opts.payments);
    const batch: Opened[] = [];
    await pool(fresh, 4, async (m) => {
      batch.push(await openCheckout(b, p, m));
    });
    for (const o of batch) p.settle(o, "paid");
    const timings: Timing[] = [];
    const t0 = performance.now();
    await pool(batch, opts.concurrency, async (o) => {
      timings.push(await timedNotification(b, o));
    });
    concurrent[name] = { timings, wallMs: performance.now() - t0 };
  }
  return { sequential, statusCall, concurrent };
}
