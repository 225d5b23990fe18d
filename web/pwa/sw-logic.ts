// The service worker's decisions (web/sw.ts), as pure functions the unit tests can reach: what a push
// says, whether to show it, what a click on it opens. Also the messages the worker posts to the
// app's windows. No worker or DOM globals here: the app's bundle and the worker's both import it.
import type { PushKind, PushPayload } from "@domain/notifications.ts";
import type { FlushResult } from "../lib/outbox/flush.ts";

/** What the worker tells the app's windows (navigator.serviceWorker « message » events). */
export type WorkerMessage =
  | { type: "push"; payload: PushPayload }
  | { type: "pushsubscriptionchange" }
  /** The worker sent the outbox on Background Sync (issue 39): what the server answered. */
  | { type: "outbox-sent"; result: FlushResult };

export function isWorkerMessage(data: unknown): data is WorkerMessage {
  const type = (data as { type?: unknown } | null)?.type;
  return type === "push" || type === "pushsubscriptionchange" || type === "outbox-sent";
}

/** Icons of the notifications (web/public/icons, drawn by scripts/build/icons.ts). */
export const NOTIFICATION_ICON = "/icons/icon-192.png";
export const NOTIFICATION_BADGE = "/icons/badge-96.png";

const KINDS: readonly PushKind[] = ["match", "message", "payment", "subscription"];

/**
 * Shown when a push cannot be read (an older or newer server, a broken payload): the browser wants
 * a notification for every push anyway, and a vague one beats its own « site updated » notice.
 */
export const FALLBACK_PUSH: PushPayload = {
  kind: "message",
  title: "Passerelle",
  body: "Vous avez du nouveau sur Passerelle.",
  url: "/",
  tag: "passerelle",
};

const text = (value: unknown, max: number): string | null =>
  typeof value === "string" && value.trim() !== "" ? value.slice(0, max) : null;

/** The push's payload (PushPayload, domain/notifications.ts), from its JSON text; the fallback if unreadable. */
export function readPushPayload(json: string | null | undefined): PushPayload {
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(json ?? "") as Record<string, unknown>;
  } catch {
    return FALLBACK_PUSH;
  }
  if (typeof data !== "object" || data === null) return FALLBACK_PUSH;
  const title = text(data.title, 200);
  if (!title) return FALLBACK_PUSH;
  const unread = data.unread;
  return {
    kind: KINDS.includes(data.kind as PushKind) ? (data.kind as PushKind) : FALLBACK_PUSH.kind,
    title,
    body: text(data.body, 500) ?? "",
    url: text(data.url, 2048) ?? "/",
    // A notification with renotify needs a tag (Chrome refuses an empty one).
    tag: text(data.tag, 200) ?? FALLBACK_PUSH.tag,
    ...(typeof unread === "number" && Number.isInteger(unread) && unread >= 0 ? { unread } : {}),
  };
}

/** A window of the app, as the worker sees it (WindowClient). */
export interface WindowState {
  focused: boolean;
  visibilityState: "visible" | "hidden" | "prerender";
}

/**
 * Whether a push becomes a notification: not when the member is looking at the app (a window
 * focused and visible), which then shows it itself — the live events already update its pages.
 */
export function shouldShowNotification(windows: readonly WindowState[]): boolean {
  return !windows.some((w) => w.focused && w.visibilityState === "visible");
}

/** The options of the notification a push shows (its title apart). */
export function notificationOptions(payload: PushPayload) {
  return {
    body: payload.body,
    tag: payload.tag,
    // A new push with the same tag (the same conversation) replaces the last one and still alerts.
    renotify: true,
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE,
    data: { url: payload.url },
    lang: "fr",
  };
}

/**
 * The address a click on a notification opens: its `url` when it is a page of this site, the home
 * page otherwise — a notification never sends anyone to another site, whatever it carries.
 */
export function notificationTarget(url: unknown, origin: string): string {
  const home = new URL("/", origin).href;
  if (typeof url !== "string" || url === "") return home;
  try {
    const target = new URL(url, origin);
    return target.origin === new URL(origin).origin ? target.href : home;
  } catch {
    return home;
  }
}

/** The window a notification click brings forward: the focused one, else a visible one, else any. */
export function pickWindow<T extends WindowState>(windows: readonly T[]): T | undefined {
  return windows.find((w) => w.focused) ?? windows.find((w) => w.visibilityState === "visible") ?? windows[0];
}
