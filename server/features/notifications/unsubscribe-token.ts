// The one-click unsubscribe link's token (RFC 8058): the member's id and an HMAC of it under the
// auth secret. It does not expire: a link in a months-old e-mail must still work.
import { createHmac, timingSafeEqual } from "node:crypto";

const sign = (secret: string, userId: string) =>
  createHmac("sha256", secret).update(`unsubscribe:${userId}`).digest("base64url");

export function unsubscribeToken(secret: string, userId: string): string {
  return `${Buffer.from(userId).toString("base64url")}.${sign(secret, userId)}`;
}

/** The member's id, or null for a forged or damaged token. */
export function readUnsubscribeToken(secret: string, token: string): string | null {
  const [id, mac] = token.split(".");
  if (!id || !mac || token.length > 300) return null;
  const userId = Buffer.from(id, "base64url").toString("utf8");
  const expected = Buffer.from(sign(secret, userId));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
