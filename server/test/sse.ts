// Reads a Server-Sent Events response in tests: waits for events by type, with a timeout.
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
  let buffer = "";
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
        buffer += decoder.decode(value, { stream: true });
        for (let i = buffer.indexOf("\n\n"); i >= 0; i = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          let event = "message";
          const data: string[] = [];
          for (const line of block.split("\n")) {
            if (line.startsWith("event: ")) event = line.slice(7);
            else if (line.startsWith("data: ")) data.push(line.slice(6));
          }
          if (data.length === 0) continue; // comments (heartbeats)
          received.push({ event, data: JSON.parse(data.join("\n")) });
          for (const w of waiters) w();
        }
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
