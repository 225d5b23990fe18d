// Real-time message delivery: members hold GET /api/events (Server-Sent Events) open while
// messages are sent between matched pairs; each message is timed from just before its POST to the
// moment its `message.created` event is read from the recipient's stream, and counted on both
// members' streams (exactly once each). Also: the POST round trip, the send capacity (closed loop,
// the saturation point), server memory per open stream, and a plain GET /api/health round trip on
// the same server as the baseline. Configurations:
//   1. embedded database (PGlite), one instance: 1,000, 2,000 and 5,000 connections;
//   2. PostgreSQL server, two instances (LISTEN/NOTIFY): 2,000 connections split over both, the
//      two members of every pair on different instances.
// Sends: capacity (closed loop), then --rate msg/s (open loop), then half the capacity when that is
// below --rate (bench/chat/scenario.ts). The servers are child processes (`node build/server/main.mjs`)
// with a probe preloaded (bench/chat/probe.ts) that reads memory after a GC, CPU time and the
// event-loop delay. Prints markdown tables and whether the targets are met; asserts nothing.
//
//   node --import tsx bench/chat.ts [--sizes 1000,2000,5000] [--engines pglite,postgres]
//     [--messages 3000] [--warmup 200] [--rate 50] [--health 1000] [--profile]
// With --sizes, every chosen engine runs every size. --profile: CPU-profiles each server during
// the --rate phase and prints where its time went (the profiler costs a little: leave it off for
// the figures). PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)
// names the server; the bench creates a database passerelle_bench_chat_<random> and drops it at
// the end, as it removes its temporary folders and stops its servers, on failure and Ctrl-C too.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../server/platform/db/client.ts";
import { createScratchDatabase } from "../server/platform/db/scratch-database.ts";
import {
  ENGINE_LABEL,
  type Engine,
  printBaseline,
  printCounts,
  printLatency,
  printLoad,
  printMemory,
  printProfiles,
  printSlow,
  printTargets,
  type Run,
} from "./chat/report.ts";
import { runScenario } from "./chat/scenario.ts";
import { type Population, seedPopulation } from "./chat/seed.ts";
import { type ServerChild, startServer } from "./chat/server.ts";
import { deferCleanup, withCleanup } from "./harness/cleanup.ts";
import { benchServerUrl } from "./harness/database.ts";
import { type Machine, watchMachine } from "./harness/machine.ts";
import { printHeading, progress } from "./harness/report.ts";
import { tempDir } from "./harness/server.ts";
import { n } from "./harness/stats.ts";

interface Options {
  plan: { engine: Engine; sizes: number[] }[];
  messages: number;
  warmup: number;
  rate: number;
  health: number;
  profile: boolean;
  serverUrl: string;
}

const DEFAULT_SIZES: Record<Engine, number[]> = { pglite: [1_000, 2_000, 5_000], postgres: [2_000] };

function positive(name: string, value: unknown): number {
  const x = Number(value);
  if (!Number.isInteger(x) || x < 1) throw new Error(`--${name}: a positive integer`);
  return x;
}

function options(argv = process.argv.slice(2)): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      sizes: { type: "string" },
      engines: { type: "string", default: "pglite,postgres" },
      messages: { type: "string", default: "3000" },
      warmup: { type: "string", default: "200" },
      rate: { type: "string", default: "50" },
      health: { type: "string", default: "1000" },
      profile: { type: "boolean", default: false },
    },
  });
  const engines = values.engines.split(",").map((e) => e.trim());
  for (const e of engines)
    if (e !== "pglite" && e !== "postgres") throw new Error(`--engines: unknown engine ${e}`);
  const sizes = values.sizes?.split(",").map((s) => Number(s.trim()));
  for (const s of sizes ?? [])
    if (!Number.isInteger(s) || s < 40 || s % 2 !== 0)
      throw new Error("--sizes: even integers of at least 40");
  return {
    plan: (engines as Engine[]).map((engine) => ({ engine, sizes: sizes ?? DEFAULT_SIZES[engine] })),
    messages: positive("messages", values.messages),
    warmup: Number(values.warmup),
    rate: positive("rate", values.rate),
    health: positive("health", values.health),
    profile: values.profile,
    serverUrl: benchServerUrl(),
  };
}

