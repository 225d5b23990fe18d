// « … est en train d'écrire » (issue 17). Both directions:
// - the member's own typing is told to the other member (POST /api/matches/:id/typing), at most every
//   TYPING.SEND_SECONDS, never as a consequence of sending, failures ignored;
// - the other member's « typing » events are kept per conversation in a small store (not in the
//   message cache): shown until TYPING.SHOWN_SECONDS after the last one, or until that member's
//   message arrives.
import { TYPING } from "@domain/messaging.ts";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { api, call, pathParams } from "@web/lib/api.ts";
import { useCallback, useEffect, useReducer, useRef, useSyncExternalStore } from "react";

const SEND_MS = TYPING.SEND_SECONDS * 1000;
const SHOWN_MS = TYPING.SHOWN_SECONDS * 1000;

interface Typing {
  userId: string;
  /** When the last event arrived (Date.now()). */
  at: number;
}

/** Who is typing in which conversation. It holds times only, no timers: readers decide what is recent. */
export class TypingStore {
  private readonly entries = new Map<string, Typing>();
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get(matchId: string): Typing | undefined {
    return this.entries.get(matchId);
  }

  /** A « typing » event arrived. */
  started(matchId: string, userId: string, now: number = Date.now()): void {
    // Forget conversations whose indicator is long gone, so the map stays small.
    for (const [id, entry] of this.entries) if (now - entry.at >= SHOWN_MS) this.entries.delete(id);
    this.entries.set(matchId, { userId, at: now });
    this.emit();
  }

  /** The member's message arrived: they are no longer typing it. */
  stopped(matchId: string, userId: string): void {
    if (this.entries.get(matchId)?.userId !== userId) return;
    this.entries.delete(matchId);
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

// One store per query client: it lives and dies with the member's cached data (and each test's
// client starts with an empty one).
const stores = new WeakMap<QueryClient, TypingStore>();

export function typingStore(queryClient: QueryClient): TypingStore {
  let store = stores.get(queryClient);
  if (!store) {
    store = new TypingStore();
    stores.set(queryClient, store);
  }
  return store;
}

/**
 * True while `userId` is typing in the conversation: until TYPING.SHOWN_SECONDS after their last
 * event. A single timer re-renders at the expiry; it is cleared on unmount or on a newer event.
 */
export function useIsTyping(matchId: string, userId: string | undefined): boolean {
  const store = typingStore(useQueryClient());
  const entry = useSyncExternalStore(
    store.subscribe,
    () => store.get(matchId),
    () => undefined,
  );
  const until = entry && userId !== undefined && entry.userId === userId ? entry.at + SHOWN_MS : 0;
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const wait = until - Date.now();
    if (wait <= 0) return;
    const timer = setTimeout(rerender, wait);
    return () => clearTimeout(timer);
  }, [until]);
  return until > Date.now();
}

/**
 * Returns `typed(text)`, for each change of the message box: tells the other member, at most every
 * TYPING.SEND_SECONDS and only while the box holds something. Failures are ignored: the indicator is
 * a courtesy, the message itself is what matters.
 */
export function useTypingSignal(matchId: string): (text: string) => void {
  const lastSent = useRef<{ matchId: string; at: number } | null>(null);
  return useCallback(
    (text: string) => {
      if (text.trim() === "") return;
      const now = Date.now();
      const last = lastSent.current;
      if (last?.matchId === matchId && now - last.at < SEND_MS) return;
      lastSent.current = { matchId, at: now };
      call(api.matches[":id"].typing.$post({ param: pathParams({ id: matchId }) })).catch(() => undefined);
    },
    [matchId],
  );
}
