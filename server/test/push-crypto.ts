// The cryptography of the local Web Push service (push-service.ts), from the RFCs, with node:crypto
// only: a self-signed TLS certificate, VAPID verification (RFC 8292) and the "aes128gcm" message
// decryption a browser performs (RFC 8291 over RFC 8188).
import {
  createDecipheriv,
  createPublicKey,
  type ECDH,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
  randomBytes,
  sign,
  verify,
} from "node:crypto";
import { isIP, isIPv4 } from "node:net";

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Strict base64url (Buffer.from ignores stray characters): null when `s` is not base64url. */
export function fromBase64url(s: string): Buffer | null {
  return BASE64URL.test(s) ? Buffer.from(s, "base64url") : null;
}

/** An uncompressed P-256 point (0x04 || x || y), the only form RFC 8291 §3.1 and RFC 8292 §3.2 use. */
export function isUncompressedP256(key: Buffer | null): key is Buffer {
  return key !== null && key.length === 65 && key[0] === 0x04;
}

// --- TLS (RFC 8030 §8: the Web Push protocol runs over HTTPS only) -----------------------------

function der(tag: number, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const n = body.length;
  const len = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff];
  return Buffer.concat([Buffer.from([tag, ...len]), body]);
}
const seq = (...parts: Buffer[]) => der(0x30, ...parts);
const oid = (hex: string) => der(0x06, Buffer.from(hex, "hex"));
const ECDSA_WITH_SHA256 = seq(oid("2a8648ce3d040302")); // 1.2.840.10045.4.3.2, no parameters
const utcTime = (d: Date) => der(0x17, Buffer.from(`${d.toISOString().slice(2, 19).replace(/[-:T]/g, "")}Z`));

/**
 * A self-signed X.509 v3 certificate (RFC 5280 §4.1) for `host`, an IP address or a DNS name,
 * valid for 30 days: the PEM key and certificate for https.createServer and a client's `ca`.
 */
export function selfSignedCertificate(host: string): { key: string; cert: string } {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const name = seq(der(0x31, seq(oid("550403"), der(0x0c, Buffer.from("Passerelle test push service")))));
  // subjectAltName (2.5.29.17): iPAddress [7] or dNSName [2]; TLS clients match the host against
  // it, never against the common name (RFC 6125 §6.4.4).
  const altName = isIP(host)
    ? der(0x87, isIPv4(host) ? Buffer.from(host.split(".").map(Number)) : ipv6Bytes(host))
    : der(0x82, Buffer.from(host));
  const now = Date.now();
  const tbs = seq(
    der(0xa0, der(0x02, Buffer.from([2]))), // version v3
    der(0x02, Buffer.concat([Buffer.from([0x01]), randomBytes(8)])), // positive serial number
    ECDSA_WITH_SHA256,
    name,
    seq(utcTime(new Date(now - 3_600_000)), utcTime(new Date(now + 30 * 86_400_000))),
    name,
    publicKey.export({ type: "spki", format: "der" }),
    der(0xa3, seq(seq(oid("551d11"), der(0x04, seq(altName))))),
  );
  const signature = sign("sha256", tbs, privateKey); // DER ECDSA-Sig-Value, as X.509 wants
  const cert = seq(tbs, ECDSA_WITH_SHA256, der(0x03, Buffer.from([0]), signature));
  const lines = cert.toString("base64").match(/.{1,64}/g) ?? [];
  return {
    key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    cert: `-----BEGIN CERTIFICATE-----\n${lines.join("\n")}\n-----END CERTIFICATE-----\n`,
  };
}

function ipv6Bytes(host: string): Buffer {
  const [head = "", tail = ""] = host.split("::");
  const groups = (s: string) => (s ? s.split(":") : []);
  const h = groups(head);
  const t = groups(tail);
  const all = [...h, ...Array<string>(8 - h.length - t.length).fill("0"), ...t];
  return Buffer.from(all.flatMap((g) => [Number.parseInt(g, 16) >> 8, Number.parseInt(g, 16) & 0xff]));
}

