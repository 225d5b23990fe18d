// Sends the outbox (issue 39), oldest first, one request at a time: from a page when the connection
// comes back, or from the service worker on Background Sync. Several senders may run at once (two
// tabs and the worker): a message's Idempotency-Key makes the server keep one, and a like is a
// state (liking twice changes nothing). A Web Lock, where the browser has them, keeps them in turn.
import { allItems, deleteItem, type OutboxItem, putItem } from "./store.ts";

export interface FlushResult {
  /** Items the server accepted, with its answer (the message made). */
  sent: { item: OutboxItem; answer: unknown }[];
  /** Items the server refused (now "failed"). */
  refused: OutboxItem[];
  /**
   * Why the run stopped early, the rest waiting for the next try: "offline" (no answer at all) or
   * "server" (the server failed: 5xx, 408); false when it went through.
   */
  interrupted: false | "offline" | "server";
}

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

type Outcome = { answer: unknown } | "refused" | "offline" | "server";

async function sendOne(item: OutboxItem, fetchFn: Fetch): Promise<Outcome> {
  let res: Response;
  try {
    res = await fetchFn(item.path, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        Accept: "application/json",
        "Content-Type": "application/json",
        "Idempotency-Key": item.key,
      },
      body: JSON.stringify(item.body),
    });
  } catch {
    return "offline";
  }
  const body = await res.json().catch(() => undefined);
  if (res.ok) return { answer: body };
  // A refusal is final, « trop rapidement » (429) included: the member chooses to try again.
  if (res.status === 408 || res.status >= 500) return "server";
  const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  await putItem({
    ...item,
    state: "failed",
    ...(typeof error?.message === "string" ? { error: error.message } : {}),
    ...(typeof error?.code === "string" ? { errorCode: error.code } : {}),
  });
  return "refused";
}

async function flushUnlocked(ownerId: string, fetchFn: Fetch): Promise<FlushResult> {
  const result: FlushResult = { sent: [], refused: [], interrupted: false };
  for (const item of await allItems()) {
    if (item.ownerId !== ownerId || item.state !== "waiting") continue;
    const outcome = await sendOne(item, fetchFn);
    if (outcome === "offline" || outcome === "server") {
      result.interrupted = outcome;
      break;
    }
    if (outcome === "refused") {
      result.refused.push(item);
      continue;
    }
    await deleteItem(item.key);
    result.sent.push({ item, answer: outcome.answer });
  }
  return result;
}

/** Sends `ownerId`'s waiting items in order; stops at the first network failure. */
export async function flushOutbox(ownerId: string, fetchFn: Fetch = fetch): Promise<FlushResult> {
  // navigator.locks, in a page and in the worker alike.
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!locks) return flushUnlocked(ownerId, fetchFn);
  return locks.request("passerelle-outbox", () => flushUnlocked(ownerId, fetchFn));
}
