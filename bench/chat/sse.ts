// A member's open page, as far as events go: GET /api/events held open with fetch streaming and
// parsed as Server-Sent Events by eventsource-parser, as the web app does.
import { createParser } from "eventsource-parser";

export interface SseEvent {
  event: string;
  data: string;
  /** performance.now() when the chunk holding the end of the event was read. */
  at: number;
}

export class SseStream {
  private readonly abort = new AbortController();
  private ready = false;
  /** The events of the chunk being read (the parser calls back synchronously, within feed). */
  private pending: { event: string; data: string }[] = [];
  private readonly parser = createParser({
    onEvent: (e) => this.pending.push({ event: e.event ?? "message", data: e.data }),
  });
  /** Why the stream ended if the server ended it (not the bench closing it), else null. */
  dropped: string | null = null;

  constructor(
    private readonly url: string,
    private readonly headers: Record<string, string>,
    private readonly onEvent: (e: SseEvent) => void,
  ) {}

  /** Connects and resolves once the server's `ready` event has arrived. */
  async open(): Promise<void> {
    const res = await fetch(this.url, {
      headers: { ...this.headers, accept: "text/event-stream" },
      signal: this.abort.signal,
    });
    if (res.status !== 200 || !res.body) {
      const body = await res.text().catch(() => "");
      throw new Error(`GET ${this.url}: ${res.status} ${body.slice(0, 200)}`);
    }
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    await new Promise<void>((resolve, reject) => {
      void this.pump(reader, resolve, reject);
    });
  }

  close(): void {
    this.abort.abort();
  }

  private async pump(
    reader: ReadableStreamDefaultReader<string>,
    onReady: () => void,
    onFailure: (err: Error) => void,
  ): Promise<void> {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const at = performance.now();
        for (const e of this.parse(value, at)) {
          if (e.event === "ready" && !this.ready) {
            this.ready = true;
            onReady();
          } else this.onEvent(e);
        }
      }
      this.dropped = "ended by the server";
    } catch (err) {
      if (!this.abort.signal.aborted) this.dropped = `error: ${String(err)}`;
    }
    if (!this.ready) onFailure(new Error(`GET ${this.url}: ${this.dropped ?? "closed"} before \`ready\``));
  }

  private parse(chunk: string, at: number): SseEvent[] {
    this.parser.feed(chunk);
    const events = this.pending.map((e) => ({ ...e, at }));
    this.pending = [];
    return events;
  }
}