// --- VAPID (RFC 8292) -------------------------------------------------------------------------

export type VapidResult =
  | { ok: true; subject: string; publicKey: string; publicKeyBytes: Buffer; expiresAt: number }
  | { ok: false; reason: string };

const vapidKeys = new Map<string, KeyObject>(); // k → key; one application server, many pushes

/**
 * Checks an `Authorization: vapid t=<JWT>, k=<key>` header (RFC 8292 §3) for a push resource of
 * `origin`, at `nowSeconds`. Does not check the subscription's restriction (§4.2): the caller does.
 */
export function verifyVapid(
  authorization: string | undefined,
  origin: string,
  nowSeconds: number,
): VapidResult {
  const scheme = /^vapid\s+(.*)$/is.exec(authorization ?? "");
  if (!scheme) return { ok: false, reason: "missing vapid authorization" };
  const params = new Map<string, string>();
  for (const part of (scheme[1] ?? "").split(",")) {
    const m = /^\s*([A-Za-z]+)\s*=\s*"?([^"]*)"?\s*$/.exec(part);
    if (m) params.set(m[1]!.toLowerCase(), m[2]!);
  }
  const token = params.get("t");
  const k = params.get("k") ?? "";
  const keyBytes = fromBase64url(k);
  if (!token) return { ok: false, reason: "vapid: no t parameter" };
  // §3.2: k is the ECDSA P-256 public key, an uncompressed point in base64url.
  if (!isUncompressedP256(keyBytes))
    return { ok: false, reason: "vapid: k is not an uncompressed P-256 key" };
  let key = vapidKeys.get(k);
  if (!key) {
    try {
      const jwk = {
        kty: "EC",
        crv: "P-256",
        x: b64u(keyBytes.subarray(1, 33)),
        y: b64u(keyBytes.subarray(33)),
      };
      key = createPublicKey({ key: jwk, format: "jwk" });
    } catch {
      return { ok: false, reason: "vapid: k is not a point on P-256" };
    }
    vapidKeys.set(k, key);
  }
  const parts = token.split(".");
  if (parts.length !== 3) return { ok: false, reason: "vapid: t is not a JWS compact serialization" };
  const [h = "", p = "", s = ""] = parts;
  const header = parseJson(fromBase64url(h));
  const claims = parseJson(fromBase64url(p));
  const signature = fromBase64url(s);
  // §2: the JWT is signed with ES256 (RFC 7518 §3.4: the signature is r || s, 32 bytes each).
  if (header?.alg !== "ES256") return { ok: false, reason: "vapid: JWT alg is not ES256" };
  if (!claims) return { ok: false, reason: "vapid: JWT claims are not a JSON object" };
  if (signature?.length !== 64) return { ok: false, reason: "vapid: signature is not 64 bytes (r || s)" };
  const signed = Buffer.from(`${h}.${p}`);
  if (!verify("sha256", signed, { key, dsaEncoding: "ieee-p1363" }, signature)) {
    return { ok: false, reason: "vapid: JWT signature does not match k" };
  }
  // §2: aud is the push resource's origin; exp MUST NOT be more than 24 hours after the request.
  if (claims.aud !== origin)
    return { ok: false, reason: `vapid: aud ${String(claims.aud)} is not ${origin}` };
  const exp = claims.exp;
  if (typeof exp !== "number" || !Number.isInteger(exp))
    return { ok: false, reason: "vapid: no integer exp" };
  if (exp <= nowSeconds) return { ok: false, reason: "vapid: JWT expired (exp is past)" };
  if (exp > nowSeconds + 86_400) return { ok: false, reason: "vapid: exp is more than 24 hours ahead" };
  // §2.1: sub is a contact for the application server, a mailto: or an https: URI.
  const sub = claims.sub;
  if (typeof sub !== "string" || !/^(mailto:.+|https:\/\/.+)$/.test(sub) || !URL.canParse(sub)) {
    return { ok: false, reason: "vapid: sub is not a mailto: or https: URI" };
  }
  return { ok: true, subject: sub, publicKey: k, publicKeyBytes: keyBytes, expiresAt: exp };
}

