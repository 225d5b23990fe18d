// Load: mixed member traffic against the built server with autocannon. `npm run bench:load`.
//
// A fresh data set of --profiles generated members (npm run seed) on the embedded database (or,
// with --engine postgres, a fresh database on BENCH_DATABASE_URL's server), then the production
// server is started and --members members sign up through the API, subscribe (demo provider) and
// pair up in matches. Each autocannon connection is one of them and cycles through: search, own
// profile, send a message in their match, read the conversation. Printed: throughput, latency
// p50/p99, errors (non-2xx and socket errors), and messages lost (acknowledged 201s missing from
// the database afterwards). In the same run, for --baseline seconds each and with the same session
// cookie: the app's GET /api/profile, the reference doing the same authenticated read with node:http
// and pg only (bench/load/reference-server.ts; on PostgreSQL, which it reads), and a bare node:http
// server answering a fixed JSON body. Printed: the ratios against the reference. Asserts nothing.
//
//   npm run build && node --import tsx bench/load.ts [--profiles 100000] [--duration 60]
//     [--connections 20] [--members 40] [--baseline 15] [--engine pglite|postgres] [--mixed false]
import { spawn } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { openDatabase } from "../server/platform/db/client.ts";
import { maintainEmbeddedDatabase } from "../server/platform/db/embedded-maintenance.ts";
import { createScratchDatabase } from "../server/platform/db/scratch-database.ts";
import { vapidEnv } from "../server/platform/settings/vapid-keys.ts";
import { deferCleanup, withCleanup } from "./harness/cleanup.ts";
import { benchServerUrl } from "./harness/database.ts";
import { watchMachine } from "./harness/machine.ts";
import { signUp } from "./harness/members.ts";
import { printHeading, progress, table } from "./harness/report.ts";
import { startServerProcess, tempDir } from "./harness/server.ts";
import { bareServerRun, REFERENCE_PORT, startReference } from "./load/references.ts";

const PORT = 3240;
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = "mot de passe du bench de charge";
const PROFILE = {
  lastName: "Charge",
  lookingFor: "Une relation sérieuse",
  birthDate: "1990-04-02",
  country: "France",
  phoneNumber: "",
  bio: "",
  occupation: "",
  education: "",
  languages: ["Français"],
  interests: ["Voyages", "Cuisine"],
};

const { values } = parseArgs({
  options: {
    profiles: { type: "string", default: "100000" },
    duration: { type: "string", default: "60" },
    connections: { type: "string", default: "20" },
    members: { type: "string", default: "40" },
    baseline: { type: "string", default: "15" },
    engine: { type: "string", default: "pglite" },
    mixed: { type: "string", default: "true" },
  },
});
const opts = {
  profiles: Number(values.profiles),
  duration: Number(values.duration),
  connections: Number(values.connections),
  members: Math.max(2, Number(values.members) - (Number(values.members) % 2)),
  baseline: Number(values.baseline),
  engine: values.engine === "postgres" ? "postgres" : "pglite",
  mixed: values.mixed !== "false",
};

const log = progress("load");

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      env: { ...process.env, ...env },
      stdio: ["ignore", "ignore", "inherit"],
    });
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")}: exit ${code}`)),
    );
  });
}

