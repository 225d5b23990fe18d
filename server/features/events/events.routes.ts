// GET /api/events: the member's Server-Sent Events stream. The page opens it once; events carry
// new messages, read receipts and match changes. A comment line every 25 s keeps proxies from
// closing an idle stream; a stream that stops reading is closed rather than buffered without end
// (the client reconnects and reloads what it shows).
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { requireUser } from "../../platform/http/session.ts";
import { presenceRecorder } from "../../platform/presence/presence.ts";
import { requireSubscription } from "../billing/index.ts";

const HEARTBEAT_MS = 25_000;
/** Events queued for one stream beyond which it is considered stuck. */
const MAX_PENDING = 200;
/** Tells EventSource-style clients how long to wait before reconnecting. */
const RETRY_MS = 2_000;

export function eventRoutes(deps: AppDeps) {
  const presence = presenceRecorder(deps.database.db, deps.logger);
  return new Hono<AppEnv>()
    .use(requireUser(deps))
    .use(requireSubscription(deps))
    .get("/", (c) => {
      const userId = c.get("user").id;
      c.header("X-Accel-Buffering", "no");
      return streamSSE(c, async (stream) => {
        let pending = 0;
        let done!: () => void;
        const finished = new Promise<void>((resolve) => {
          done = resolve;
        });
        const write = (chunk: Parameters<typeof stream.writeSSE>[0] | string) => {
          if (stream.closed || stream.aborted) return;
          if (++pending > MAX_PENDING) return void stop();
          const p = typeof chunk === "string" ? stream.write(chunk) : stream.writeSSE(chunk);
          void p.finally(() => pending--);
        };
        const heartbeat = setInterval(() => {
          write(": ping\n\n");
          // An open page is a member on the site: « En ligne » while it stays open (the recorder
          // writes at most every PRESENCE.TOUCH_SECONDS).
          presence.touch(userId);
        }, HEARTBEAT_MS);
        const remove = deps.hub.add(userId, {
          send: (event) => write({ event: event.type, data: JSON.stringify(event) }),
          close: () => stop(),
        });
        function stop() {
          clearInterval(heartbeat);
          remove();
          done();
        }
        // The member went away (not a stream the server ended): once no page of theirs is open here
        // after the grace (PRESENCE_LEAVE_GRACE_MS: a reload or a link followed reopens one),
        // « En ligne » ends. Another instance's open page writes it back on its next
        // heartbeat after TOUCH_SECONDS at most.
        stream.onAbort(() => {
          stop();
          const timer = setTimeout(() => {
            if (!deps.hub.has(userId)) presence.left(userId);
          }, deps.config.presenceLeaveGraceMs);
          timer.unref();
        });
        write({ event: "ready", data: JSON.stringify({ type: "ready" }), retry: RETRY_MS });
        await finished;
      });
    });
}