const b64u = (b: Buffer) => b.toString("base64url");

function parseJson(bytes: Buffer | null): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(bytes?.toString("utf8") ?? "");
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

// --- Message encryption (RFC 8291 over RFC 8188) -------------------------------------------------

export type DecryptResult = { ok: true; plaintext: Buffer; records: number } | { ok: false; reason: string };

/**
 * Decrypts an "aes128gcm" body as the user agent does (RFC 8291 §3.4, RFC 8188 §2), with the
 * user agent's ECDH key pair and the subscription's 16-byte auth secret.
 */
export function decryptAes128gcm(body: Buffer, ua: ECDH, authSecret: Buffer): DecryptResult {
  // RFC 8188 §2.1 header: salt (16) || rs (uint32) || idlen (1) || keyid (idlen).
  if (body.length < 21) return { ok: false, reason: "undecryptable: body shorter than the aes128gcm header" };
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  // RFC 8291 §4: keyid is the application server's ephemeral key, an uncompressed P-256 point.
  if (!isUncompressedP256(asPublic)) return { ok: false, reason: "undecryptable: keyid is not a P-256 key" };
  // RFC 8188 §2.1: a record holds at least one octet of padding delimiter and the 16-octet tag.
  if (rs < 18) return { ok: false, reason: `undecryptable: record size ${rs} is below 18` };
  let ecdhSecret: Buffer;
  try {
    ecdhSecret = ua.computeSecret(asPublic);
  } catch {
    return { ok: false, reason: "undecryptable: keyid is not a point on P-256" };
  }
  // RFC 8291 §3.4: IKM = HKDF(auth_secret, ecdh_secret, "WebPush: info" || 0x00 || ua_public ||
  // as_public, 32); then RFC 8188 §2.2-2.3: CEK and NONCE from HKDF(salt, IKM, ...).
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), ua.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, "Content-Encoding: aes128gcm\0", 16));
  const baseNonce = Buffer.from(hkdfSync("sha256", ikm, salt, "Content-Encoding: nonce\0", 12));
  const chunks: Buffer[] = [];
  const start = 21 + idlen;
  if (body.length === start) return { ok: false, reason: "undecryptable: no record" };
  for (let at = start, seqNo = 0; at < body.length; at += rs, seqNo++) {
    const record = body.subarray(at, at + rs);
    const last = at + rs >= body.length;
    if (record.length < 17) return { ok: false, reason: `undecryptable: record ${seqNo} is truncated` };
    // RFC 8188 §2.3: the nonce of record SEQ is NONCE XOR SEQ (SEQ as a 96-bit big-endian integer).
    const nonce = Buffer.from(baseNonce);
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seqNo) >>> 0, 8);
    let plain: Buffer;
    try {
      const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
      decipher.setAuthTag(record.subarray(-16));
      plain = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
    } catch {
      return { ok: false, reason: `undecryptable: record ${seqNo} fails AES-GCM authentication` };
    }
    // RFC 8188 §2: data || delimiter || zero padding; 0x02 ends the last record, 0x01 the others.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    if (end < 0) return { ok: false, reason: `undecryptable: record ${seqNo} has no padding delimiter` };
    if (plain[end] !== (last ? 2 : 1)) {
      return { ok: false, reason: `undecryptable: record ${seqNo} has delimiter ${plain[end]} (truncated?)` };
    }
    chunks.push(plain.subarray(0, end));
  }
  return { ok: true, plaintext: Buffer.concat(chunks), records: chunks.length };
}
