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
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { BodyReader, bodyOf, MessageStream } from "./http-messages.ts";
import { ByteMeter, type Exchange } from "./meter.ts";

/** Types worth compressing (what scripts/build/precompress.ts compresses, and JSON). */
const COMPRESSIBLE = /json|javascript|css|html|svg|xml|text\/plain|webmanifest/;

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
