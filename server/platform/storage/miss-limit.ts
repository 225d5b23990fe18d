// Misses on /storage, counted per client address on this instance (issue 33): a member's browser
// asks for a deleted photo now and then; an address asking for hundreds of names that do not exist
// is guessing. Kept in memory, not in the database: a guesser must not cost a write per guess, and
// with names holding 128 random bits a per-instance allowance is ample defence in depth.

export interface MissLimits {
  /** Misses allowed per address and window. */
  max: number;
  windowMs: number;
  /** Addresses remembered at most (the oldest windows are dropped first). */
  addresses: number;
}

export const STORAGE_MISS_LIMITS: MissLimits = { max: 30, windowMs: 60_000, addresses: 10_000 };

export class MissLimiter {
  private readonly windows = new Map<string, { started: number; misses: number }>();

  constructor(private readonly limits: MissLimits = STORAGE_MISS_LIMITS) {}

  /** Seconds the address must wait before asking again, or 0 when it may ask. */
  retryAfter(address: string, now = Date.now()): number {
    const w = this.windows.get(address);
    if (!w || now - w.started >= this.limits.windowMs || w.misses < this.limits.max) return 0;
    return Math.max(1, Math.ceil((w.started + this.limits.windowMs - now) / 1000));
  }

  /** Counts one miss of the address. */
  miss(address: string, now = Date.now()): void {
    const w = this.windows.get(address);
    if (w && now - w.started < this.limits.windowMs) {
      w.misses++;
      return;
    }
    this.windows.delete(address);
    if (this.windows.size >= this.limits.addresses) {
      // Maps iterate in insertion order: the first entry is the oldest window.
      const oldest = this.windows.keys().next().value;
      if (oldest !== undefined) this.windows.delete(oldest);
    }
    this.windows.set(address, { started: now, misses: 1 });
  }
}
