// The open event streams of this instance, by member: the bus hands each event to the streams of
// its recipients. Held in memory on purpose: a stream is a live connection to this process.
import type { BusEvent, EventBus } from "./bus.ts";

export interface StreamClient {
  send(event: BusEvent): void;
  close(): void;
}

export class RealtimeHub {
  private readonly byUser = new Map<string, Set<StreamClient>>();
  private readonly unsubscribe: () => void;

  constructor(bus: EventBus) {
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
    const set = this.byUser.get(userId) ?? new Set<StreamClient>();
    this.byUser.set(userId, set);
    set.add(client);
    return () => {
      set.delete(client);
      if (set.size === 0 && this.byUser.get(userId) === set) this.byUser.delete(userId);
    };
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
