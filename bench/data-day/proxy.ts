// A counting TCP proxy between the browser and the app: every byte that crosses it, both ways, is
// what the phone would pay for at the HTTP level (request and response lines, headers, bodies as
// sent — compressed or not — service-worker fetches, event streams, uploads). It forwards bytes
// untouched and reads the HTTP/1.1 messages on the side, to tell which request each byte belongs
// to (Chromium sends one request at a time per connection on HTTP/1.1: no pipelining) and which
// requests are still under way (the day waits for the network to be quiet between steps). It
// holds each chunk half a round trip on its way (startCountingProxy: 3G's by default), so that the
// page's requests race as they would on the member's network rather than on loopback.
//
// Not seen from here (the phone pays for them too): TCP/IP headers (≈ 40–60 bytes a packet, 3–4 %
// of full-size packets), TLS records and handshakes (the app runs behind an HTTPS reverse proxy in
// production), and HTTP/2's header compression (HPACK), which would make repeated headers smaller
// than the plain HTTP/1.1 headers counted here.
import { connect, createServer, type Server, type Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

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

/** Types worth compressing (what scripts/build/precompress.ts compresses, and JSON). */
const COMPRESSIBLE = /json|javascript|css|html|svg|xml|text\/plain|webmanifest/;

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

const HEADER_END = Buffer.from("\r\n\r\n");

interface Head {
  startLine: string;
  headers: Map<string, string>;
  length: number;
}

function parseHead(buffer: Buffer): Head | null {
  const end = buffer.indexOf(HEADER_END);
  if (end < 0) return null;
  const [startLine = "", ...lines] = buffer.subarray(0, end).toString("latin1").split("\r\n");
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0) {
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value);
    }
  }
  return { startLine, headers, length: end + HEADER_END.length };
}

/**
 * Where a message body ends: a known length, chunked (its chunk sizes read as they pass), or none
 * (the connection's end). Returns how many of `data`'s bytes belong to the body, and whether it ended.
 */
class BodyReader {
  #remaining: number;
  readonly #chunked: boolean;
  /** Chunked: "size" (reading a size line), "data", "crlf" (after a chunk), "trailer", "done". */
  #state: "size" | "data" | "crlf" | "trailer" | "done" = "size";
  #line = "";

  constructor(mode: { length: number } | "chunked" | "until-close") {
    this.#chunked = mode === "chunked";
    this.#remaining = typeof mode === "object" ? mode.length : mode === "until-close" ? Infinity : 0;
    if (typeof mode === "object" && mode.length === 0) this.#state = "done";
  }

  get ended(): boolean {
    return this.#chunked ? this.#state === "done" : this.#remaining === 0;
  }

