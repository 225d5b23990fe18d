// Web Push delivery (RFC 8030/8291/8292 through the web-push library): each member's subscriptions,
// one encrypted POST per subscription to its push service. A subscription the service says is gone
// (404, 410) is deleted; one that fails otherwise is retried as a durable job of its own, so the
// other devices of the member are not notified twice.

import { Agent } from "node:https";
import { MSG } from "@domain/messages.ts";
import {
  NOTIFICATION_LIMITS,
  type NotificationType,
  type PushPayload,
  type PushSubscriptionInput,
} from "@domain/notifications.ts";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import webpush from "web-push";
import { z } from "zod";
import type { AppDeps } from "../../deps.ts";
import { type Db, inTransaction, queryRows } from "../../platform/db/client.ts";
import { uuid } from "../../platform/db/row-schemas.ts";
import { pushSubscriptions } from "../../platform/db/schema/index.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { Config } from "../../platform/settings/config.ts";
import { notBannedAs } from "../members/index.ts";
import { inQuietHours, parseStored, wants } from "./preferences.ts";
import { isAllowedPushEndpoint } from "./push-endpoint.ts";
import { NOTIFICATION_QUEUES as QUEUES } from "./queues.ts";

/** How long a push service keeps an undelivered notification (the phone may be off). */
const PUSH_TTL_SECONDS = 24 * 3600;

/** Connections to the push services kept open (one TLS handshake per service, not per push). */
const agents = new WeakMap<Config["push"], Agent>();
function agentFor(push: Config["push"]): Agent {
  let agent = agents.get(push);
  if (!agent) {
    agent = new Agent({ keepAlive: true, maxSockets: 50, ...(push.serviceCa ? { ca: push.serviceCa } : {}) });
    agents.set(push, agent);
  }
  return agent;
}

/**
 * The VAPID header of each push service, signed once and reused for 12 hours (RFC 8292 allows 24):
 * web-push would sign a new token for every push, about a millisecond of CPU each.
 */
const vapidHeaders = new WeakMap<Config["push"], Map<string, { authorization: string; until: number }>>();
function vapidAuthorization(push: Config["push"], endpoint: string): string {
  const audience = new URL(endpoint).origin;
  let byAudience = vapidHeaders.get(push);
  if (!byAudience) {
    byAudience = new Map();
    vapidHeaders.set(push, byAudience);
  }
  const now = Date.now();
  const cached = byAudience.get(audience);
  if (cached && cached.until > now) return cached.authorization;
  const expiration = Math.floor(now / 1000) + 12 * 3600;
  const { Authorization } = webpush.getVapidHeaders(
    audience,
    push.subject,
    push.publicKey,
    push.privateKey,
    "aes128gcm",
    expiration,
  ) as { Authorization: string };
  // Renewed an hour before it expires, so a token never reaches a push service stale.
  byAudience.set(audience, { authorization: Authorization, until: (expiration - 3600) * 1000 });
  return Authorization;
}

export interface StoredSubscription {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The DEVICES column: a JSON array of StoredSubscription. */
export const devicesColumn = z.array(
  z.strictObject({ id: uuid, endpoint: z.string(), p256dh: z.string(), auth: z.string() }),
);

export async function savePushSubscription(
  db: Db,
  config: Pick<Config, "push">,
  userId: string,
  input: PushSubscriptionInput,
): Promise<void> {
  if (!isAllowedPushEndpoint(input.endpoint, config.push.serviceOrigins))
    throw new AppError(400, "PUSH_SERVICE_REFUSED", MSG.PUSH_SERVICE_REFUSED);
  await inTransaction(db, async (tx) => {
    // The same browser subscribing again, or used by another member since: the row moves to this one.
    await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, createdAt: sql`now()` },
      });
    // Beyond the limit, the oldest devices give way.
    const rows = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.createdAt));
    const extra = rows.length - NOTIFICATION_LIMITS.MAX_PUSH_SUBSCRIPTIONS;
    if (extra > 0)
      await tx.delete(pushSubscriptions).where(
        inArray(
          pushSubscriptions.id,
          rows.slice(0, extra).map((r) => r.id),
        ),
      );
  });
}

