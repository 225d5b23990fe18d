// The outbox (issue 39): messages and likes written while the network is away, kept on the device
// in IndexedDB until the server has them. Shared by the pages and the service worker (which sends
// them on Background Sync), so nothing here touches the DOM.

/** What the outbox sends. A message carries its idempotency key (the item's key): sent twice, made once. */
export type OutboxKind = "message" | "like";

export interface OutboxItem {
  /** A random UUID: the item's id and the request's Idempotency-Key. */
  key: string;
  kind: OutboxKind;
  /** The member who wrote it: only their session sends it (another member may sign in on the device). */
  ownerId: string;
  /** The API path it is posted to, and its JSON body. */
  path: string;
  body: Record<string, unknown>;
  /** For a message: its conversation; for a like: the member liked. */
  target: string;
  /** What the member wrote (a message's text), shown while it waits. */
  text: string;
  /** ISO time it was written: items go out in this order. */
  createdAt: string;
  /** "waiting": not yet accepted (no network, or the server failed); "failed": refused (4xx). */
  state: "waiting" | "failed";
  /** The server's French message for a refusal. */
  error?: string;
  errorCode?: string;
}

const DB_NAME = "passerelle-outbox";
const STORE = "items";

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

let opening: Promise<IDBDatabase | null> | null = null;

/**
 * Where IndexedDB is missing or refused (some private windows), the outbox lives in the page's
 * memory: messages still wait for the network, but do not outlive the page.
 */
const inMemory = new Map<string, OutboxItem>();

function database(): Promise<IDBDatabase | null> {
  opening ??= new Promise<IDBDatabase | null>((resolve) => {
    if (typeof indexedDB === "undefined") return resolve(null);
    try {
      const req = indexedDB.open(DB_NAME, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: "key" });
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opening;
}

async function store(mode: IDBTransactionMode): Promise<IDBObjectStore | null> {
  return (await database())?.transaction(STORE, mode).objectStore(STORE) ?? null;
}

/** Every item, oldest first. */
export async function allItems(): Promise<OutboxItem[]> {
  const db = await store("readonly");
  const items = db ? ((await request(db.getAll())) as OutboxItem[]) : [...inMemory.values()];
  return items.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.key.localeCompare(b.key));
}

export async function putItem(item: OutboxItem): Promise<void> {
  const db = await store("readwrite");
  if (db) await request(db.put(item));
  else inMemory.set(item.key, item);
}

export async function deleteItem(key: string): Promise<void> {
  const db = await store("readwrite");
  if (db) await request(db.delete(key));
  else inMemory.delete(key);
}

/** Empties the outbox (the unit tests, between cases). */
export async function clearItems(): Promise<void> {
  const db = await store("readwrite");
  if (db) await request(db.clear());
  inMemory.clear();
}
