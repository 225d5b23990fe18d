// VAPID keys (RFC 8292) identify Passerelle to the browsers' push services. In production they come
// from the environment (a new pair would orphan every member's subscription); in development and
// tests a pair is generated once into the data folder, like the auth secret.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** base64url P-256 keys: 65-byte uncompressed public key, 32-byte private key. */
export const VAPID_PUBLIC_KEY_PATTERN = /^[A-Za-z0-9_-]{87}$/;
export const VAPID_PRIVATE_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function devVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, "vapid.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as VapidKeys;
  mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}

/** A new pair as environment variables: for benchmarks and tests that run in production mode. */
export function vapidEnv(): { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string } {
  const keys = webpush.generateVAPIDKeys();
  return { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
}
