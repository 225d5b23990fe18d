// Notification figures (issue 18), on a PostgreSQL server, the app in this process:
//  1. push delivery: messages sent through the API at --rate per second, each in its own
//     conversation whose recipient has a push subscription; latency from just before the POST to the
//     moment the local push service (server/test/push-service.ts: VAPID checked, payload decrypted)
//     has the push. Baseline, same run: web-push's sendNotification straight to the same service
//     (encryption and HTTP only: the floor of any delivery).
//  2. digest build: --members members on « un résumé par jour », each with a new match and an unread
//     message; the plan and every batch (news query, French e-mail, outbox rows) timed. Baseline, same
//     run: the news of the same members read one member at a time (a sample, per member).
//  3. the service worker's weight, from dist/ when the app was built (npm run build).
// Prints markdown tables; asserts nothing.
//   node --import tsx bench/notifications.ts [--rate 200] [--seconds 10] [--members 100000] [--workers false]
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server; a
// database passerelle_bench_notify_<random> is created and dropped.
import { createHmac } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import webpush from "web-push";
import { z } from "zod";
import { newsFor } from "../server/features/notifications/email-content.ts";
import { DIGEST_BATCH, handleDigestBatch, planDigests } from "../server/features/notifications/handlers.ts";
import { startJobWorkers } from "../server/job-workers.ts";
import { queryRows } from "../server/platform/db/client.ts";
import { createScratchDatabase } from "../server/platform/db/scratch-database.ts";
import { startPushService } from "../server/test/push-service.ts";
import { deferCleanup, withCleanup } from "./harness/cleanup.ts";
import { benchServerUrl } from "./harness/database.ts";
import { watchMachine } from "./harness/machine.ts";
import { heading, table } from "./harness/report.ts";
import { startApp } from "./harness/server.ts";
import { n as count, ms, pct, ratio } from "./harness/stats.ts";
import { startPushServiceThread } from "./notifications/push-service-client.ts";

const { values: args } = parseArgs({
  options: {
    rate: { type: "string", default: "200" },
    seconds: { type: "string", default: "10" },
    members: { type: "string", default: "100000" },
    // --workers false: the API alone (messages accepted per second, no push), to tell its cost apart.
    workers: { type: "string", default: "true" },
  },
});
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const MEMBERS = Number(args.members);

const machine = watchMachine();
const scratch = await createScratchDatabase(benchServerUrl(), "passerelle_bench_notify");
deferCleanup(scratch.drop);
// The baseline's service, in this process; the app's pushes go to one on a thread of its own.
const service = await startPushService();
deferCleanup(service.close);
const remote = await startPushServiceThread();
deferCleanup(remote.close);
const { deps, app, base } = await startApp({
  databaseUrl: scratch.url,
  logLevel: "warn",
  env: {
    NODE_ENV: "test",
    MESSAGES_PER_MINUTE: "100000",
    NEW_CONVERSATIONS_PER_DAY: "100000",
    PUSH_SERVICE_ORIGINS: remote.origin,
    PUSH_SERVICE_CA: remote.ca,
  },
});
const { config } = deps;
const db = deps.database.db;

await withCleanup(async () => {
  const stopWorkers =
    args.workers === "false" ? async () => {} : await startJobWorkers(deps, { pollingSeconds: 0.5 });
  deferCleanup(() => stopWorkers().catch(() => undefined));
  heading(
    `Notifications on PostgreSQL, ${new Date().toISOString().slice(0, 10)} (bench/notifications.ts)`,
    1,
  );
  await pushDelivery();
  // The digests are built below by hand, batch after batch, and timed: no worker may take them.
  await stopWorkers();
  await digests();
  serviceWorkerWeight();
  console.log(machine.line());
});

/** Members, profiles, accepted matches and sessions straight in SQL (ids m<i>, w<i>). */
async function seedPairs(n: number, prefix: string): Promise<void> {
  await db.execute(sql`INSERT INTO "user" (id, name, email, email_verified)
    SELECT ${prefix} || g.kind || i, 'Membre', ${prefix} || g.kind || i || '@bench.example', true
    FROM generate_series(1, ${n}) i, (VALUES ('m'), ('w')) g(kind)`);
  await db.execute(sql`INSERT INTO profiles (user_id, first_name, gender, birth_date, birth_date_confirmed, account_status, subscription_ends_at)
    SELECT ${prefix} || g.kind || i, CASE g.kind WHEN 'm' THEN 'Moussa' ELSE 'Awa' END,
      CASE g.kind WHEN 'm' THEN 'male' ELSE 'female' END::gender, '1990-05-01', true, 'subscribed', now() + interval '30 days'
    FROM generate_series(1, ${n}) i, (VALUES ('m'), ('w')) g(kind)`);
  await db.execute(sql`INSERT INTO matches (user1_id, user2_id, status)
    SELECT least(${prefix} || 'm' || i, ${prefix} || 'w' || i), greatest(${prefix} || 'm' || i, ${prefix} || 'w' || i), 'accepted'
    FROM generate_series(1, ${n}) i`);
}

