// This browser's side of web push (issue 18): whether it can, the permission, and the subscription
// the push service gives for Passerelle's VAPID key, which the server is told about.
//
// The service worker (web/sw.ts) receives the pushes. It is only registered by the built app: in
// development (Vite) there is none, and `navigator.serviceWorker.ready` would wait for ever, so it
// is always awaited with a time limit. Reading the current state uses getRegistration(), which
// answers at once.
import { ApiError } from "@web/lib/api.ts";
import { deletePushSubscription, savePushSubscription } from "./api.ts";

export type PushFailure =
  | "unsupported"
  | "denied"
  | "dismissed"
  | "no-worker"
  | "subscribe-failed"
  | "unreachable";

const FAILURE_MESSAGES: Record<PushFailure, string> = {
  unsupported: "Votre navigateur ne permet pas les notifications.",
  denied:
    "Les notifications sont bloquées pour Passerelle dans ce navigateur. Autorisez-les dans les réglages du site, puis réessayez.",
  dismissed: "Le navigateur n’a pas reçu votre réponse. Réessayez quand vous le souhaitez.",
  "no-worker": import.meta.env?.DEV
    ? "Les notifications fonctionnent dans l’application installée ou sur le site en production, pas dans cette version de développement."
    : "Les notifications ne sont pas encore prêtes sur cet appareil. Rechargez la page, puis réessayez.",
  "subscribe-failed":
    "Le service de notifications de votre navigateur n’a pas répondu. Réessayez dans quelques instants.",
  unreachable:
    "Le service de notifications de votre navigateur ne répond pas depuis ce réseau (certains réseaux le bloquent). Réessayez plus tard, ou depuis un autre réseau, par exemple en Wi-Fi.",
};

/** Why this browser could not be set up for notifications, with a French message. */
export class PushSetupError extends Error {
  override name = "PushSetupError";
  readonly reason: PushFailure;
  constructor(reason: PushFailure) {
    super(FAILURE_MESSAGES[reason]);
    this.reason = reason;
  }
}

/** How long to wait for the service worker before saying there is none. */
export const WORKER_READY_TIMEOUT_MS = 10_000;

/**
 * How long the browser's push service may take to give a subscription. Chromium waits on its push
 * service (Google's) without a limit of its own: a network that blocks it left « Activation… » on
 * screen for ever.
 */
export const SUBSCRIBE_TIMEOUT_MS = 20_000;

/** `promise`, or `failure` once `ms` have passed. */
async function within<T>(promise: Promise<T>, ms: number, failure: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(failure()), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether this browser can receive push notifications (not Safari on iOS outside the installed app). */
export function pushSupport(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

/** The key as the push service wants it: base64url (no padding) decoded to bytes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(value.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

function readyRegistration(timeoutMs: number): Promise<ServiceWorkerRegistration> {
  return within(navigator.serviceWorker.ready, timeoutMs, () => new PushSetupError("no-worker"));
}

/** This browser's push subscription, if it has one (null without a service worker). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupport()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks the permission (call it from a click: browsers refuse a prompt nobody asked for), subscribes
 * with the server's key and registers the subscription with the server. Throws PushSetupError, or
 * the API's ApiError (then the browser's subscription is undone, so both sides agree).
 */
export async function enablePush(
  pushKey: string,
  {
    readyTimeoutMs = WORKER_READY_TIMEOUT_MS,
    subscribeTimeoutMs = SUBSCRIBE_TIMEOUT_MS,
  }: { readyTimeoutMs?: number; subscribeTimeoutMs?: number } = {},
): Promise<PushSubscription> {
  if (!pushSupport()) throw new PushSetupError("unsupported");
  const permission = await Notification.requestPermission();
  if (permission === "denied") throw new PushSetupError("denied");
  if (permission !== "granted") throw new PushSetupError("dismissed");

  return subscribeAndRegister(pushKey, readyTimeoutMs, subscribeTimeoutMs);
}

/**
 * After the worker's « pushsubscriptionchange » (the browser renewed or dropped the subscription):
 * subscribes again and tells the server, without any prompt: only where notifications are allowed.
 * Null when they are not (or the browser cannot).
 */
export async function renewPushSubscription(
  pushKey: string,
  { readyTimeoutMs = WORKER_READY_TIMEOUT_MS }: { readyTimeoutMs?: number } = {},
): Promise<PushSubscription | null> {
  if (!pushSupport() || Notification.permission !== "granted") return null;
  return subscribeAndRegister(pushKey, readyTimeoutMs, SUBSCRIBE_TIMEOUT_MS);
}

async function subscribeAndRegister(
  pushKey: string,
  readyTimeoutMs: number,
  subscribeTimeoutMs: number,
): Promise<PushSubscription> {
  const registration = await readyRegistration(readyTimeoutMs);
  const key = base64UrlToBytes(pushKey);
  let subscription: PushSubscription;
  try {
    const existing = await registration.pushManager.getSubscription();
    // A subscription made with another key (the server's key changed) cannot be reused.
    if (existing && !sameBytes(existing.options.applicationServerKey, key)) await existing.unsubscribe();
    subscription = await within(
      registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
      subscribeTimeoutMs,
      () => new PushSetupError("unreachable"),
    );
  } catch (err) {
    throw err instanceof PushSetupError ? err : new PushSetupError("subscribe-failed");
  }

  try {
    await savePushSubscription(subscription.toJSON());
  } catch (err) {
    await subscription.unsubscribe().catch(() => false);
    throw err instanceof ApiError ? err : new PushSetupError("subscribe-failed");
  }
  return subscription;
}

/**
 * Stops notifications on this browser: the subscription is undone here first (that alone stops
 * them), then the server forgets it. Should that last call fail, the push service answers « gone »
 * at the next notification and the server forgets it then.
 */
export async function disablePush(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  await deletePushSubscription(endpoint).catch(() => undefined);
}
