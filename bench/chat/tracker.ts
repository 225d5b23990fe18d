// Bookkeeping of every message the bench sends: when its POST started and ended, and when (and how
// many times) its `message.created` event reached the recipient's stream and the sender's own.
import type { MessageDto } from "@domain/messaging.ts";
import type { SseEvent } from "./sse.ts";

/** Which part of a scenario a message belongs to; warm-up ones are counted but never timed. */
export type Phase = "warm-up" | "capacity" | "rate" | "relaxed" | "simultaneous";

export interface SendRecord {
  seq: number;
  matchId: string;
  from: number;
  to: number;
  phase: Phase;
  /** performance.now() just before the POST. */
  start: number;
  /** HTTP status of the POST; 0 for a network error; undefined while in flight. */
  status?: number;
  postMs?: number;
  toAt?: number;
  toCount: number;
  fromAt?: number;
  fromCount: number;
}

export interface DeliveryCounts {
  attempted: number;
  /** POSTs answered 201. */
  sent: number;
  failed: number;
  firstFailure: string | null;
  recipient: { received: number; lost: number; duplicated: number };
  sender: { received: number; lost: number; duplicated: number };
  /** Events for no message of this run, or reaching a member outside the conversation. */
  stray: number;
  /** Events of other types (messages.read, resync…), by type. */
  otherEvents: Record<string, number>;
}

export interface Latencies {
  /** POSTs of the phase not answered 201. */
  failed: number;
  post: number[];
  delivery: number[];
  echo: number[];
  /** Deliveries slower than SLOW_MS: when their POST started (ms after the phase's first one). */
  slowStarts: number[];
}

/** The strictest latency target: deliveries above it are listed by time, to show how they cluster. */
export const SLOW_MS = 100;

const TAG = /^chat-bench ([0-9a-f]+):(\d+)$/;

export class DeliveryTracker {
  private readonly records: SendRecord[] = [];
  private stray = 0;
  private readonly otherEvents: Record<string, number> = {};
  private firstFailure: string | null = null;

  constructor(private readonly runId: string) {}

  content(seq: number): string {
    return `chat-bench ${this.runId}:${seq}`;
  }

  begin(record: Omit<SendRecord, "seq" | "toCount" | "fromCount" | "start">): SendRecord {
    const r: SendRecord = { ...record, seq: this.records.length, start: 0, toCount: 0, fromCount: 0 };
    this.records.push(r);
    return r;
  }

  failed(r: SendRecord, status: number, detail: string): void {
    r.status = status;
    this.firstFailure ??= `${status} ${detail.slice(0, 300)}`;
  }

  /** Called for every event on member `member`'s stream. */
  onEvent(member: number, e: SseEvent): void {
    if (e.event !== "message.created") {
      this.otherEvents[e.event] = (this.otherEvents[e.event] ?? 0) + 1;
      return;
    }
    const { message } = JSON.parse(e.data) as { message: MessageDto };
    const tag = TAG.exec(message.content);
    const r = tag && tag[1] === this.runId ? this.records[Number(tag[2])] : undefined;
    if (!r) return void this.stray++;
    if (member === r.to) {
      r.toCount++;
      r.toAt ??= e.at;
    } else if (member === r.from) {
      r.fromCount++;
      r.fromAt ??= e.at;
    } else this.stray++;
  }

  /** True once every POST has been answered and every sent message reached both streams. */
  settled(): boolean {
    return this.records.every(
      (r) => r.status !== undefined && (r.status !== 201 || (r.toCount > 0 && r.fromCount > 0)),
    );
  }

  inFlight(): number {
    return this.records.filter((r) => r.status === undefined).length;
  }

  counts(): DeliveryCounts {
    const sent = this.records.filter((r) => r.status === 201);
    const side = (count: (r: SendRecord) => number) => ({
      received: sent.filter((r) => count(r) > 0).length,
      lost: sent.filter((r) => count(r) === 0).length,
      duplicated: sent.reduce((d, r) => d + Math.max(0, count(r) - 1), 0),
    });
    return {
      attempted: this.records.length,
      sent: sent.length,
      failed: this.records.length - sent.length,
      firstFailure: this.firstFailure,
      recipient: side((r) => r.toCount),
      sender: side((r) => r.fromCount),
      stray: this.stray,
      otherEvents: { ...this.otherEvents },
    };
  }

  latencies(phase: Phase): Latencies {
    const all = this.records.filter((r) => r.phase === phase);
    const measured = all.filter((r) => r.status === 201);
    const t0 = all[0]?.start ?? 0;
    return {
      slowStarts: measured
        .filter((r) => r.toAt !== undefined && r.toAt - r.start > SLOW_MS)
        .map((r) => r.start - t0),
      failed: all.length - measured.length,
      post: measured.map((r) => r.postMs!),
      delivery: measured.filter((r) => r.toAt !== undefined).map((r) => r.toAt! - r.start),
      echo: measured.filter((r) => r.fromAt !== undefined).map((r) => r.fromAt! - r.start),
    };
  }
}