export async function deletePushSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function subscriptionsOf(db: Db, userId: string): Promise<StoredSubscription[]> {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
}

/**
 * A member's devices when a push of `type` may go to them now — not banned, wanting it, not in their
 * quiet hours, with at least one device — read in one statement; otherwise null.
 */
export async function pushRecipient(
  db: Db,
  userId: string,
  type: NotificationType,
): Promise<StoredSubscription[] | null> {
  const [row] = await queryRows(
    db,
    // The stored preferences are read by parseStored, which tolerates any JSON (or null).
    z.strictObject({ preferences: z.unknown(), subscriptions: devicesColumn }),
    sql`SELECT s.preferences, ${DEVICES} AS subscriptions
      FROM "user" u LEFT JOIN notification_settings s ON s.user_id = u.id
      WHERE u.id = ${userId} AND ${notBannedAs("u")}`,
  );
  if (!row || row.subscriptions.length === 0) return null;
  const prefs = parseStored(row.preferences);
  return wants(prefs, "push", type) && !inQuietHours(prefs) ? row.subscriptions : null;
}

/** The devices of the member `u` as JSON (for a statement that reads them with other things). */
export const DEVICES = sql`(SELECT coalesce(json_agg(json_build_object('id', ps.id, 'endpoint', ps.endpoint,
    'p256dh', ps.p256dh, 'auth', ps.auth)), '[]'::json)
  FROM push_subscriptions ps WHERE ps.user_id = u.id)`;

export type DeliveryResult = "sent" | "gone" | "failed";

/** One encrypted POST to one subscription's push service. */
export async function deliverPush(
  deps: Pick<AppDeps, "database" | "config" | "logger">,
  sub: StoredSubscription,
  payload: PushPayload,
): Promise<DeliveryResult> {
  const { db } = deps.database;
  // Re-checked at sending time: the allowed services may have changed since it was stored.
  if (!isAllowedPushEndpoint(sub.endpoint, deps.config.push.serviceOrigins)) {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
    return "gone";
  }
  try {
    await webpush.sendNotification(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(payload),
      {
        headers: { Authorization: vapidAuthorization(deps.config.push, sub.endpoint) },
        agent: agentFor(deps.config.push),
        TTL: PUSH_TTL_SECONDS,
        urgency:
          payload.kind === "message" || payload.kind === "match" || payload.kind === "call"
            ? "high"
            : "normal",
        // A call rings for its ring time: a push delivered later would ring for nothing.
        ...(payload.kind === "call" && { TTL: deps.config.calls.ringSeconds }),
        // A newer push of the same conversation replaces an undelivered older one at the service.
        topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32),
        timeout: 10_000,
      },
    );
    return "sent";
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 404 || status === 410) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
      return "gone";
    }
    deps.logger.warn({ err, status, subscription: sub.id }, "push: delivery failed");
    return "failed";
  }
}

/** Sends to every device of a member; the ones that failed are retried as jobs of their own. */
export async function sendPush(
  deps: Pick<AppDeps, "database" | "config" | "logger" | "jobs">,
  userId: string,
  payload: PushPayload,
  /** The member's devices when the caller has read them already. */
  devices?: StoredSubscription[],
): Promise<{ sent: number; gone: number; failed: number }> {
  const subs = devices ?? (await subscriptionsOf(deps.database.db, userId));
  const results = await Promise.all(subs.map((s) => deliverPush(deps, s, payload)));
  const count = (r: DeliveryResult) => results.filter((x) => x === r).length;
  await Promise.all(
    subs
      .filter((_, i) => results[i] === "failed")
      .map((s) => deps.jobs.send(QUEUES.push, { subscriptionId: s.id, payload }, { startAfter: 10 })),
  );
  return { sent: count("sent"), gone: count("gone"), failed: count("failed") };
}
