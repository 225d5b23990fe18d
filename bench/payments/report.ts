// The bench's report, printed on stdout as markdown: the heading with the engine, the machine and
// its load average, the latency tables (notification → access one payment at a time, where the
// time goes, then with notifications in flight), the chaos table by way of being notified and
// provider, the correctness table over every payment of the run with the first problems listed,
// and the closing verdict. printVerdicts returns the number of problems, the bench's exit status.
import type { Machine } from "../harness/machine.ts";
import { printHeading as printTitle } from "../harness/report.ts";
import { max, ms, n, pct, ratio } from "../harness/stats.ts";
import { type ChaosResult, DELIVERIES, DELIVERY_LABEL } from "./chaos.ts";
import type { LatencyResult, Timing } from "./latency.ts";
import type { Bench } from "./members.ts";
import { PATH_ORDER } from "./paths.ts";
import type { Options } from "./setup.ts";
import type { Verdict } from "./verify.ts";

export const ENGINE_LABEL = {
  pglite: "PGlite (embedded, data folder)",
  postgres: "PostgreSQL server",
} as const;

export function printHeading(
  engine: keyof typeof ENGINE_LABEL,
  opts: Options,
  machine: Machine,
  totalS: number,
): void {
  printTitle(
    "Payments: notification → access, and duplicated, reordered, dropped notifications (bench/payments.ts)",
    machine,
    `${ENGINE_LABEL[engine]}. The app, the three fakes and the bench share one process; ${totalS.toFixed(0)} s in all. Chaos seed: ${opts.seed} (\`--seed ${opts.seed}\` draws the same plan).`,
  );
}

function latencyRow(label: string, xs: number[], base: number[]): string {
  return `| ${label} | ${n(xs.length)} | ${ms(pct(xs, 50))} | ${ms(pct(xs, 95))} | ${ms(pct(xs, 99))} | ${ms(max(xs))} | ${ratio(pct(xs, 50) / pct(base, 50))} | ${ratio(pct(xs, 99) / pct(base, 99))} |`;
}

const LATENCY_HEAD =
  "| path | payments | p50 ms | p95 ms | p99 ms | max ms | p50 ÷ Stripe p50 | p99 ÷ Stripe p99 |\n|---|---:|---:|---:|---:|---:|---:|---:|";

const accessOf = (ts: Timing[]) => ts.map((t) => t.accessMs).filter(Number.isFinite);

export function printLatency(b: Bench, opts: Options, r: LatencyResult): void {
  console.log(
    `\n### Notification → access (ms), one payment at a time (${opts.payments} per path after ${opts.warmup} untimed, interleaved)`,
  );
  console.log(LATENCY_HEAD);
  const base = accessOf(r.sequential.stripe);
  for (const name of PATH_ORDER)
    console.log(latencyRow(b.paths[name].label, accessOf(r.sequential[name]), base));
  console.log(
    "\n_From just before the provider's notification is signed and sent to the first query that sees the member subscribed._",
  );

  console.log("\n### Where the time goes (ms, p50 / p99), one payment at a time");
  console.log(
    "| path | notification answered | access seen on the 1st query after the answer | not seen in 5 s | answers ≠ 200 | status call alone (from the bench) |\n|---|---:|---:|---:|---:|---:|",
  );
  for (const name of PATH_ORDER) {
    const ts = r.sequential[name];
    const answer = ts.map((t) => t.answerMs);
    console.log(
      `| ${name} | ${ms(pct(answer, 50))} / ${ms(pct(answer, 99))} | ${n(ts.filter((t) => t.polls === 1).length)} / ${n(ts.length)} | ${n(ts.filter((t) => !Number.isFinite(t.accessMs)).length)} | ${n(ts.filter((t) => t.status !== 200).length)} | ${ms(pct(r.statusCall[name], 50))} / ${ms(pct(r.statusCall[name], 99))} |`,
    );
  }
  console.log(
    "\n_status call alone_: the provider's checkStatus() on the same (paid) checkouts, from this process to the fake and back: Stripe's is the SDK's session retrieve, which its webhook does not make.",
  );

  console.log(
    `\n### Notification → access (ms), ${opts.concurrency} notifications in flight (${opts.payments} per path)`,
  );
  console.log(
    "| path | payments | p50 ms | p95 ms | p99 ms | max ms | p50 ÷ Stripe p50 | p99 ÷ Stripe p99 | notifications/s |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|",
  );
  const cbase = accessOf(r.concurrent.stripe.timings);
  for (const name of PATH_ORDER) {
    const c = r.concurrent[name];
    const rate = c.timings.length / (c.wallMs / 1000);
    console.log(`${latencyRow(name, accessOf(c.timings), cbase)} ${rate.toFixed(0)} |`);
  }
  const missed = PATH_ORDER.flatMap((name) => r.concurrent[name].timings).filter(
    (t) => !Number.isFinite(t.accessMs) || t.status !== 200,
  ).length;
  console.log(
    `\n_Checkouts opened and paid at the fake first (untimed); answers ≠ 200 or access not seen: ${missed}._`,
  );
}

