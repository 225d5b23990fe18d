// Events through PostgreSQL LISTEN/NOTIFY: every instance listens on one channel on a dedicated
// connection, and publishing is a NOTIFY on the shared pool, so a message sent through one
// instance reaches a member connected to another. A NOTIFY payload is limited to 8,000 bytes: a
// bigger event (a long message full of emoji) travels as a reference and is read back from the
// database by each instance.
import type { MessageDto } from "@domain/messaging.ts";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import type { BusListener, EventBus, Publishable } from "./bus.ts";

export const CHANNEL = "passerelle_events";
const MAX_PAYLOAD = 7_500;

type Wire = { r: readonly string[]; e: Publishable } | { r: readonly string[]; ref: { message: string } };

export interface PgBusOptions {
  url: string;
  db: Db;
  logger: Logger;
  /**
   * Reads a message back, as `viewer` sees it (the shield masks and holds for the recipient), when
   * its event was too big to travel whole. A message's event is published to one member at a time.
   */
  loadMessage: (id: string, viewer: string) => Promise<MessageDto | null>;
}

export async function createPgBus({ url, db, logger, loadMessage }: PgBusOptions): Promise<EventBus> {
  const listeners = new Set<BusListener>();
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 250;

  const dispatch = (recipients: readonly string[] | "all", event: Parameters<BusListener>[1]) => {
    for (const l of listeners) l(recipients, event);
  };

  const onNotification = async (msg: pg.Notification) => {
    if (msg.channel !== CHANNEL || !msg.payload) return;
    try {
      const wire = JSON.parse(msg.payload) as Wire;
      if ("e" in wire) return dispatch(wire.r, wire.e);
      const viewer = wire.r[0];
      const message = viewer === undefined ? null : await loadMessage(wire.ref.message, viewer);
      if (message) dispatch(wire.r, { type: "message.created", message });
    } catch (err) {
      logger.error({ err }, "event bus: unreadable notification");
    }
  };

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on("notification", (m) => void onNotification(m));
    c.on("error", (err) => logger.warn({ err }, "event bus: listener connection error"));
    c.on("end", () => {
      if (client !== c || closed) return;
      client = null;
      logger.warn({ retryMs }, "event bus: listener disconnected, reconnecting");
      setTimeout(() => void reconnect(), retryMs).unref();
    });
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    client = c;
    retryMs = 250;
  };

  const reconnect = async () => {
    if (closed) return;
    try {
      await connect();
      // Events published while we were not listening are lost: open pages reload instead.
      dispatch("all", { type: "resync" });
    } catch (err) {
      retryMs = Math.min(retryMs * 2, 10_000);
      logger.warn({ err, retryMs }, "event bus: reconnection failed");
      setTimeout(() => void reconnect(), retryMs).unref();
    }
  };

  await connect();

  return {
    async publish(recipients, event) {
      let payload = JSON.stringify({ r: recipients, e: event } satisfies Wire);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD && event.type === "message.created") {
        payload = JSON.stringify({ r: recipients, ref: { message: event.message.id } } satisfies Wire);
      }
      await db.execute(sql`SELECT pg_notify(${CHANNEL}, ${payload})`);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      listeners.clear();
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
