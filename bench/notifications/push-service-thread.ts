// The local push service (server/test/push-service.ts) on a thread of its own: a real push service
// runs elsewhere, so its decryption and VAPID checks (≈1.5 ms a push) must not take the app's CPU.
// Messages in: { id, subscribe: applicationServerKey }. Messages out: { ready: origin, ca },
// { id, subscription }, and for each push { received: endpoint, at: Date.now()-based ms, payload }.
import { parentPort } from "node:worker_threads";
import { startPushService } from "../../server/test/push-service.ts";

const port = parentPort;
if (!port) throw new Error("run as a worker thread");
const service = await startPushService();
let seen = 0;
// Polled rather than hooked: the service keeps its list; new arrivals are posted every 20 ms.
setInterval(() => {
  const received = service.received;
  for (; seen < received.length; seen++) {
    const r = received[seen]!;
    port.postMessage({ received: r.endpoint, at: r.receivedAtEpochMs, payload: r.payload });
  }
}, 20).unref();
port.on("message", (m: { id: number; subscribe: string } | { close: true }) => {
  if ("close" in m) {
    void service.close().then(() => process.exit(0));
    return;
  }
  port.postMessage({ id: m.id, subscription: service.subscribe({ applicationServerKey: m.subscribe }) });
});
port.postMessage({ ready: service.origin, ca: service.ca, rejected: 0 });
