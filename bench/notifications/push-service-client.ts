// The app-facing side of push-service-thread.ts.
import { Worker } from "node:worker_threads";

export interface RemotePushService {
  origin: string;
  ca: string;
  subscribe(
    applicationServerKey: string,
  ): Promise<{ endpoint: string; keys: { p256dh: string; auth: string } }>;
  /** Arrivals, in order: endpoint and Date.now()-based time. */
  readonly received: { endpoint: string; at: number }[];
  close(): Promise<void>;
}

export async function startPushServiceThread(): Promise<RemotePushService> {
  const worker = new Worker(new URL("./push-service-thread.mjs", import.meta.url));
  const received: { endpoint: string; at: number }[] = [];
  const waiting = new Map<number, (s: never) => void>();
  let next = 0;
  const ready = new Promise<{ origin: string; ca: string }>((resolve, reject) => {
    worker.once("error", reject);
    worker.on("message", (m) => {
      if ("ready" in m) resolve({ origin: m.ready, ca: m.ca });
      else if ("received" in m) received.push({ endpoint: m.received, at: m.at });
      else if ("id" in m) {
        waiting.get(m.id)?.(m.subscription as never);
        waiting.delete(m.id);
      }
    });
  });
  const { origin, ca } = await ready;
  return {
    origin,
    ca,
    received,
    subscribe(key) {
      const id = next++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        worker.postMessage({ id, subscribe: key });
      });
    },
    async close() {
      worker.postMessage({ close: true });
      await new Promise((r) => worker.once("exit", r));
    },
  };
}