  /** Consumes the body's bytes at the start of `data`; returns how many. */
  read(data: Buffer): number {
    if (!this.#chunked) {
      const n = Math.min(this.#remaining, data.length);
      this.#remaining -= n;
      return n;
    }
    let i = 0;
    while (i < data.length && this.#state !== "done") {
      if (this.#state === "data") {
        const n = Math.min(this.#remaining, data.length - i);
        this.#remaining -= n;
        i += n;
        if (this.#remaining === 0) this.#state = "crlf";
        continue;
      }
      // A line: the chunk's size, the CRLF after its data, or a trailer line.
      const byte = data[i++]!;
      if (byte !== 0x0a) {
        this.#line += String.fromCharCode(byte);
        continue;
      }
      const line = this.#line.replace(/\r$/, "");
      this.#line = "";
      if (this.#state === "crlf") this.#state = "size";
      else if (this.#state === "size") {
        const size = Number.parseInt(line.split(";")[0]!.trim(), 16);
        if (Number.isNaN(size)) throw new Error(`chunked body: bad size line "${line}"`);
        if (size === 0) this.#state = "trailer";
        else {
          this.#remaining = size;
          this.#state = "data";
        }
      } else if (this.#state === "trailer" && line === "") this.#state = "done";
    }
    return i;
  }
}

/** Reads one direction of a connection: heads, then bodies, message after message. */
class MessageStream {
  #buffer: Buffer = Buffer.alloc(0);
  #body: BodyReader | null = null;
  /** Everything after this point goes to the current message (a 101 upgrade, a broken stream). */
  #raw = false;

  constructor(
    private readonly onHead: (head: Head) => BodyReader | "raw",
    private readonly onBytes: (bytes: number, head: boolean, body?: Buffer) => void,
    private readonly onEnd: () => void,
  ) {}

  push(data: Buffer): void {
    if (this.#raw) {
      this.onBytes(data.length, false);
      return;
    }
    let rest: Buffer = data;
    while (rest.length > 0) {
      if (this.#body) {
        const n = this.#body.read(rest);
        this.onBytes(n, false, rest.subarray(0, n));
        rest = rest.subarray(n);
        if (this.#body.ended) {
          this.#body = null;
          this.onEnd();
        }
        continue;
      }
      this.#buffer = this.#buffer.length === 0 ? rest : Buffer.concat([this.#buffer, rest]);
      rest = Buffer.alloc(0);
      const head = parseHead(this.#buffer);
      if (!head) return;
      const after = this.#buffer.subarray(head.length);
      this.#buffer = Buffer.alloc(0);
      const body = this.onHead(head);
      this.onBytes(head.length, true);
      if (body === "raw") {
        this.#raw = true;
        if (after.length > 0) this.onBytes(after.length, false);
        return;
      }
      if (body.ended) this.onEnd();
      else this.#body = body;
      rest = after;
    }
  }
}

function bodyOf(headers: Map<string, string>, fallback: "none" | "until-close"): BodyReader {
  if (/\bchunked\b/i.test(headers.get("transfer-encoding") ?? "")) return new BodyReader("chunked");
  const length = headers.get("content-length");
  if (length !== undefined) return new BodyReader({ length: Number(length) });
  return new BodyReader(fallback === "none" ? { length: 0 } : "until-close");
}

/** Pipes one browser connection to the app, counting and attributing its bytes. */
function relay(
  client: Socket,
  target: { host: string; port: number },
  meter: ByteMeter,
  delayMs: number,
): void {
  const server = connect(target.port, target.host);
  /** Runs `deliver` once the bytes have crossed the slow link (each chunk as late: in order). */
  const later = (deliver: () => void) => (delayMs > 0 ? void setTimeout(deliver, delayMs) : deliver());
  /** Requests of this connection waiting for (or receiving) their response, oldest first. */
  const pending: Exchange[] = [];
  let sending: Exchange | undefined;

  const requests = new MessageStream(
    ({ startLine, headers }) => {
      const [method = "?", url = "?"] = startLine.split(" ");
      const exchange: Exchange = {
        method,
        url,
        step: meter.step ?? "",
        up: 0,
        down: 0,
        headers: 0,
        status: 0,
        contentType: "",
        encoding: "",
        acceptEncoding: headers.get("accept-encoding") ?? "",
        fetchDest: headers.get("sec-fetch-dest") ?? "",
        streaming: false,
        done: false,
        startedAt: meter.now(),
        endedAt: 0,
      };
      meter.track(exchange);
      meter.started(exchange);
      pending.push(exchange);
      sending = exchange;
      return bodyOf(headers, "none");
    },
    (bytes, head) => meter.count("up", bytes, sending, head),
    () => {},
  );

  /** Bodies of uncompressed text responses, to weigh them compressed. */
  const bodies = new Map<Exchange, Buffer[]>();
  const finish = (exchange: Exchange | undefined) => {
    if (!exchange) return;
    const body = bodies.get(exchange);
    if (body) {
      bodies.delete(exchange);
      const bytes = Buffer.concat(body);
      if (bytes.length > 0)
        exchange.uncompressed = {
          body: bytes.length,
          br: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length,
          gzip: gzipSync(bytes, { level: 6 }).length,
        };
    }
    exchange.done = true;
    exchange.endedAt = meter.now();
    meter.untrack(exchange);
    meter.activity();
  };

  const responses = new MessageStream(
    ({ startLine, headers }) => {
      const exchange = pending[0];
      const status = Number(startLine.split(" ")[1]);
      // 1xx (100 Continue, 103 Early Hints): the final response follows on the same request.
      if (status >= 100 && status < 200 && status !== 101) return new BodyReader({ length: 0 });
      if (exchange) {
        exchange.status = status;
        exchange.contentType = headers.get("content-type") ?? "";
        exchange.encoding = headers.get("content-encoding") ?? "";
        exchange.streaming = /text\/event-stream/.test(exchange.contentType);
        if (!exchange.encoding && headers.has("content-length") && COMPRESSIBLE.test(exchange.contentType))
          bodies.set(exchange, []);
      }
      if (status === 101) return "raw";
      if (exchange?.method === "HEAD" || status === 204 || status === 304)
        return new BodyReader({ length: 0 });
      return bodyOf(headers, "until-close");
    },
    (bytes, head, body) => {
      meter.count("down", bytes, pending[0], head);
      if (body && pending[0]) bodies.get(pending[0])?.push(Buffer.from(body));
    },
    () => {
      // A 1xx's end is not the exchange's (its status is still 0): only a final response ends it.
      if ((pending[0]?.status ?? 0) >= 200) finish(pending.shift());
    },
  );

  // What the phone sends counts as it leaves; what it receives, as it arrives (bytes still on the
  // way when the phone closes the connection, a cancelled request's answer, never arrive).
  client.on("data", (data: Buffer) => {
    try {
      requests.push(data);
    } catch (err) {
      client.destroy(err as Error);
    }
    later(() => {
      if (!server.destroyed) server.write(data);
    });
  });
  server.on("data", (data: Buffer) => {
    later(() => {
      if (client.destroyed) return;
      try {
        responses.push(data);
      } catch (err) {
        client.destroy(err as Error);
      }
      client.write(data);
    });
  });
  // The phone closing (a cancelled request) ends its exchanges at once, and reaches the server
  // later; the server closing reaches the phone after the bytes it sent before.
  const phoneClosed = () => {
    for (const exchange of pending.splice(0)) finish(exchange);
    later(() => server.destroy());
  };
  const serverClosed = () =>
    later(() => {
      for (const exchange of pending.splice(0)) finish(exchange);
      client.destroy();
    });
  client.on("close", phoneClosed);
  client.on("error", phoneClosed);
  server.on("close", serverClosed);
  server.on("error", serverClosed);
}

export interface CountingProxy {
  /** http://127.0.0.1:<port> — the origin the browser talks to. */
  base: string;
  port: number;
  meter: ByteMeter;
  close(): Promise<void>;
}

/** The round trip the proxy adds by default: Lighthouse's 3G (« Regular 3G »-like) round trip. */
export const THREE_G_RTT_MS = 300;

/**
 * Listens on `port` of 127.0.0.1 (0: a free one) and relays each connection to `target`, counting
 * what crosses in `meter`, each chunk held `rttMs / 2` on its way in either direction: the round
 * trip of a 3G network by default (no bandwidth limit). The page then cancels and supersedes its
 * requests as it would on 3G, whatever the machine's speed: on loopback, whether a refetch asked for
 * twice within a few milliseconds was answered before the second ask — and downloaded whole — or
 * cancelled, depended on how busy the machine was.
 */
export async function startCountingProxy(opts: {
  target: { host?: string; port: number };
  port?: number;
  rttMs?: number;
  meter?: ByteMeter;
}): Promise<CountingProxy> {
  const { target, port = 0, rttMs = THREE_G_RTT_MS, meter = new ByteMeter() } = opts;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    relay(socket, { host: target.host ?? "127.0.0.1", port: target.port }, meter, rttMs / 2);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("proxy: no address");
  return {
    base: `http://127.0.0.1:${address.port}`,
    port: address.port,
    meter,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
