// What the counting proxy (proxy.ts) measures: every request and its response as they crossed it,
// and the bytes of each step of the day (day.ts), both ways. The day also asks it whether the
// network has been quiet, to end a step.
import { setTimeout as sleep } from "node:timers/promises";

/** One request and its response, as they crossed the proxy. */
export interface Exchange {
  method: string;
  /** Path and query, as requested. */
  url: string;
  /** The step that was current when the request started. */
  step: string;
  /** Request line, headers and body. */
  up: number;
  /** Status line, headers (informational responses too) and body as sent (chunked framing included). */
  down: number;
  /** Of up + down: request and status lines and headers (what HTTP/2 would compress). */
  headers: number;
  status: number;
  contentType: string;
  /** Content-Encoding of the response ("" when none). */
  encoding: string;
  /** The request's Accept-Encoding (what the browser offered). */
  acceptEncoding: string;
  /** The request's Sec-Fetch-Dest: "document", "script", "image"…; "empty" for fetch() (the service worker's too). */
  fetchDest: string;
  /** An event stream or another response without an end (not waited for when waiting for quiet). */
  streaming: boolean;
  /** The response has been received whole (or its connection closed). */
  done: boolean;
  /** When the request started and when its response ended: ms since the meter was made. */
  startedAt: number;
  endedAt: number;
  /**
   * A text response sent uncompressed (JSON, HTML, JavaScript, CSS, SVG…, with a Content-Length):
   * its body's size, and what it would weigh compressed on the fly as a reverse proxy would
   * (Brotli quality 5, gzip level 6).
   */
  uncompressed?: { body: number; br: number; gzip: number };
}

export interface StepBytes {
  up: number;
  down: number;
  /** Of up + down: request and status lines and headers. */
  headers: number;
  /** Requests that started during the step. */
  requests: number;
}

/** Bytes per step, and every exchange. Bytes flowing while no step is current are not counted. */
export class ByteMeter {
  readonly exchanges: Exchange[] = [];
  readonly steps = new Map<string, StepBytes>();
  #step: string | null = null;
  #lastActivity = performance.now();
  #activity = 0;
  readonly #origin = performance.now();

  /** ms since the meter was made. */
  now(): number {
    return performance.now() - this.#origin;
  }

  /** Grows with every request started, every byte counted and every response ended. */
  get activityCount(): number {
    return this.#activity;
  }

  #touch(): void {
    this.#lastActivity = performance.now();
    this.#activity++;
  }

  /** Counts from now on under `name` (null: counts nothing, as while the day is being set up). */
  setStep(name: string | null): void {
    this.#step = name;
    if (name !== null && !this.steps.has(name))
      this.steps.set(name, { up: 0, down: 0, headers: 0, requests: 0 });
  }

  get step(): string | null {
    return this.#step;
  }

  /** Bytes of the current step (up + down), e.g. to report progress. */
  total(name: string): number {
    const s = this.steps.get(name);
    return s ? s.up + s.down : 0;
  }

  /** @internal */
  started(exchange: Exchange): void {
    this.#touch();
    if (this.#step === null) return;
    this.exchanges.push(exchange);
    this.steps.get(this.#step)!.requests++;
  }

  /** @internal */
  count(direction: "up" | "down", bytes: number, exchange: Exchange | undefined, head = false): void {
    this.#touch();
    if (this.#step === null) return;
    const step = this.steps.get(this.#step)!;
    step[direction] += bytes;
    if (head) step.headers += bytes;
    if (exchange) {
      exchange[direction] += bytes;
      if (head) exchange.headers += bytes;
    }
  }

  /** @internal */
  activity(): void {
    this.#touch();
  }

  /** Requests sent and not yet answered whole, event streams aside. */
  inFlight(): Exchange[] {
    return this.#open.filter((e) => !e.done && !e.streaming);
  }

  /** Every exchange under way (counted or not), kept for inFlight(). @internal */
  readonly #open: Exchange[] = [];
  /** @internal */
  track(exchange: Exchange): void {
    this.#open.push(exchange);
  }
  /** @internal */
  untrack(exchange: Exchange): void {
    const i = this.#open.indexOf(exchange);
    if (i >= 0) this.#open.splice(i, 1);
  }

  /**
   * Resolves once no request has been under way (event streams aside) and no byte has crossed
   * (heartbeats of event streams aside: they are a few bytes every 25 s) for `quietMs` in a row.
   * Throws after `timeoutMs`, naming what was still under way.
   */
  async quiet(quietMs = 1_000, timeoutMs = 60_000): Promise<void> {
    const started = performance.now();
    for (;;) {
      const now = performance.now();
      if (this.inFlight().length === 0 && now - this.#lastActivity >= quietMs) return;
      if (now - started > timeoutMs)
        throw new Error(
          `the network was not quiet for ${quietMs} ms within ${timeoutMs} ms; under way: ${
            this.inFlight()
              .map((e) => `${e.method} ${e.url}`)
              .join(", ") || "(bytes still flowing)"
          }`,
        );
      await sleep(50);
    }
  }
}
