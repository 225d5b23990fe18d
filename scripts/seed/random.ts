// Deterministic pseudo-random numbers (mulberry32) for reproducible demo data, plus the
// non-deterministic ids that must never collide between runs.
import { randomBytes } from "node:crypto";

/** mulberry32: a tiny 32-bit PRNG; the same seed always yields the same sequence in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Random {
  readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** `count` distinct items in random order (fewer when the list is shorter). */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    const n = Math.min(count, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, n);
  }

  /** Picks an item with probability proportional to its weight. */
  weighted<T extends { weight: number }>(items: readonly T[]): T {
    const total = items.reduce((sum, item) => sum + item.weight, 0);
    let r = this.next() * total;
    for (const item of items) {
      r -= item.weight;
      if (r < 0) return item;
    }
    return items[items.length - 1] as T;
  }
}

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * A 32-character alphanumeric id like Better Auth's. Taken from the system's random source on
 * purpose: two seed runs with the same PRNG seed must not produce clashing primary keys.
 */
export function randomId(length = 32): string {
  let id = "";
  while (id.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 × 62: rejecting the top bytes keeps every character equally likely.
      if (byte < 248) id += ALPHANUMERIC[byte % 62];
      if (id.length === length) break;
    }
  }
  return id;
}
