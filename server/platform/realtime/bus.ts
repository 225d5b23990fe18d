// The event bus: who must hear about what. In-process for the embedded database (one instance);
// PostgreSQL LISTEN/NOTIFY on a server, so that every API instance hears every event (pg-bus.ts).
import { EventEmitter } from "node:events";
import type { RealtimeEvent } from "@domain/messaging.ts";

/**
 * What travels between instances: the events for open pages, `session.revoked` (the member's
 * streams are closed: ban, role change, deletion) and `resync` (open pages reload what they show).
 */
export type Publishable = RealtimeEvent | { type: "session.revoked" };
export type BusEvent = Publishable | { type: "resync" };
export type BusListener = (recipients: readonly string[] | "all", event: BusEvent) => void;

export interface EventBus {
  /** Delivers to the recipients' open pages on every instance; resolves once handed over. */
  publish(recipients: readonly string[], event: Publishable): Promise<void>;
  subscribe(listener: BusListener): () => void;
  close(): Promise<void>;
}

export function createMemoryBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(recipients, event) {
      emitter.emit("event", recipients, event);
    },
    subscribe(listener) {
      emitter.on("event", listener);
      return () => emitter.off("event", listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
