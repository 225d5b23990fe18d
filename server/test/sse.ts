// Reads a Server-Sent Events response in tests (eventsource-parser, as the web app does): waits for
// events by type, with a timeout.
import { createParser } from "eventsource-parser";
export interface SseEvent {
  event: string;
  data: unknown;
}

export interface EventReader {
  /** The next event of this type (earlier events of other types are kept). */
  next(type: string, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves with every event received within the time, for « nothing else arrives » checks. */
  drain(ms: number): Promise<SseEvent[]>;
  /** Resolves once the server has ended the stream. */
  ended(): Promise<void>;
  close(): Promise<void>;
}

export function readEvents(res: Response): EventReader {
  if (!res.body) throw new Error(`no event stream (status ${res.status})`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const received: SseEvent[] = [];
  const waiters = new Set<() => void>();
  // Comments (the heartbeats) are not events; an event without a name is a « message ».
  const parser = createParser({
    onEvent(e) {
      received.push({ event: e.event ?? "message", data: JSON.parse(e.data) });
      for (const w of waiters) w();
    },
  });
  let ended = false;
  let markEnded!: () => void;
  const endedPromise = new Promise<void>((resolve) => {
    markEnded = resolve;
  });

  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      // cancelled
    } finally {
      ended = true;
      markEnded();
      for (const w of waiters) w();
    }
  })();

  return {
    // Generous: on a busy machine an event can take seconds; a passing test never waits this long.
    next(type, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const i = received.findIndex((e) => e.event === type);
          if (i >= 0) {
            cleanup();
            resolve(received.splice(i, 1)[0]!);
          } else if (ended) {
            cleanup();
            reject(new Error(`stream ended before a "${type}" event`));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(
              `no "${type}" event within ${timeoutMs} ms; got ${received.map((e) => e.event).join(", ")}`,
            ),
          );
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    async drain(ms) {
      await new Promise((r) => setTimeout(r, ms));
      return received.splice(0);
    },
    ended() {
      return endedPromise;
    },
    async close() {
      await reader.cancel().catch(() => {});
    },
  };
}
