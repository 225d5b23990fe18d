// The member's event stream (GET /api/events, Server-Sent Events) read with fetch, so that
// reconnection is ours: exponential backoff with jitter, reset once the server says « ready »,
// and no retry after a 401 (signed out) or 403 (no subscription). Each « ready » after the first
// tells the page to catch up.
import type { RealtimeEvent } from "@domain/messaging.ts";
import { createParser } from "eventsource-parser";

export type StreamEvent = RealtimeEvent | { type: "resync" };
export type StreamStatus = "connecting" | "open" | "waiting" | "closed";

export interface RealtimeOptions {
  onEvent: (event: StreamEvent) => void;
  /** Called when the stream is open again after a loss: reload what may have been missed. */
  onReconnect: () => void;
  onStatus?: (status: StreamStatus) => void;
  url?: string;
  /** Delay before the n-th retry (n from 0), in ms. */
  backoff?: (attempt: number) => number;
}

export const defaultBackoff = (attempt: number) =>
  Math.min(30_000, 1_000 * 2 ** attempt) * (0.75 + Math.random() * 0.5);

/** Opens the stream and keeps it open until the returned function is called. */
export function connectRealtime(opts: RealtimeOptions): () => void {
  const backoff = opts.backoff ?? defaultBackoff;
  let stopped = false;
  let attempt = 0;
  let everOpened = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const status = (s: StreamStatus) => opts.onStatus?.(s);

  const retry = () => {
    if (stopped) return;
    status("waiting");
    timer = setTimeout(run, backoff(attempt++));
  };

  async function run() {
    if (stopped) return;
    status("connecting");
    controller = new AbortController();
    try {
      const res = await fetch(opts.url ?? "/api/events", {
        headers: { Accept: "text/event-stream" },
        credentials: "same-origin",
        signal: controller.signal,
      });
      // Signed out (401) or no subscription (403): retrying cannot help.
      if (res.status === 401 || res.status === 403) {
        status("closed");
        return;
      }
      if (!res.ok || !res.body) throw new Error(`event stream: HTTP ${res.status}`);
      const parser = createParser({
        onEvent(e) {
          if (e.event === "ready") {
            attempt = 0;
            status("open");
            if (everOpened) opts.onReconnect();
            everOpened = true;
            return;
          }
          try {
            opts.onEvent(JSON.parse(e.data) as StreamEvent);
          } catch {
            // An unreadable event is skipped; the next reconnection reloads anyway.
          }
        },
      });
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      if (stopped) return;
    }
    retry();
  }

  void run();
  return () => {
    stopped = true;
    clearTimeout(timer);
    controller?.abort();
    status("closed");
  };
}
