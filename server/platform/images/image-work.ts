// Decoding and re-encoding images is the costliest thing a member can ask of the server: a few
// hundred milliseconds to seconds of CPU and up to 160 MB of memory for a 40-megapixel photo. This
// gate bounds it per instance: at most `concurrency` images at once in total, one at a time per
// member (whose other uploads wait their turn, a few at most), and a bounded queue that answers
// « busy » rather than piling up work the instance cannot finish (issue 33).
import { MSG } from "@domain/messages.ts";
import type { Context } from "hono";
import { AppError } from "../http/errors.ts";

export interface ImageWorkLimits {
  /** Images processed at once on this instance. */
  concurrency: number;
  /** Requests waiting for a turn, in total; more are refused (503). */
  queued: number;
  /** A member's images processed at once. */
  runningPerMember: number;
  /** A member's requests running or waiting; more are refused (429). */
  perMember: number;
  /** How long a request may wait for its turn before it is refused (503), in ms. */
  waitMs: number;
}

export const IMAGE_WORK_LIMITS: ImageWorkLimits = {
  concurrency: 2,
  queued: 32,
  runningPerMember: 1,
  perMember: 3,
  waitMs: 30_000,
};

/** Seconds a refused request is told to wait (Retry-After). */
export const IMAGE_WORK_RETRY_AFTER = 5;

interface Waiting {
  member: string;
  start: () => void;
}

/** The gate's own refusals, told apart from what the work itself throws. */
export class ImageWorkRefused extends AppError {}

const imageWorkBusy = () => new ImageWorkRefused(503, "SERVICE_UNAVAILABLE", MSG.IMAGE_WORK_BUSY);
const memberImageWorkBusy = () => new ImageWorkRefused(429, "RATE_LIMITED", MSG.IMAGE_WORK_MEMBER_BUSY);

export class ImageWork {
  private running = 0;
  /** Turns given since the start: what tests read to know whether any image work began. */
  private started = 0;
  private readonly waiting: Waiting[] = [];
  /** Each member's requests, running or waiting. */
  private readonly held = new Map<string, number>();
  /** Each member's images being processed. */
  private readonly runningOf = new Map<string, number>();

  constructor(private readonly limits: ImageWorkLimits = IMAGE_WORK_LIMITS) {}

  /** Runs `work` in `member`'s turn, or refuses at once (AppError 429 or 503) when the gate is full. */
  async run<T>(member: string, work: () => Promise<T>): Promise<T> {
    const held = this.held.get(member) ?? 0;
    if (held >= this.limits.perMember) throw memberImageWorkBusy();
    if (!this.canStart(member) && this.waiting.length >= this.limits.queued) throw imageWorkBusy();
    this.held.set(member, held + 1);
    try {
      await this.turn(member);
      try {
        return await work();
      } finally {
        this.running--;
        const left = (this.runningOf.get(member) ?? 1) - 1;
        if (left > 0) this.runningOf.set(member, left);
        else this.runningOf.delete(member);
        this.startNext();
      }
    } finally {
      const left = (this.held.get(member) ?? 1) - 1;
      if (left > 0) this.held.set(member, left);
      else this.held.delete(member);
    }
  }

  /** Figures for metrics and tests. */
  stats() {
    return {
      running: this.running,
      waiting: this.waiting.length,
      members: this.held.size,
      started: this.started,
    };
  }

  private canStart(member: string): boolean {
    return this.running < this.limits.concurrency && this.memberMayStart(member);
  }

  private memberMayStart(member: string): boolean {
    return (this.runningOf.get(member) ?? 0) < this.limits.runningPerMember;
  }

  private begin(member: string): void {
    this.running++;
    this.started++;
    this.runningOf.set(member, (this.runningOf.get(member) ?? 0) + 1);
  }

  private turn(member: string): Promise<void> {
    if (this.canStart(member) && this.waiting.length === 0) {
      this.begin(member);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const entry: Waiting = {
        member,
        start: () => {
          clearTimeout(timer);
          this.begin(member);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(entry);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(imageWorkBusy());
      }, this.limits.waitMs);
      timer.unref?.();
      this.waiting.push(entry);
      this.startNext();
    });
  }

  /** Starts the first waiting request whose member may start one: nobody holds more than their turns. */
  private startNext(): void {
    while (this.running < this.limits.concurrency) {
      const at = this.waiting.findIndex((w) => this.memberMayStart(w.member));
      if (at < 0) return;
      const [next] = this.waiting.splice(at, 1);
      next!.start();
    }
  }
}

/** For a route: runs `work` in the member's turn; a refusal tells the client when to try again. */
export async function inImageTurn<T>(
  c: Context,
  images: ImageWork,
  member: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await images.run(member, work);
  } catch (err) {
    if (err instanceof ImageWorkRefused) c.header("Retry-After", String(IMAGE_WORK_RETRY_AFTER));
    throw err;
  }
}
