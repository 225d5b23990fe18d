// The open event streams of this instance, by member: the bus hands each event to the streams of
// its recipients. Held in memory on purpose: a stream is a live connection to this process.
import type { BusEvent, EventBus } from "./bus.ts";

export interface StreamClient {
  send(event: BusEvent): void;
  close(): void;
}

/**
 * Streams one member may hold open on an instance: tabs and devices, with room to spare (issue 33:
 * one member opened 4,000). A new stream beyond it closes that member's oldest.
 */
export const MAX_STREAMS_PER_MEMBER = 10;

export class RealtimeHub {
  private readonly byUser = new Map<string, Set<StreamClient>>();
  private readonly unsubscribe: () => void;

  constructor(
    bus: EventBus,
    private readonly maxPerMember = MAX_STREAMS_PER_MEMBER,
  ) {
    this.unsubscribe = bus.subscribe((recipients, event) => {
      if (recipients === "all") {
        for (const set of this.byUser.values()) for (const c of set) c.send(event);
        return;
      }
      for (const id of new Set(recipients)) {
        if (event.type === "session.revoked") this.closeUser(id);
        else for (const c of this.byUser.get(id) ?? []) c.send(event);
      }
    });
  }

  /** Registers a stream; returns its removal. */
  add(userId: string, client: StreamClient): () => void {
    // Sets keep insertion order: the first streams are the oldest. Their close() removes them.
    const open = [...(this.byUser.get(userId) ?? [])];
    for (const oldest of open.slice(0, Math.max(0, open.length - this.maxPerMember + 1))) oldest.close();
    const set = this.byUser.get(userId) ?? new Set<StreamClient>();
    this.byUser.set(userId, set);
    set.add(client);
    return () => {
      set.delete(client);
      if (set.size === 0 && this.byUser.get(userId) === set) this.byUser.delete(userId);
    };
  }

  /** Whether the member has a stream open on this instance. */
  has(userId: string): boolean {
    return this.byUser.has(userId);
  }

  /** Ends a member's streams (ban, role change, deletion). */
  closeUser(userId: string): void {
    for (const c of [...(this.byUser.get(userId) ?? [])]) c.close();
  }

  /** Ends every stream, for a graceful shutdown. */
  closeAll(): void {
    for (const set of this.byUser.values()) for (const c of set) c.close();
    this.unsubscribe();
  }

  get connections(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }
}
