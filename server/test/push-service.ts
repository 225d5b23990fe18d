// A local Web Push service for the tests (issue 18). Real push services (FCM, Mozilla, Apple) cannot
// be reached from here, so this one checks what they check, from the RFCs: the Web Push protocol
// (RFC 8030), VAPID (RFC 8292) and the message encryption (RFC 8291, RFC 8188). It also plays the
// browser: it keeps each subscription's private key and auth secret and decrypts every push, so a
// test reads what a service worker would receive.
//
// It speaks HTTPS only, as push services do (RFC 8030 §8), with a self-signed certificate made at
// start: `web-push` always sends with https.request, so give it `agent` (which trusts that
// certificate): `webpush.sendNotification(subscription, payload, { vapidDetails, TTL, agent })`.
import { createECDH, type ECDH, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Agent, createServer } from "node:https";
import type { AddressInfo } from "node:net";
import {
  decryptAes128gcm,
  fromBase64url,
  isUncompressedP256,
  selfSignedCertificate,
  verifyVapid,
} from "./push-crypto.ts";

export type Urgency = "very-low" | "low" | "normal" | "high";
const URGENCIES: readonly string[] = ["very-low", "low", "normal", "high"] satisfies Urgency[];

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted payload as UTF-8 (Passerelle sends JSON); "" for a push without data. */
  payload: string;
  /** The decrypted payload's bytes. */
  payloadBytes: Buffer;
  /** When the request's body had fully arrived, in this process's performance.now() ms. */
  receivedAt: number;
  /** The same instant as Date.now(), to compare with a time stamped by another process. */
  receivedAtEpochMs: number;
  /** RFC 8030 §5.2-5.4; urgency "normal" when the header is absent. */
  headers: { ttl: number; urgency: Urgency; topic: string | null };
  /** RFC 8292: the JWT's `sub`, the key `k` (base64url) and the JWT's `exp` (seconds). */
  vapidSubject: string;
  vapidKey: string;
  vapidExpiresAt: number;
  /** The push message resource the 201 response named (RFC 8030 §5). */
  location: string;
}

export type RejectedPush = { endpoint: string; status: number; reason: string };

