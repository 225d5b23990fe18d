// The local Web Push service (push-service.ts) against the real `web-push` library: what it
// delivers arrives decrypted, and what a real push service refuses, it refuses.
import { createPrivateKey, randomBytes, sign, X509Certificate } from "node:crypto";
import { request } from "node:https";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webpush, {
  type PushSubscription,
  type RequestOptions,
  type SendResult,
  type VapidKeys,
} from "web-push";
import { type PushServiceHandle, startPushService } from "./push-service.ts";

const SUBJECT = "mailto:notifications@passerelle.example";
/** web-push sends no VAPID header for a falsy vapidDetails (its types leave null out). */
const NO_VAPID = null as unknown as undefined;
const b64 = (data: string | Buffer) => Buffer.from(data).toString("base64url");

/** A VAPID header signed here (not by web-push), to send claims web-push refuses to make. */
function vapidHeader(keys: VapidKeys, claims: Record<string, unknown>, alg = "ES256"): string {
  const pub = Buffer.from(keys.publicKey, "base64url");
  const jwk = {
    kty: "EC",
    crv: "P-256",
    d: keys.privateKey,
    x: b64(pub.subarray(1, 33)),
    y: b64(pub.subarray(33)),
  };
  const input = `${b64(JSON.stringify({ typ: "JWT", alg }))}.${b64(JSON.stringify(claims))}`;
  const key = createPrivateKey({ key: jwk, format: "jwk" });
  const signature = sign("sha256", Buffer.from(input), { key, dsaEncoding: "ieee-p1363" });
  return `vapid t=${input}.${b64(signature)}, k=${keys.publicKey}`;
}

/** The status web-push's promise ends with: 201, or the WebPushError's statusCode. */
async function statusOf(promise: Promise<SendResult>): Promise<number> {
  try {
    return (await promise).statusCode;
  } catch (error) {
    if (error instanceof webpush.WebPushError) return error.statusCode;
    throw error;
  }
}

/** A raw POST through the service's agent, for requests web-push would not make. */
function post(push: PushServiceHandle, endpoint: string, headers: Record<string, string>, body?: Buffer) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const length = { "Content-Length": String(body?.length ?? 0) };
    const req = request(
      endpoint,
      { method: "POST", headers: { ...headers, ...length }, agent: push.agent },
      (res) => {
        let text = "";
        res.setEncoding("utf8").on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject).end(body);
  });
}