async function call(cookie: string, p: string, method = "GET", json?: unknown) {
  const res = await fetch(`${BASE}${p}`, {
    method,
    headers: { origin: BASE, cookie, ...(json ? { "content-type": "application/json" } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

interface Member {
  cookie: string;
  userId: string;
  matchId?: string;
}

async function makeMember(i: number, dataDir: string): Promise<Member> {
  const email = `charge-${i}-${Date.now()}@exemple.fr`;
  const { userId, cookie } = await signUp(BASE, dataDir, email, PASSWORD);
  await call(cookie, "/api/profile", "PUT", {
    ...PROFILE,
    firstName: `Charge${i}`,
    gender: i % 2 ? "male" : "female",
  });
  const checkout = await call(cookie, "/api/subscription/checkout", "POST", { plan: "1-mois" });
  await call(cookie, `/api/subscription/checkouts/${checkout.id}/confirm-demo`, "POST", {});
  return { cookie, userId };
}

/** The member a connection acts as in this turn of its cycle (see the mixed run). */
const memberOf = (context: object) => (context as { member: Member }).member;

const fmt = (n: number, digits = 1) => n.toLocaleString("en-US", { maximumFractionDigits: digits });

async function main() {
  const machine = watchMachine();
  const dataDir = tempDir("load").path;
  let databaseUrl: string | undefined;
  if (opts.engine === "postgres") {
    const scratch = await createScratchDatabase(benchServerUrl(), "passerelle_bench_load");
    deferCleanup(scratch.drop);
    databaseUrl = scratch.url;
  }
  const env = {
    NODE_ENV: "production",
    ...vapidEnv(),
    PORT: String(PORT),
    HOST: "127.0.0.1",
    PUBLIC_BASE_URL: BASE,
    AUTH_SECRET: "bench-load-secret-0123456789abcdef0123",
    DATA_DIR: dataDir,
    ALLOW_EMBEDDED_DATABASE: "true",
    ALLOW_DEMO_PAYMENTS: "true",
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    SIGNUP_RATE_LIMIT_MAX: "100000",
    AUTH_RATE_LIMIT_MAX: "100000",
    MESSAGES_PER_MINUTE: "1000000",
    NEW_CONVERSATIONS_PER_DAY: "1000000",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  log(`seeding ${fmt(opts.profiles)} members on ${opts.engine}…`);
  const seeded = Date.now();
  await run(process.execPath, ["build/server/seed.mjs", "--count", String(opts.profiles)], env);
  log(`seeded in ${fmt((Date.now() - seeded) / 1000)} s; starting the server`);
  // Ready: the database open and the models loaded (before, requests go through the starting app).
  const server = await startServerProcess({
    entry: "build/server/main.mjs",
    port: PORT,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });

  log(`${opts.members} members sign up, subscribe and pair up…`);
  const members: Member[] = [];
  for (let i = 0; i < opts.members; i++) members.push(await makeMember(i, dataDir));
  for (let i = 0; i < members.length; i += 2) {
    const [a, b] = [members[i]!, members[i + 1]!];
    const like = await call(a.cookie, "/api/likes", "POST", { likedId: b.userId, type: "like" });
    a.matchId = b.matchId = String(like.matchId);
  }

  const mixed = opts.mixed ? await mixedTraffic(members) : null;
  // Messages lost: acknowledged sends missing from the database.
  const stored = mixed ? await countMessages(databaseUrl, members) : 0;

  log(`authenticated profile reads and the references, ${opts.baseline} s each…`);
  const cookie = members[0]!.cookie;
  // Each server gets 3 s of the same traffic first (JIT, pools, caches), not counted.
  const read = async (url: string) => {
    await autocannon({ url, connections: opts.connections, duration: 3, headers: { cookie } });
    return autocannon({ url, connections: opts.connections, duration: opts.baseline, headers: { cookie } });
  };
  const profileRun = await read(`${BASE}/api/profile`);
  let referenceRun: autocannon.Result | null = null;
  if (databaseUrl) {
    const reference = await startReference(env, REFERENCE_PORT);
    try {
      // The reference reads the same member's profile as the app, or the comparison means nothing.
      const own = await call(cookie, "/api/profile");
      const ref = await fetch(`http://127.0.0.1:${REFERENCE_PORT}/api/profile`, { headers: { cookie } });
      const refBody = (await ref.json()) as { user_id?: unknown };
      if (!ref.ok || refBody.user_id !== own.userId)
        throw new Error(`the reference answered ${ref.status} for another read: ${JSON.stringify(refBody)}`);
      referenceRun = await read(`http://127.0.0.1:${REFERENCE_PORT}/api/profile`);
    } finally {
      reference.kill("SIGTERM");
    }
  }
  const bareRun = await bareServerRun(opts.connections, opts.baseline);

  const errors = (r: autocannon.Result) => r.errors + r.non2xx + r.timeouts;
  printHeading(
    `Load (bench/load.ts), ${fmt(opts.profiles)} profiles, ${opts.engine}`,
    machine,
    `The cores are shared by the server and autocannon; ${opts.connections} connections, ` +
      `${opts.members} subscribed members in ${opts.members / 2} matches; production build (build/server).\n`,
  );
  const runs: [string, autocannon.Result | null][] = [
    ["mixed: search, profile, send, read", mixed?.result ?? null],
    ["app: GET /api/profile (authenticated)", profileRun],
    ["reference: node:http + pg, the same read (bench/load/reference-server.ts)", referenceRun],
    ["bare node:http, fixed JSON", bareRun],
  ];
  table(
    ["run", "duration", "requests", "req/s", "p50 ms", "p99 ms", "errors"],
    runs.flatMap(([name, r]) =>
      r
        ? [
            [
              name,
              `${r.duration} s`,
              fmt(r.requests.total, 0),
              fmt(r.requests.average),
              r.latency.p50,
              r.latency.p99,
              errors(r),
            ],
          ]
        : [],
    ),
  );
  if (mixed)
    console.log(
      `\nMessages: ${fmt(mixed.acknowledged, 0)} acknowledged (201), ${fmt(stored, 0)} in the database, ` +
        `${fmt(Math.max(0, mixed.acknowledged - stored), 0)} lost.`,
    );
  console.log(
    `App profile read ÷ bare server: ${(profileRun.requests.average / bareRun.requests.average).toFixed(2)}.`,
  );
  if (referenceRun)
    console.log(
      `App ÷ reference: throughput ${(profileRun.requests.average / referenceRun.requests.average).toFixed(2)} ` +
        `(target ≥ 0.6), p99 ${(profileRun.latency.p99 / referenceRun.latency.p99).toFixed(2)}× (target ≤ 2).`,
    );
  if (!databaseUrl) {
    // The embedded database's hourly VACUUM/ANALYZE pass (no autovacuum in PGlite), after this
    // traffic: how long requests would wait behind its longest statement.
    await server.stop();
    const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
    for (const command of ["VACUUM", "ANALYZE"] as const) {
      const report = await maintainEmbeddedDatabase(database, [command]);
      console.log(
        `Embedded ${command} pass (server/platform/db/embedded-maintenance.ts): ${report.tables} tables in ${fmt(report.ms, 0)} ms, ` +
          `longest ${report.longest?.table} ${fmt(report.longest?.ms ?? 0, 0)} ms.`,
      );
    }
    await database.close();
  }
}

/** Mixed traffic: every connection is one member cycling through four requests. */
async function mixedTraffic(members: Member[]) {
  let acknowledged = 0;
  let sent = 0;
  log(`mixed traffic: ${opts.connections} connections for ${opts.duration} s…`);
  // autocannon gives each connection its own context, reset at each turn of the cycle: the
  // first request of a turn picks the next member, the others act as that member.
  let next = 0;
  const as = (req: autocannon.Request, context: object, extra: Partial<autocannon.Request> = {}) => {
    const m = memberOf(context);
    return {
      ...req,
      ...extra,
      headers: { ...req.headers, ...extra.headers, cookie: m.cookie, origin: BASE },
    };
  };
  const result = await autocannon({
    url: BASE,
    connections: opts.connections,
    duration: opts.duration,
    initialContext: {},
    requests: [
      {
        method: "GET",
        path: "/api/search?ageMin=25&ageMax=45",
        setupRequest: (req, context) => {
          (context as { member?: Member }).member = members[next++ % members.length];
          return as(req, context);
        },
      },
      { method: "GET", path: "/api/profile", setupRequest: (req, context) => as(req, context) },
      {
        method: "POST",
        setupRequest: (req, context) =>
          as(req, context, {
            path: `/api/matches/${memberOf(context).matchId}/messages`,
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ content: `Message de charge n°${++sent}` }),
          }),
        onResponse: (status) => {
          if (status === 201) acknowledged++;
        },
      },
      {
        method: "GET",
        setupRequest: (req, context) =>
          as(req, context, { path: `/api/matches/${memberOf(context).matchId}/messages` }),
      },
    ],
  });
  return { result, acknowledged };
}

/** Messages sent by the bench members, as stored: SQL on a server, the API on the embedded database. */
async function countMessages(databaseUrl: string | undefined, members: Member[]): Promise<number> {
  const ids = members.map((m) => m.userId);
  if (databaseUrl) {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    const { rows } = await c.query("SELECT count(*)::int AS n FROM messages WHERE sender_id = ANY($1)", [
      ids,
    ]);
    await c.end();
    return rows[0].n as number;
  }
  // The embedded database is one process: read through the API, every page of every match.
  let total = 0;
  const seen = new Set<string>();
  for (const m of members) {
    if (seen.has(m.matchId!)) continue;
    seen.add(m.matchId!);
    let before: string | null = null;
    do {
      const page = (await call(
        m.cookie,
        `/api/matches/${m.matchId}/messages${before ? `?before=${encodeURIComponent(before)}` : ""}`,
      )) as { data: unknown[]; nextCursor: string | null };
      total += page.data.length;
      before = page.nextCursor;
    } while (before);
  }
  return total;
}

await withCleanup(main);
