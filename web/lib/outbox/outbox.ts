// The page's side of the outbox (issue 39; the items and their sending: ./store.ts, ./flush.ts).
// A message or a like the network could not take is written to the device and sent when the
// connection returns: on the browser's « online », when the page comes back to the front, every
// 30 s while something waits (a phone may say « online » on a dead network), and by the service
// worker on Background Sync, even with no page open. Only the session of the member who wrote an
// item sends it.
import { useSyncExternalStore } from "react";
import { isWorkerMessage, type WorkerMessage } from "../../pwa/sw-logic.ts";
import { sessionUser } from "../auth-client.ts";
import { type FlushResult, flushOutbox } from "./flush.ts";
import { allItems, clearItems, deleteItem, type OutboxItem, putItem } from "./store.ts";

export type { OutboxItem } from "./store.ts";

/** After a failed run: soon at first (a server hiccup), then every 30 s. */
const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 30_000] as const;
const SYNC_TAG = "passerelle-outbox";

let items: readonly OutboxItem[] = [];
/** The last run stopped on a network failure: what waits is « En attente de connexion ». */
let offline = false;
let snapshot: OutboxSnapshot = { items, offline };

export interface OutboxSnapshot {
  items: readonly OutboxItem[];
  offline: boolean;
}

function publish(): void {
  snapshot = { items, offline };
  for (const listener of listeners) listener();
}
const listeners = new Set<() => void>();
const sentListeners = new Set<(result: FlushResult) => void>();
/**
 * Other tabs: told when the outbox changes. Opened by startOutbox, not when the module loads: the
 * build's prerender imports it in Node, where an open channel would keep the process alive.
 */
let channel: BroadcastChannel | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retries = 0;
let flushing: Promise<void> | null = null;
let again = false;
/** The member who last wrote here: sends when the session is not yet known to the page. */
let writer: string | null = null;

async function reload(tellOthers: boolean): Promise<void> {
  try {
    items = await allItems();
  } catch {
    // IndexedDB refused (a private window in some browsers): nothing is kept.
    items = [];
  }
  publish();
  if (tellOthers) channel?.postMessage("changed");
}

/** Asks the service worker to send the outbox when the connection returns (Background Sync). */
async function requestBackgroundSync(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  const sync = (
    registration as
      | (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
      | undefined
  )?.sync;
  await sync?.register(SYNC_TAG).catch(() => undefined);
}

/** Sends what waits now (one run at a time in this page; a run asked during one follows it). */
export function flushNow(): Promise<void> {
  if (flushing) {
    again = true;
    return flushing;
  }
  flushing = (async () => {
    do {
      again = false;
      // Nothing waits (a visitor, most pages): the session is not even read. Reading it starts Better
      // Auth's session check, which, early in a prerendered page's start, changed what the layout
      // rendered while React was hydrating it.
      if (!items.some((i) => i.state === "waiting")) return;
      const me = sessionUser.id() ?? writer;
      if (!me) return;
      let result: FlushResult;
      try {
        result = await flushOutbox(me);
      } catch {
        return;
      }
      if (result.sent.length > 0 || result.refused.length > 0) {
        for (const listener of sentListeners) listener(result);
        await reload(true);
      }
      clearTimeout(retryTimer);
      if (offline !== (result.interrupted === "offline")) {
        offline = result.interrupted === "offline";
        publish();
      }
      if (!result.interrupted) retries = 0;
      else {
        if (result.interrupted === "offline") void requestBackgroundSync();
        const delay = RETRY_DELAYS_MS[Math.min(retries, RETRY_DELAYS_MS.length - 1)];
        retries += 1;
        retryTimer = setTimeout(() => void flushNow(), delay);
      }
    } while (again);
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** Keeps an item on the device, then tries to send it at once. */
export async function enqueue(
  item: Omit<OutboxItem, "state" | "createdAt" | "ownerId">,
  ownerId: string,
): Promise<void> {
  writer = ownerId;
  retries = 0;
  await putItem({ ...item, ownerId, createdAt: new Date().toISOString(), state: "waiting" });
  await reload(true);
  void flushNow();
}

/** « Réessayer » on a refused item: it waits again and goes with the next run. */
export async function retryItem(key: string): Promise<void> {
  const item = items.find((i) => i.key === key);
  if (!item) return;
  const { error: _e, errorCode: _c, ...rest } = item;
  await putItem({ ...rest, state: "waiting" });
  await reload(true);
  void flushNow();
}

/** « Supprimer »: the item is dropped from the device. */
export async function discardItem(key: string): Promise<void> {
  await deleteItem(key);
  await reload(true);
}

/** Called after each run that sent or refused something (the caches are brought up to date). */
export function onOutboxResult(listener: (result: FlushResult) => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

let started = false;

/** Starts the outbox's watch (once, at the app's start). */
export function startOutbox(): void {
  if (started || typeof indexedDB === "undefined") return;
  started = true;
  void reload(false).then(() => flushNow());
  if (typeof BroadcastChannel !== "undefined") {
    channel = new BroadcastChannel("passerelle-outbox");
    channel.addEventListener("message", () => void reload(false));
  }
  window.addEventListener("online", () => void flushNow());
  window.addEventListener("offline", () => {
    offline = true;
    publish();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") void flushNow();
  });
  // The service worker sent the outbox (Background Sync): this page shows it.
  navigator.serviceWorker?.addEventListener("message", (event: MessageEvent) => {
    const data = event.data as WorkerMessage | null;
    if (!isWorkerMessage(data) || data.type !== "outbox-sent") return;
    const { result } = data;
    void reload(false).then(() => {
      for (const listener of sentListeners) listener(result);
    });
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The outbox's items (every member's: filter by owner and target) and whether the network is away. */
export function useOutbox(): OutboxSnapshot {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
}

/** Empties the outbox and forgets its state (the unit tests, between cases). */
export async function resetOutbox(): Promise<void> {
  clearTimeout(retryTimer);
  retries = 0;
  offline = false;
  writer = null;
  await clearItems();
  await reload(false);
}