/** What a browser's PushSubscription.toJSON() gives. */
export interface PushSubscriptionJSON {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface PushServiceHandle {
  /** e.g. https://127.0.0.1:PORT; the VAPID `aud` must be exactly this. */
  origin: string;
  /** Trusts this service's certificate (keep-alive): pass it as web-push's `agent` option. */
  agent: Agent;
  /** The service's self-signed certificate (PEM), for another HTTPS client's `ca`. */
  ca: string;
  /** A new subscription as a browser's PushSubscription.toJSON() gives it, with its keys kept here. */
  subscribe(opts?: { applicationServerKey?: string }): PushSubscriptionJSON;
  /** Makes an endpoint answer like an expired subscription (404 or 410; 410 by default). */
  expire(endpoint: string, status?: 404 | 410): void;
  /** Every delivered push, decrypted, in arrival order. */
  readonly received: ReadonlyArray<ReceivedPush>;
  /**
   * Resolves with the first `count` pushes for `endpoint` (or for any endpoint) once they have
   * arrived; rejects after `timeoutMs` (5000 by default) saying what arrived and what was refused.
   */
  waitFor(count: number, opts?: { endpoint?: string; timeoutMs?: number }): Promise<ReceivedPush[]>;
  /** Refused attempts with the reason (bad VAPID, undecryptable, expired...). */
  readonly rejected: ReadonlyArray<RejectedPush>;
  close(): Promise<void>;
}

export interface PushServiceOptions {
  /** Where to listen; 127.0.0.1 by default. */
  host?: string;
  /** A fixed port (the browser journeys tell the app beforehand); a free one by default. */
  port?: number;
  /** A certificate made beforehand (selfSignedCertificate), so the app can be told to trust it. */
  certificate?: { key: string; cert: string };
  /**
   * The largest body accepted, 4096 by default: RFC 8030 §7.2 lets a push service answer 413
   * above it, as the real ones do at 4 KB. Plaintext up to 3993 bytes fits (RFC 8291 §4).
   */
  maxBodyBytes?: number;
}

interface Subscription {
  endpoint: string;
  ua: ECDH;
  auth: Buffer;
  applicationServerKey: Buffer | null;
  expired: 404 | 410 | null;
}

export async function startPushService(opts: PushServiceOptions = {}): Promise<PushServiceHandle> {
  const host = opts.host ?? "127.0.0.1";
  const maxBodyBytes = opts.maxBodyBytes ?? 4096;
  const { key, cert } = opts.certificate ?? selfSignedCertificate(host);
  const subscriptions = new Map<string, Subscription>(); // by id, the endpoint's last path segment
  const received: ReceivedPush[] = [];
  const rejected: RejectedPush[] = [];
  const counts = new Map<string, number>(); // pushes per endpoint, so waiters need not rescan
  const waiters = new Set<{ check(): unknown; fail(error: Error): void }>();
  let origin = "";

  function handle(req: IncomingMessage, res: ServerResponse, body: Buffer, size: number) {
    const receivedAt = performance.now();
    const receivedAtEpochMs = Date.now();
    const path = (req.url ?? "").split("?")[0] ?? "";
    const endpoint = origin + path;
    const refuse = (status: number, reason: string, headers: Record<string, string> = {}) => {
      rejected.push({ endpoint, status, reason });
      res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", ...headers }).end(reason);
    };
    const sub = subscriptions.get(/^\/push\/([\w-]+)$/.exec(path)?.[1] ?? "");
    if (!sub) return refuse(404, "unknown push subscription");
    if (req.method !== "POST") return refuse(405, "RFC 8030 §5: a push is a POST", { Allow: "POST" });
    // RFC 8030 §7.3: a push to an expired subscription gets 404 (FCM and Mozilla also use 410 Gone).
    if (sub.expired) return refuse(sub.expired, "expired push subscription");
    // RFC 8030 §5.2: TTL is required (400 without it), delta-seconds.
    const ttl = header(req, "ttl");
    if (ttl === undefined || !/^\d+$/.test(ttl))
      return refuse(400, "RFC 8030 §5.2: TTL missing or not an integer");
    const urgency = header(req, "urgency") ?? "normal";
    if (!URGENCIES.includes(urgency)) return refuse(400, `RFC 8030 §5.3: unknown Urgency ${urgency}`);
    // RFC 8030 §5.4: at most 32 characters of the URL and filename safe base64 alphabet.
    const topic = header(req, "topic") ?? null;
    if (topic !== null && !/^[\w-]{1,32}$/.test(topic)) return refuse(400, "RFC 8030 §5.4: invalid Topic");
    // RFC 8291 §4: a push message's body is encrypted with "aes128gcm", and only with it.
    const encoding = header(req, "content-encoding");
    if (size > 0 && encoding?.toLowerCase() !== "aes128gcm") {
      return refuse(415, `RFC 8291 §4: Content-Encoding ${encoding ?? "(none)"} is not aes128gcm`);
    }
    if (size > maxBodyBytes) return refuse(413, `RFC 8030 §7.2: body of ${size} bytes over ${maxBodyBytes}`);
    // RFC 8292 §4.2: no or invalid vapid authentication → 401; a key other than the
    // subscription's applicationServerKey → 403.
    const vapid = verifyVapid(header(req, "authorization"), origin, Math.floor(receivedAtEpochMs / 1000));
    if (!vapid.ok) return refuse(401, vapid.reason, { "WWW-Authenticate": "vapid" });
    if (sub.applicationServerKey && !sub.applicationServerKey.equals(vapid.publicKeyBytes)) {
      return refuse(403, "vapid: k is not the subscription’s applicationServerKey");
    }
    let payload: Buffer = Buffer.alloc(0);
    if (size > 0) {
      const result = decryptAes128gcm(body, sub.ua, sub.auth);
      if (!result.ok) return refuse(400, result.reason);
      // RFC 8291 §4: an application server MUST encrypt a push message as a single record.
      if (result.records !== 1) return refuse(400, `RFC 8291 §4: ${result.records} records, not one`);
      payload = result.plaintext;
    }
    const location = `${origin}/message/${randomBytes(12).toString("base64url")}`;
    received.push({
      endpoint: sub.endpoint,
      payload: payload.toString("utf8"),
      payloadBytes: payload,
      receivedAt,
      receivedAtEpochMs,
      headers: { ttl: Number(ttl), urgency: urgency as Urgency, topic },
      vapidSubject: vapid.subject,
      vapidKey: vapid.publicKey,
      vapidExpiresAt: vapid.expiresAt,
      location,
    });
    counts.set(sub.endpoint, (counts.get(sub.endpoint) ?? 0) + 1);
    // RFC 8030 §5: 201 Created with the message's Location; §5.2: the TTL the service keeps.
    res.writeHead(201, { Location: location, TTL: ttl }).end();
    for (const waiter of waiters) waiter.check();
  }

  const server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBodyBytes) chunks.push(chunk); // count the rest but keep the connection usable
    });
    req.on("end", () => handle(req, res, Buffer.concat(chunks), size));
  });
  // Keep idle connections as long as a test may pause: closing them at Node's default 5 s races
  // with a keep-alive client reusing one (ECONNRESET), which no push service would cause.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject).listen({ port: opts.port ?? 0, host, backlog: 4096 }, resolve);
  });
  const { port } = server.address() as AddressInfo;
  origin = `https://${host.includes(":") ? `[${host}]` : host}:${port}`;
  const agent = new Agent({ ca: cert, keepAlive: true });

  return {
    origin,
    agent,
    ca: cert,
    subscribe(options = {}) {
      let applicationServerKey: Buffer | null = null;
      if (options.applicationServerKey !== undefined) {
        applicationServerKey = fromBase64url(options.applicationServerKey);
        if (!isUncompressedP256(applicationServerKey)) {
          throw new Error("applicationServerKey must be an uncompressed P-256 public key in base64url");
        }
      }
      const id = randomBytes(16).toString("base64url");
      const endpoint = `${origin}/push/${id}`;
      // RFC 8291 §2-3: the user agent's P-256 key pair and a 16-byte authentication secret.
      const ua = createECDH("prime256v1");
      ua.generateKeys();
      const auth = randomBytes(16);
      subscriptions.set(id, { endpoint, ua, auth, applicationServerKey, expired: null });
      const keys = { p256dh: ua.getPublicKey().toString("base64url"), auth: auth.toString("base64url") };
      return { endpoint, expirationTime: null, keys };
    },
    expire(endpoint, status = 410) {
      const sub = [...subscriptions.values()].find((s) => s.endpoint === endpoint);
      if (!sub) throw new Error(`push service: no subscription ${endpoint}`);
      sub.expired = status;
    },
    get received() {
      return received;
    },
    get rejected() {
      return rejected;
    },
    waitFor(count, { endpoint, timeoutMs = 5000 } = {}) {
      const mine = <T extends { endpoint: string }>(list: T[]) =>
        endpoint === undefined ? list : list.filter((x) => x.endpoint === endpoint);
      const arrived = () => (endpoint === undefined ? received.length : (counts.get(endpoint) ?? 0));
      return new Promise<ReceivedPush[]>((resolve, reject) => {
        const settle = (then: () => void) => {
          clearTimeout(timer);
          waiters.delete(waiter);
          then();
        };
        const waiter = {
          check: () => arrived() >= count && settle(() => resolve(mine(received).slice(0, count))),
          fail: (error: Error) => settle(() => reject(error)),
        };
        const timer = setTimeout(() => {
          const refused = mine(rejected)
            .slice(-5)
            .map((r) => `${r.status} ${r.reason}`);
          const what = `${arrived()} of ${count} push(es) for ${endpoint ?? "any endpoint"}`;
          const why = `last refused: ${refused.join(" | ") || "none"}`;
          waiter.fail(new Error(`push service: ${what} arrived within ${timeoutMs} ms; ${why}`));
        }, timeoutMs);
        waiters.add(waiter);
        waiter.check();
      });
    },
    async close() {
      for (const waiter of waiters) waiter.fail(new Error("push service: closed while waiting"));
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A request header as a string (Node joins a repeated one with ", ", which the checks refuse). */
function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === "string" ? value : undefined;
}
