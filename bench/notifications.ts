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
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import webpush from "web-push";
import { z } from "zod";
import { createApp } from "../server/app.ts";
import { closeDeps, createDeps } from "../server/bootstrap.ts";
import { newsFor } from "../server/features/notifications/email-content.ts";
import { DIGEST_BATCH, handleDigestBatch, planDigests } from "../server/features/notifications/handlers.ts";
import { startJobWorkers } from "../server/job-workers.ts";
import { queryRows } from "../server/platform/db/client.ts";
import { createScratchDatabase } from "../server/platform/db/scratch-database.ts";
import { createLogger } from "../server/platform/logger.ts";
import { loadConfig } from "../server/platform/settings/config.ts";
import { startPushService } from "../server/test/push-service.ts";
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

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};
const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(2));

const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const scratch = await createScratchDatabase(adminUrl, "passerelle_bench_notify");
const dataDir = mkdtempSync(path.join(tmpdir(), "passerelle-bench-notify-"));
// The baseline's service, in this process; the app's pushes go to one on a thread of its own.
const service = await startPushService();
const remote = await startPushServiceThread();
const config = loadConfig({
  NODE_ENV: "test",
  DATABASE_URL: scratch.url,
  DATA_DIR: dataDir,
  PUBLIC_BASE_URL: "http://localhost:3000",
  AUTH_SECRET: randomBytes(32).toString("hex"),
  SEED_DEMO: "false",
  MESSAGES_PER_MINUTE: "100000",
  NEW_CONVERSATIONS_PER_DAY: "100000",
  PUSH_SERVICE_ORIGINS: remote.origin,
  PUSH_SERVICE_CA: remote.ca,
});
const deps = await createDeps(config, createLogger("warn", false));
const app = createApp(deps);
const stopWorkers =
  args.workers === "false" ? async () => {} : await startJobWorkers(deps, { pollingSeconds: 0.5 });
const db = deps.database.db;

try {
  console.log(
    `# Notifications — ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, load ${loadavg()[0]?.toFixed(2)}, PostgreSQL\n`,
  );
  await pushDelivery();
  // The digests are built below by hand, batch after batch, and timed: no worker may take them.
  await stopWorkers();
  await digests();
  serviceWorkerWeight();
} finally {
  await stopWorkers().catch(() => undefined);
  await closeDeps(deps);
  await service.close();
  await remote.close();
  await scratch.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

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
    const { createHmac } = await import("node:crypto");
    const sig = createHmac("sha256", ctx.secret).update(session.token).digest("base64");
    cookies.push(`${ctx.authCookies.sessionToken.name}=${encodeURIComponent(`${session.token}.${sig}`)}`);
    matchIds.push(r.id);
    const sub = await remote.subscribe(config.push.publicKey);
    endpoints.set(sub.endpoint, i);
    await db.execute(sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth)
      VALUES (${r.m}, ${sub.endpoint}, ${sub.keys.p256dh}, ${sub.keys.auth})`);
  }

  // Baseline: encryption and HTTP to the same service, no app.
  const base: number[] = [];
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
    base.push(performance.now() - started);
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
        app.request(`http://localhost:3000/api/matches/${matchIds[i]}/messages`, {
          method: "POST",
          headers: {
            cookie: cookies[i]!,
            origin: "http://localhost:3000",
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
  console.log("| | p50 ms | p95 ms | p99 ms | max ms |\n|---|---:|---:|---:|---:|");
  console.log(
    `| message → push | ${ms(pct(latencies, 50))} | ${ms(pct(latencies, 95))} | ${ms(pct(latencies, 99))} | ${ms(Math.max(...latencies))} |`,
  );
  console.log(
    `| baseline: web-push straight to the service | ${ms(pct(base, 50))} | ${ms(pct(base, 95))} | ${ms(pct(base, 99))} | ${ms(Math.max(...base))} |`,
  );
  console.log(
    `\nTarget p99 ≤ 1,000 ms at ${RATE} messages/s: ${pct(latencies, 99) <= 1000 && latencies.length === n ? "met" : "not met"} (p50 ${(pct(latencies, 50) / pct(base, 50)).toFixed(1)}× the baseline)\n`,
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
  console.log(`## Daily digest for ${MEMBERS.toLocaleString("en")} members\n`);
  console.log(
    `Seeded in ${seedSeconds.toFixed(1)} s; ${planned} members planned in ${jobs.length} batches of ${DIGEST_BATCH}; ${written} e-mails written to the outbox.\n`,
  );
  console.log("| | ms |\n|---|---:|");
  console.log(`| plan (select members, queue batches) | ${ms(planMs)} |`);
  console.log(`| build, all batches (news, French e-mail, outbox rows) | ${ms(buildMs)} |`);
  console.log(`| one batch, p50 / p95 | ${ms(pct(batchTimes, 50))} / ${ms(pct(batchTimes, 95))} |`);
  console.log(`| per member, batched | ${(buildMs / MEMBERS).toFixed(3)} |`);
  console.log(
    `| baseline: per member, news read one at a time (2,000 sample) | ${perMemberBase.toFixed(3)} |`,
  );
  console.log(
    `\nBatched build: ${((perMemberBase * MEMBERS) / buildMs).toFixed(1)}× faster than reading each member's news alone (which would take ${((perMemberBase * MEMBERS) / 1000).toFixed(0)} s for the news only).\n`,
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
  console.log("| file | bytes | gzip |\n|---|---:|---:|");
  for (const f of files) {
    const body = readFileSync(path.join(dist, f));
    console.log(
      `| ${f} | ${body.length.toLocaleString("en")} | ${gzipSync(body).length.toLocaleString("en")} |`,
    );
  }
  console.log("");
}
