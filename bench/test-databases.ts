// What a test run's databases cost the PostgreSQL server: `npm run bench:test-databases`
// (node --import tsx bench/test-databases.ts; about a minute).
//
// Vitest gives each test app on the server a database copied from the run's migrated template
// (server/test/harness.ts). Two ways of disposing of them, each making TEST_DATABASES_COUNT (40)
// databases, alternated for TEST_DATABASES_ROUNDS (2) rounds so that a slow period of the machine
// falls on both:
//   - baseline: each dropped as soon as its test is done, as the harness did until 30 novembre 2026;
//   - kept: all kept until the run ends, then dropped together (server/test/run-databases.ts).
// Printed: wall time and, when the server runs on this machine and its data folder is readable, its
// CPU time (the postmaster's and its backends', from /proc). On ext4 without a journal, every new
// file makes the kernel skip each inode deleted in the last minutes, so the first way makes each
// creation pay for the drops before it.
import { readFileSync } from "node:fs";
import { createPostgresTemplate } from "../server/test/database-templates.ts";
import { benchServerUrl, withClient } from "./harness/database.ts";
import { watchMachine } from "./harness/machine.ts";
import { CLK_TCK, cpuTicks, descendants, reapedTicks } from "./harness/proc.ts";
import { printHeading, progress, table } from "./harness/report.ts";
import { median, ratio } from "./harness/stats.ts";

const COUNT = Number(process.env.TEST_DATABASES_COUNT ?? 40);
const ROUNDS = Number(process.env.TEST_DATABASES_ROUNDS ?? 2);
const log = progress("test-databases");

/**
 * The server's CPU-seconds so far: the postmaster, the backends it has reaped and its live children;
 * null when it is not a process of this machine that can be read.
 */
function serverCpu(postmaster: number | null): number | null {
  if (postmaster === null || cpuTicks(postmaster) === 0) return null;
  const live = descendants(postmaster).reduce((sum, pid) => sum + cpuTicks(pid), 0);
  return (cpuTicks(postmaster) + reapedTicks(postmaster) + live) / CLK_TCK;
}

async function postmasterPid(url: string): Promise<number | null> {
  try {
    const dir = await withClient(
      url,
      async (c) => (await c.query("SHOW data_directory")).rows[0].data_directory,
    );
    return Number(readFileSync(`${dir}/postmaster.pid`, "utf8").split("\n")[0]);
  } catch {
    return null;
  }
}

async function statement(url: string, sql: string): Promise<void> {
  await withClient(url, (c) => c.query(sql));
}

/** Makes COUNT databases from `template`; drops each at once, or all after. */
async function run(url: string, template: string, keep: boolean, round: number) {
  const names = Array.from(
    { length: COUNT },
    (_, i) => `passerelle_bench_testdb_${round}_${keep ? "k" : "d"}_${i}`,
  );
  for (const name of names) {
    await statement(url, `CREATE DATABASE ${name} TEMPLATE ${template}`);
    if (!keep) await statement(url, `DROP DATABASE ${name} WITH (FORCE)`);
  }
  if (keep) for (const name of names) await statement(url, `DROP DATABASE ${name} WITH (FORCE)`);
}

async function main(): Promise<void> {
  const machine = watchMachine();
  const url = benchServerUrl();
  const postmaster = await postmasterPid(url);
  const template = await createPostgresTemplate(url);
  const samples = {
    baseline: { wall: [] as number[], cpu: [] as number[] },
    kept: { wall: [] as number[], cpu: [] as number[] },
  };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const keep of [false, true]) {
        const cpu0 = serverCpu(postmaster);
        const t0 = performance.now();
        await run(url, template.name, keep, round);
        const wall = (performance.now() - t0) / 1000;
        const cpu1 = serverCpu(postmaster);
        const s = keep ? samples.kept : samples.baseline;
        s.wall.push(wall);
        if (cpu0 !== null && cpu1 !== null) s.cpu.push(cpu1 - cpu0);
        log(`round ${round + 1}, ${keep ? "kept" : "baseline"}: ${wall.toFixed(1)} s`);
      }
    }
  } finally {
    await template.drop();
  }
  printHeading(
    "A test run's databases on the PostgreSQL server",
    machine,
    `${COUNT} databases copied from the migrated template, ${ROUNDS} rounds (medians).`,
  );
  const cpu = (xs: number[]) => (xs.length ? median(xs).toFixed(1) : "–");
  table("disposal | wall, s | server CPU-s | CPU against the baseline", [
    [
      "baseline: each dropped when its test ends",
      median(samples.baseline.wall).toFixed(1),
      cpu(samples.baseline.cpu),
      "1.0×",
    ],
    [
      "kept to the run's end, then dropped",
      median(samples.kept.wall).toFixed(1),
      cpu(samples.kept.cpu),
      samples.kept.cpu.length ? ratio(median(samples.kept.cpu) / median(samples.baseline.cpu), 2) : "–",
    ],
  ]);
}

await main();
