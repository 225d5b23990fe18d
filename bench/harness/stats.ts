// Samples and their figures: percentiles (nearest rank), median, min, max, mean; timing one call and
// interleaved runs of several variants; the number formats every bench's tables share.

/** The p-th percentile (nearest rank) of a sample; NaN when it is empty. */
export function pct(xs: readonly number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

/** The median: the middle sample, or the mean of the two middle ones; NaN when empty. */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function max(xs: readonly number[]): number {
  return xs.length === 0 ? Number.NaN : xs.reduce((a, b) => (b > a ? b : a), -Infinity);
}

export function min(xs: readonly number[]): number {
  return xs.length === 0 ? Number.NaN : xs.reduce((a, b) => (b < a ? b : a), Infinity);
}

export function mean(xs: readonly number[]): number {
  return xs.length === 0 ? Number.NaN : xs.reduce((a, b) => a + b, 0) / xs.length;
}

export interface Summary {
  p50: number;
  p99: number;
  max: number;
  count: number;
}

export function summarize(xs: readonly number[]): Summary {
  return { p50: pct(xs, 50), p99: pct(xs, 99), max: max(xs), count: xs.length };
}

/** How long `fn` takes, in ms. */
export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

/**
 * Runs every variant once per round, one after the other, `warmup` rounds untimed then `rounds`
 * timed ones: a slow period of the machine falls on all of them rather than on one, and a baseline
 * among them shares the others' noise. Returns each variant's samples (ms), in the variants' order.
 */
export async function interleaved(
  variants: readonly (() => Promise<unknown>)[],
  rounds: number,
  warmup = 0,
): Promise<number[][]> {
  const samples = variants.map((): number[] => []);
  for (let round = -warmup; round < rounds; round++)
    for (const [i, run] of variants.entries()) {
      const t = await timed(run);
      if (round >= 0) samples[i]!.push(t);
    }
  return samples;
}

/** Milliseconds: two decimals under 10, one under 100, none above. */
export function ms(x: number): string {
  if (!Number.isFinite(x)) return "–";
  return x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0);
}

/** A ratio against a baseline, "1.8×": `digits` decimals under 10 (one by default), one less above. */
export function ratio(x: number, digits = 1): string {
  return Number.isFinite(x) ? `${x.toFixed(x < 10 ? digits : Math.max(0, digits - 1))}×` : "–";
}

export const n = (x: number) => x.toLocaleString("en");

export const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