describe("local Web Push service", () => {
  let push: PushServiceHandle;
  let keys: VapidKeys;
  let send: (sub: PushSubscription, payload?: string | null, options?: RequestOptions) => Promise<number>;
  const lastRejection = () => push.rejected.at(-1);

  beforeAll(async () => {
    push = await startPushService();
    keys = webpush.generateVAPIDKeys();
    const vapidDetails = { subject: SUBJECT, ...keys };
    send = (sub, payload = "{}", options = {}) =>
      statusOf(
        webpush.sendNotification(sub, payload, { vapidDetails, TTL: 60, agent: push.agent, ...options }),
      );
  });
  afterAll(() => push.close());

  it("hands out browser-like subscriptions on an HTTPS origin with its own certificate", () => {
    const sub = push.subscribe();
    expect(push.origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(sub.endpoint).toMatch(new RegExp(`^${push.origin}/push/[\\w-]{22}$`));
    expect(sub.expirationTime).toBeNull();
    expect(sub.keys.p256dh).toMatch(/^B[\w-]{86}$/); // 65-byte uncompressed point
    expect(sub.keys.auth).toMatch(/^[\w-]{22}$/); // 16 bytes
    expect(new X509Certificate(push.ca).checkIP("127.0.0.1")).toBe("127.0.0.1");
  });

  it("delivers a web-push notification decrypted, with its headers and VAPID identity", async () => {
    const sub = push.subscribe();
    const payload = JSON.stringify({
      kind: "message",
      title: "Awa",
      body: "Bonjour ! Ça va ? 👋",
      url: "/messages/1",
    });
    const result = await webpush.sendNotification(sub, payload, {
      vapidDetails: { subject: SUBJECT, ...keys },
      TTL: 3600,
      urgency: "high",
      topic: "conversation-1",
      agent: push.agent,
    });
    expect(result.statusCode).toBe(201);
    const [received] = await push.waitFor(1, { endpoint: sub.endpoint });
    expect(received?.payload).toBe(payload);
    expect(received?.payloadBytes.equals(Buffer.from(payload))).toBe(true);
    expect(received).toMatchObject({
      endpoint: sub.endpoint,
      headers: { ttl: 3600, urgency: "high", topic: "conversation-1" },
      vapidSubject: SUBJECT,
      vapidKey: keys.publicKey,
    });
    expect(received?.vapidExpiresAt).toBeGreaterThan(Date.now() / 1000);
    expect(result.headers.location).toBe(received?.location);
    expect(received?.location).toMatch(new RegExp(`^${push.origin}/message/`));
    expect(received?.receivedAt).toBeLessThanOrEqual(performance.now());
    expect(Math.abs((received?.receivedAtEpochMs ?? 0) - Date.now())).toBeLessThan(5000);
  });

  it("delivers a push without payload, with the default urgency", async () => {
    const sub = push.subscribe();
    expect(await send(sub, null)).toBe(201);
    const [received] = await push.waitFor(1, { endpoint: sub.endpoint });
    expect(received).toMatchObject({ payload: "", headers: { ttl: 60, urgency: "normal", topic: null } });
  });

  it("refuses a VAPID signature made with another private key (401)", async () => {
    const sub = push.subscribe();
    const other = webpush.generateVAPIDKeys();
    const vapidDetails = { subject: SUBJECT, publicKey: keys.publicKey, privateKey: other.privateKey };
    expect(await send(sub, "{}", { vapidDetails })).toBe(401);
    expect(lastRejection()).toEqual({
      endpoint: sub.endpoint,
      status: 401,
      reason: expect.stringMatching(/signature/),
    });
    expect(push.received.some((p) => p.endpoint === sub.endpoint)).toBe(false);
  });

  it("checks the JWT’s claims: exp past or over 24 h ahead, aud, sub, alg, a missing header", async () => {
    const sub = push.subscribe();
    const now = Math.floor(Date.now() / 1000);
    const valid = { aud: push.origin, exp: now + 3600, sub: SUBJECT };
    const withAuth = (Authorization: string) =>
      send(sub, "{}", { vapidDetails: NO_VAPID, headers: { Authorization } });
    // The header signed here passes as it is, so each refusal below is the claim's doing.
    expect(await withAuth(vapidHeader(keys, valid))).toBe(201);
    expect(await withAuth(vapidHeader(keys, { ...valid, exp: now + 86_400 }))).toBe(201);
    const cases: [Record<string, unknown>, RegExp, string?][] = [
      [{ ...valid, exp: now - 60 }, /expired/],
      [{ ...valid, exp: now + 86_400 + 120 }, /24 hours/],
      [{ ...valid, aud: "https://fcm.googleapis.com" }, /aud/],
      [{ ...valid, sub: "ops@passerelle.example" }, /sub/],
      [{ aud: push.origin, exp: now + 3600 }, /sub/],
      [{ ...valid, exp: now + 3600.5 }, /integer exp/],
      [valid, /ES256/, "ES384"],
    ];
    for (const [claims, reason, alg] of cases) {
      expect(await withAuth(vapidHeader(keys, claims, alg)), JSON.stringify(claims)).toBe(401);
      expect(lastRejection()?.reason).toMatch(reason);
    }
    // web-push's own header, with an exp in the past.
    const { Authorization } = webpush.getVapidHeaders(
      push.origin,
      SUBJECT,
      keys.publicKey,
      keys.privateKey,
      "aes128gcm",
      now - 1,
    );
    expect(await withAuth(Authorization)).toBe(401);
    expect(lastRejection()?.reason).toMatch(/expired/);
    expect(await send(sub, "{}", { vapidDetails: NO_VAPID })).toBe(401);
    expect(lastRejection()?.reason).toMatch(/missing/);
  });

  it("restricts a subscription to its applicationServerKey (403 for another key)", async () => {
    const sub = push.subscribe({ applicationServerKey: keys.publicKey });
    const other = webpush.generateVAPIDKeys();
    expect(await send(sub, "{}", { vapidDetails: { subject: SUBJECT, ...other } })).toBe(403);
    expect(lastRejection()).toMatchObject({
      endpoint: sub.endpoint,
      reason: expect.stringMatching(/applicationServerKey/),
    });
    expect(await send(sub)).toBe(201);
    expect(() => push.subscribe({ applicationServerKey: "not-a-key" })).toThrow(/P-256/);
  });

  it("refuses a body that does not decrypt (400) and records it", async () => {
    const sub = push.subscribe();
    const details = webpush.generateRequestDetails(sub, "secret", {
      vapidDetails: { subject: SUBJECT, ...keys },
    });
    const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
    const body = details.body as Buffer;
    const tampered = Buffer.from(body);
    const at = tampered.length - 20;
    tampered.writeUInt8(tampered[at]! ^ 0x01, at); // one bit of the ciphertext
    expect(await post(push, sub.endpoint, headers, tampered)).toEqual({
      status: 400,
      text: expect.stringMatching(/^undecryptable: record 0 fails AES-GCM authentication/),
    });
    expect(lastRejection()).toMatchObject({ endpoint: sub.endpoint, status: 400 });
    // The same request untouched is delivered: the refusal is the tampering's doing.
    expect((await post(push, sub.endpoint, headers, body)).status).toBe(201);
    expect((await push.waitFor(1, { endpoint: sub.endpoint }))[0]?.payload).toBe("secret");
    // A body encrypted for another subscription does not decrypt either.
    const stranger = push.subscribe();
    expect((await post(push, stranger.endpoint, headers, body)).status).toBe(400);
  });

  it("answers 410 or 404 for an expired subscription, which web-push reports as WebPushError", async () => {
    const gone = push.subscribe();
    const missing = push.subscribe();
    push.expire(gone.endpoint);
    push.expire(missing.endpoint, 404);
    const error = await webpush
      .sendNotification(gone, "{}", {
        vapidDetails: { subject: SUBJECT, ...keys },
        TTL: 60,
        agent: push.agent,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(webpush.WebPushError);
    expect(error).toMatchObject({ statusCode: 410, endpoint: gone.endpoint });
    expect(await send(missing)).toBe(404);
    expect(await send({ ...missing, endpoint: `${push.origin}/push/unknown` })).toBe(404);
    expect(push.rejected.filter((r) => r.endpoint === gone.endpoint)).toEqual([
      { endpoint: gone.endpoint, status: 410, reason: "expired push subscription" },
    ]);
  });

  it("takes the largest payload that fits 4096 bytes (3993) and answers 413 above", async () => {
    const sub = push.subscribe();
    const largest = randomBytes(3000).toString("base64").slice(0, 3993);
    expect(await send(sub, largest)).toBe(201);
    expect((await push.waitFor(1, { endpoint: sub.endpoint }))[0]?.payload).toBe(largest);
    expect(await send(sub, `${largest}x`)).toBe(413);
  });

  it("decrypts every record but refuses a push of more than one (RFC 8291 §4)", async () => {
    const roomy = await startPushService({ maxBodyBytes: 16_384 });
    try {
      const sub = roomy.subscribe();
      const vapidDetails = { subject: SUBJECT, ...keys };
      const status = await statusOf(
        webpush.sendNotification(sub, "é".repeat(2500), { vapidDetails, TTL: 60, agent: roomy.agent }),
      );
      expect(status).toBe(400);
      expect(roomy.rejected.at(-1)?.reason).toMatch(/2 records/);
      // Cut after the first record (RFC 8188 §2: its delimiter, 0x01, says more was to come).
      const details = webpush.generateRequestDetails(sub, "é".repeat(2500), { vapidDetails, TTL: 60 });
      const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
      const cut = (details.body as Buffer).subarray(0, 86 + 4096);
      expect(await post(roomy, sub.endpoint, headers, cut)).toEqual({
        status: 400,
        text: "undecryptable: record 0 has delimiter 1 (truncated?)",
      });
    } finally {
      await roomy.close();
    }
  });

  it("checks TTL, Urgency, Topic and the content coding", async () => {
    const sub = push.subscribe();
    const exp = Math.floor(Date.now() / 1000) + 60;
    const ok = { Authorization: vapidHeader(keys, { aud: push.origin, exp, sub: SUBJECT }) };
    // A valid raw request first: each refusal below is the header's doing.
    expect((await post(push, sub.endpoint, { ...ok, TTL: "0" })).status).toBe(201);
    expect((await post(push, sub.endpoint, ok)).status).toBe(400);
    expect(lastRejection()?.reason).toMatch(/TTL/);
    expect((await post(push, sub.endpoint, { ...ok, TTL: "-1" })).status).toBe(400);
    expect((await post(push, sub.endpoint, { ...ok, TTL: "1", Urgency: "urgent" })).status).toBe(400);
    expect((await post(push, sub.endpoint, { ...ok, TTL: "1", Topic: "a".repeat(33) })).status).toBe(400);
    expect((await post(push, sub.endpoint, { ...ok, TTL: "1", Topic: "not/base64url" })).status).toBe(400);
    expect(await send(sub, "{}", { contentEncoding: "aesgcm" })).toBe(415);
    const plain = await post(push, sub.endpoint, { ...ok, TTL: "1" }, Buffer.from("{}"));
    expect(plain.status).toBe(415);
  });

  it("waitFor says what arrived and what was refused when it times out", async () => {
    const sub = push.subscribe();
    push.expire(sub.endpoint);
    await send(sub);
    await expect(push.waitFor(1, { endpoint: sub.endpoint, timeoutMs: 50 })).rejects.toThrow(
      /0 of 1 push\(es\) for .* within 50 ms; last refused: 410 expired push subscription/,
    );
  });

  it("needs its agent: web-push alone does not trust the self-signed certificate", async () => {
    const sub = push.subscribe();
    const vapidDetails = { subject: SUBJECT, ...keys };
    await expect(webpush.sendNotification(sub, "{}", { vapidDetails, TTL: 60 })).rejects.toThrow(
      /self-signed/,
    );
  });

  it("keeps up with a burst of 200 pushes to 20 subscriptions", async () => {
    const subs = Array.from({ length: 20 }, () => push.subscribe());
    const before = push.received.length;
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => send(subs[i % 20]!, JSON.stringify({ i }))),
    );
    expect(statuses.every((s) => s === 201)).toBe(true);
    const delivered = push.received.slice(before).map((p) => JSON.parse(p.payload).i as number);
    expect(delivered.sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i));
    expect(await push.waitFor(10, { endpoint: subs[3]!.endpoint })).toHaveLength(10);
  });
});
