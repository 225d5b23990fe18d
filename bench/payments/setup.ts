// The bench's plumbing: its command-line options, its log line on stderr, and small tools: a
// seeded PRNG (mulberry32) with a weighted pick for the chaos plan, and a pool that runs async work
// a fixed number at a time.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { progress } from "../harness/report.ts";

export interface Options {
  payments: number;
  warmup: number;
  concurrency: number;
  seed: number;
  serverUrl: string | undefined;
}

export function options(argv = process.argv.slice(2)): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      payments: { type: "string", default: "200" },
      warmup: { type: "string", default: "10" },
      concurrency: { type: "string", default: "20" },
      seed: { type: "string" },
    },
  });
  const int = (name: string, v: string, min: number) => {
    const x = Number(v);
    if (!Number.isInteger(x) || x < min) throw new Error(`--${name}: an integer of at least ${min}`);
    return x;
  };
  return {
    payments: int("payments", values.payments, 10),
    warmup: int("warmup", values.warmup, 0),
    concurrency: int("concurrency", values.concurrency, 1),
    seed: values.seed === undefined ? randomBytes(4).readUInt32BE() : int("seed", values.seed, 0),
    serverUrl: process.env.BENCH_DATABASE_URL || undefined,
  };
}

export const log = progress("payments");

// ---------------------------------------------------------------------------------------------
// Small tools

/** mulberry32: a small seeded PRNG, [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: () => number, weighted: readonly (readonly [T, number])[]): T {
  const total = weighted.reduce((s, [, w]) => s + w, 0);
  let x = random() * total;
  for (const [value, w] of weighted) {
    x -= w;
    if (x < 0) return value;
  }
  return weighted[weighted.length - 1]![0];
}

/** Runs `run` over `items`, `width` at a time. */
export async function pool<T>(
  items: readonly T[],
  width: number,
  run: (item: T, i: number) => Promise<void>,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await run(items[i]!, i);
      }
    }),
  );
}