export function printChaos(c: ChaosResult, v: Verdict[]): void {
  const verdictOf = new Map(v.map((x) => [x.opened.checkoutId, x]));
  console.log(`\n### Chaos: ${c.payments.length} payments, ${(c.wallMs / 1000).toFixed(1)} s`);
  console.log(
    "| notified | provider | payments | refused / cancelled at the fake | notifications sent | answers ≠ 200 | paid | failed / cancelled | still pending |\n|---|---|---:|---:|---:|---:|---:|---:|---:|",
  );
  for (const [delivery] of DELIVERIES)
    for (const provider of ["cinetpay", "fedapay"] as const) {
      const ps = c.payments.filter((p) => p.delivery === delivery && p.path === provider);
      const status = (s: string) => ps.filter((p) => verdictOf.get(p.opened.checkoutId)?.status === s).length;
      console.log(
        `| ${DELIVERY_LABEL[delivery]} | ${provider} | ${n(ps.length)} | ${n(ps.filter((p) => p.outcome !== "paid").length)} | ${n(ps.reduce((s, p) => s + p.notifications, 0))} | ${n(ps.reduce((s, p) => s + p.failed, 0))} | ${n(status("paid"))} | ${n(status("failed") + status("cancelled"))} | ${n(status("pending"))} |`,
      );
    }
  console.log(
    `\n_Then the scheduled job's work: ${n(c.job.due)} pending checkouts made due, recheckPendingPayments() ${n(c.job.rounds)} times (${n(c.job.checked)} checked, ${n(c.job.settled)} settled) in ${ms(c.job.ms)} ms. The job runs racing notifications checked ${n(c.racedJob.checked)} and settled ${n(c.racedJob.settled)}._`,
  );
}

export function printVerdicts(v: Verdict[], strays: number, chaosIds: Set<string>): number {
  console.log("\n### Correctness, every payment of the run, against the fakes");
  console.log(
    "| payments | paid at the fake | double grants | lost payments | wrong grants | still pending | refused/cancelled closed otherwise |\n|---|---:|---:|---:|---:|---:|---:|",
  );
  const row = (label: string, xs: Verdict[]) =>
    console.log(
      `| ${label} | ${n(xs.filter((x) => x.atFake === "paid").length)} / ${n(xs.length)} | ${n(xs.filter((x) => x.double.length > 0).length)} | ${n(xs.filter((x) => x.lost).length)} | ${n(xs.filter((x) => x.wrong).length)} | ${n(xs.filter((x) => x.pending).length)} | ${n(xs.filter((x) => x.unexpectedClose).length)} |`,
    );
  for (const name of PATH_ORDER)
    row(
      `latency runs, ${name}`,
      v.filter((x) => x.opened.path === name && !chaosIds.has(x.opened.checkoutId)),
    );
  for (const name of ["cinetpay", "fedapay"] as const)
    row(
      `chaos, ${name}`,
      v.filter((x) => x.opened.path === name && chaosIds.has(x.opened.checkoutId)),
    );
  row("**all**", v);
  const reasons = new Map<string, number>();
  for (const x of v) for (const why of x.double) reasons.set(why, (reasons.get(why) ?? 0) + 1);
  const problems = v.filter((x) => x.double.length > 0 || x.lost || x.wrong);
  if (strays > 0) console.log(`\n**${strays} subscription(s) without a checkout.**`);
  if (reasons.size > 0)
    console.log(`\nDouble grants by kind: ${[...reasons].map(([k, c]) => `${k}: ${c}`).join(", ")}.`);
  for (const x of problems.slice(0, 20))
    console.log(
      `- ${x.opened.path} checkout ${x.opened.checkoutId}: at the fake ${x.atFake}, checkout ${x.status}${x.double.length ? `, double (${x.double.join(", ")})` : ""}${x.lost ? ", lost" : ""}${x.wrong ? ", wrong grant" : ""}`,
    );
  return problems.length + strays;
}

export function printConclusion(problems: number): void {
  console.log(
    problems === 0
      ? "\n**0 double grants, 0 lost payments, 0 wrong grants.**"
      : `\n**${problems} problem(s): payments with a double grant, a lost payment or a wrong grant, and subscriptions without a checkout; see above.**`,
  );
}