const log = progress("chat");

/** Migrates and seeds a database from this process (then closes it: PGlite allows one opener). */
async function prepare(
  where: { dataDir: string; url?: string },
  count: number,
  authSecret: string,
): Promise<Population> {
  const database = await openDatabase({
    url: where.url,
    dataDir: where.url ? undefined : path.join(where.dataDir, "db"),
  });
  try {
    await database.migrate();
    log(`seeding ${n(count)} members, ${n(count / 2)} matches, sessions…`);
    const population = await seedPopulation(database, path.join(where.dataDir, "storage"), count, authSecret);
    log(`  seeded in ${(population.seedMs / 1000).toFixed(1)} s`);
    return population;
  } finally {
    await database.close();
  }
}

/** One authenticated request with a hand-made session cookie: it must be accepted. */
async function checkSession(server: ServerChild, population: Population): Promise<void> {
  const member = population.members[0]!;
  const res = await fetch(`${server.url}/api/nav/counts`, {
    headers: { cookie: member.cookie, origin: server.url },
  });
  const body = await res.text();
  if (res.status !== 200)
    throw new Error(
      `${server.label}: the bench's session cookie was refused (GET /api/nav/counts → ${res.status} ${body.slice(0, 200)}); ` +
        "Better Auth's cookie name or signature must have changed (bench/chat/seed.ts)",
    );
}

async function runEngine(engine: Engine, sizes: number[], opts: Options, runs: Run[]): Promise<void> {
  const authSecret = randomBytes(32).toString("hex");
  const dataDir = tempDir("chat").path;
  let databaseUrl: string | undefined;
  if (engine === "postgres") {
    const scratch = await createScratchDatabase(opts.serverUrl, "passerelle_bench_chat");
    deferCleanup(scratch.drop);
    databaseUrl = scratch.url;
  }
  log(`${ENGINE_LABEL[engine]}:`);
  const population = await prepare({ dataDir, url: databaseUrl }, Math.max(...sizes), authSecret);
  const instances = engine === "postgres" ? ["A", "B"] : ["A"];

  for (const size of sizes) {
    log(`${ENGINE_LABEL[engine]}, ${instances.length} instance(s), ${n(size)} connections:`);
    const servers: ServerChild[] = [];
    try {
      // One after the other: two instances migrating the same database at once would race.
      for (const label of instances)
        servers.push(await startServer({ dataDir, authSecret, databaseUrl, label }));
      for (const s of servers) await checkSession(s, population);
      const result = await runScenario({
        servers,
        population,
        connections: size,
        messages: opts.messages,
        warmup: opts.warmup,
        rate: opts.rate,
        healthRequests: opts.health,
        profileDir: opts.profile ? dataDir : undefined,
        log: (m) => log(`  ${m}`),
      });
      runs.push({ engine, result });
    } finally {
      for (const s of servers) await s.stop();
    }
  }
}

function printReport(opts: Options, runs: Run[], machine: Machine): void {
  printHeading(
    "Real-time message delivery (bench/chat.ts)",
    machine,
    `The bench (every client), the server instance(s) and PostgreSQL share the machine. Per configuration: ${opts.warmup} untimed then ${n(opts.messages)} timed messages, open loop at ${opts.rate} msg/s, between random accepted pairs (random direction).`,
  );
  if (runs.length === 0) return void console.log("\nNo configuration completed.");
  printBaseline(runs);
  printLatency(runs);
  printSlow(runs);
  printCounts(runs);
  printMemory(runs);
  printLoad(runs);
  printTargets(runs);
  printProfiles(runs);
}

export async function benchChat(argv = process.argv.slice(2)): Promise<void> {
  const opts = options(argv);
  const runs: Run[] = [];
  const machine = watchMachine();
  try {
    await withCleanup(async () => {
      for (const { engine, sizes } of opts.plan) await runEngine(engine, sizes, opts, runs);
    });
  } finally {
    printReport(opts, runs, machine);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchChat().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
