// Percentiles and number formatting for the chat bench's tables.

/** The p-th percentile (nearest rank) of a sample; NaN when it is empty. */
export function pct(xs: readonly number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

export function max(xs: readonly number[]): number {
  return xs.length === 0 ? Number.NaN : xs.reduce((a, b) => (b > a ? b : a), -Infinity);
}

/** Milliseconds: two decimals under 10, one under 100, none above. */
export function ms(x: number): string {
  if (!Number.isFinite(x)) return "–";
  return x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0);
}

export function ratio(x: number): string {
  return Number.isFinite(x) ? `${x.toFixed(x < 10 ? 1 : 0)}×` : "–";
}

export const n = (x: number) => x.toLocaleString("en");

export const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

export interface Summary {
  p50: number;
  p99: number;
  max: number;
  count: number;
}

export function summarize(xs: readonly number[]): Summary {
  return { p50: pct(xs, 50), p99: pct(xs, 99), max: max(xs), count: xs.length };
}