async function pushDelivery(): Promise<void> {
  const n = RATE * SECONDS;
  await seedPairs(n, "p");
  const ctx = await deps.auth.$context;
  const cookies: string[] = [];
  const matchIds: string[] = [];
  const endpoints = new Map<string, number>();
  const rows = await queryRows(
    db,
    z.strictObject({ id: z.string(), w: z.string(), m: z.string() }),
    sql`SELECT id, CASE WHEN user1_id LIKE 'pw%' THEN user1_id ELSE user2_id END AS w,
        CASE WHEN user1_id LIKE 'pm%' THEN user1_id ELSE user2_id END AS m
      FROM matches WHERE user1_id LIKE 'p%' ORDER BY id`,
  );
  for (const [i, r] of rows.entries()) {
    const session = await ctx.internalAdapter.createSession(r.w);
    const sig = createHmac("sha256", ctx.secret).update(session.token).digest("base64");
    cookies.push(`${ctx.authCookies.sessionToken.name}=${encodeURIComponent(`${session.token}.${sig}`)}`);
    matchIds.push(r.id);
    const sub = await remote.subscribe(config.push.publicKey);
    endpoints.set(sub.endpoint, i);
    await db.execute(sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth)
      VALUES (${r.m}, ${sub.endpoint}, ${sub.keys.p256dh}, ${sub.keys.auth})`);
  }

  // Baseline: encryption and HTTP to the same service, no app.
  const direct: number[] = [];
  for (let i = 0; i < 300; i++) {
    const sub = service.subscribe();
    const started = performance.now();
    await webpush.sendNotification(sub, JSON.stringify({ title: "x", body: "y" }), {
      vapidDetails: {
        subject: config.push.subject,
        publicKey: config.push.publicKey,
        privateKey: config.push.privateKey,
      },
      TTL: 60,
      agent: service.agent,
    });
    direct.push(performance.now() - started);
  }

  const sentAt = new Array<number>(n); // Date.now()-based, like the thread's arrival times
  const statuses: number[] = [];
  const startAll = performance.now();
  const posts: Promise<void>[] = [];
  for (let i = 0; i < n; i++) {
    const due = startAll + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    sentAt[i] = performance.timeOrigin + performance.now();
    posts.push(
      Promise.resolve(
        app.request(`${base}/api/matches/${matchIds[i]}/messages`, {
          method: "POST",
          headers: {
            cookie: cookies[i]!,
            origin: base,
            "content-type": "application/json",
          },
          body: JSON.stringify({ content: `Bonjour, message ${i}` }),
        }),
      ).then((res) => {
        statuses.push(res.status);
      }),
    );
  }
  await Promise.all(posts);
  const sendSeconds = (performance.now() - startAll) / 1000;
  if (args.workers === "false") {
    const accepted = statuses.filter((x) => x === 201).length;
    console.log("## The message API alone (no job worker)\n");
    console.log(
      `${n} messages offered at ${RATE}/s: ${(n / sendSeconds).toFixed(0)}/s achieved, ${accepted} accepted\n`,
    );
    return;
  }
  const waited = performance.now();
  while (remote.received.length < n && performance.now() - waited < 30_000)
    await new Promise((r) => setTimeout(r, 50));
  const waitedMs = performance.now() - waited;
  const states = await queryRows(
    db,
    z.strictObject({ state: z.string(), n: z.number() }),
    sql`SELECT state::text, count(*)::int AS n FROM pgboss.job WHERE name = 'push-message' GROUP BY state ORDER BY state`,
  );
  const latencies: number[] = [];
  for (const r of remote.received) {
    const i = endpoints.get(r.endpoint);
    if (i !== undefined) latencies.push(r.at - sentAt[i]!);
  }
  const ok = statuses.filter((s) => s === 201).length;
  console.log("## Push delivery (message POST → push service, decrypted)\n");
  console.log(
    `${n} messages at ${RATE}/s (${(n / sendSeconds).toFixed(0)}/s achieved), ${ok} accepted, ${latencies.length} pushes delivered\n`,
  );
  console.log(
    `Jobs: ${states.map((x) => `${x.n} ${x.state}`).join(", ")}; waited ${(waitedMs / 1000).toFixed(1)} s after the last send.\n`,
  );
  const row = (label: string, xs: number[]) => [
    label,
    ms(pct(xs, 50)),
    ms(pct(xs, 95)),
    ms(pct(xs, 99)),
    ms(Math.max(...xs)),
  ];
  table(
    ["", "p50 ms", "p95 ms", "p99 ms", "max ms"],
    [row("message → push", latencies), row("baseline: web-push straight to the service", direct)],
  );
  console.log(
    `\nTarget p99 ≤ 1,000 ms at ${RATE} messages/s: ${pct(latencies, 99) <= 1000 && latencies.length === n ? "met" : "not met"} (p50 ${ratio(pct(latencies, 50) / pct(direct, 50))} the baseline)\n`,
  );
}

async function digests(): Promise<void> {
  const seedStart = performance.now();
  await seedPairs(MEMBERS, "d");
  await db.execute(sql`INSERT INTO notification_settings (user_id, preferences, email_rhythm, email_covered_until)
    SELECT 'dm' || i, ${JSON.stringify({
      push: { matches: true, messages: true, payments: true, news: false },
      email: { matches: true, messages: true, payments: true, news: false },
      emailRhythm: "daily",
      quietHours: null,
      timeZone: "Europe/Paris",
    })}::jsonb, 'daily', now() - interval '1 day'
    FROM generate_series(1, ${MEMBERS}) i`);
  await db.execute(sql`INSERT INTO messages (match_id, sender_id, content)
    SELECT m.id, CASE WHEN m.user1_id LIKE 'dw%' THEN m.user1_id ELSE m.user2_id END, 'Bonjour, comment vas-tu ?'
    FROM matches m WHERE m.user1_id LIKE 'd%'`);
  await db.execute(sql`ANALYZE`);
  const seedSeconds = (performance.now() - seedStart) / 1000;

  // Baseline: the same news read one member at a time, on a sample.
  const sample = Array.from({ length: 2000 }, (_, i) => `dm${i + 1}`);
  const baseStart = performance.now();
  for (const id of sample) await newsFor(db, [id]);
  const perMemberBase = (performance.now() - baseStart) / sample.length;

  const planStart = performance.now();
  const planned = await planDigests(deps, new Date("2026-11-24T07:00:00Z"));
  const planMs = performance.now() - planStart;
  // The batches as the workers would run them, one after the other here, timed.
  const jobs = await queryRows(
    db,
    z.strictObject({
      id: z.string(),
      data: z.strictObject({ userIds: z.array(z.string()), kind: z.literal("daily"), periodKey: z.string() }),
    }),
    sql`DELETE FROM pgboss.job WHERE name = 'digest-batch' RETURNING id, data`,
  );
  const batchTimes: number[] = [];
  let written = 0;
  const buildStart = performance.now();
  for (const job of jobs) {
    const started = performance.now();
    written += await handleDigestBatch(deps, job.data);
    batchTimes.push(performance.now() - started);
  }
  const buildMs = performance.now() - buildStart;
  console.log(`## Daily digest for ${count(MEMBERS)} members\n`);
  console.log(
    `Seeded in ${seedSeconds.toFixed(1)} s; ${planned} members planned in ${jobs.length} batches of ${DIGEST_BATCH}; ${written} e-mails written to the outbox.\n`,
  );
  table(
    ["", "ms"],
    [
      ["plan (select members, queue batches)", ms(planMs)],
      ["build, all batches (news, French e-mail, outbox rows)", ms(buildMs)],
      ["one batch, p50 / p95", `${ms(pct(batchTimes, 50))} / ${ms(pct(batchTimes, 95))}`],
      ["per member, batched", (buildMs / MEMBERS).toFixed(3)],
      ["baseline: per member, news read one at a time (2,000 sample)", perMemberBase.toFixed(3)],
    ],
  );
  console.log(
    `\nBatched build: ${ratio((perMemberBase * MEMBERS) / buildMs)} faster than reading each member's news alone (which would take ${((perMemberBase * MEMBERS) / 1000).toFixed(0)} s for the news only).\n`,
  );
}

function serviceWorkerWeight(): void {
  const dist = path.resolve("dist");
  console.log("## Service worker weight\n");
  if (!existsSync(path.join(dist, "sw.js"))) {
    console.log("dist/sw.js not found: run `npm run build` first.\n");
    return;
  }
  const files = ["sw.js", ...readdirSync(dist).filter((f) => /^workbox-.*\.js$/.test(f))];
  table(
    ["file", "bytes", "gzip"],
    files.map((f) => {
      const body = readFileSync(path.join(dist, f));
      return [f, count(body.length), count(gzipSync(body).length)];
    }),
  );
  console.log("");
}
