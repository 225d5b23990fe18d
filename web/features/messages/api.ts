// Server state of conversations and messages, and the cache updates real-time events make.
import { afterCursor, type MessageDto, type MessagePageDto } from "@domain/messaging.ts";
import {
  type InfiniteData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { api, call, cancelledBy, pathParams } from "@web/lib/api.ts";
import { withRetries } from "@web/lib/retry.ts";
import { messageKeys } from "./keys.ts";

export type MessagePages = InfiniteData<MessagePageDto, string | null>;

/** Refreshes after a burst wait this long after the burst's first one (issue 39). */
export const LIST_REFRESH_MS = 3000;
const lastRefresh = new WeakMap<QueryClient, { at: number; timer: ReturnType<typeof setTimeout> | null }>();

/**
 * Brings the conversation list and the navigation's counts up to date after a message, a read or a
 * send. A lone event refreshes them at once; the events that follow within LIST_REFRESH_MS are
 * answered by one refresh at the end of that time. A lively conversation otherwise reloaded the
 * whole list two or three times per message: 100 lists for 40 messages, a third of a member's day
 * in data (bench/data-day.ts). The conversation itself is updated by each event at once.
 */
export function refreshConversationLists(queryClient: QueryClient): void {
  const now = Date.now();
  const state = lastRefresh.get(queryClient) ?? { at: 0, timer: null };
  lastRefresh.set(queryClient, state);
  if (state.timer) return;
  const run = () => {
    state.at = Date.now();
    state.timer = null;
    void queryClient.invalidateQueries({ queryKey: messageKeys.conversations });
    void queryClient.invalidateQueries({ queryKey: messageKeys.navCounts });
  };
  const wait = state.at + LIST_REFRESH_MS - now;
  if (wait <= 0) run();
  else state.timer = setTimeout(run, wait);
}

export const conversationsQuery = () =>
  queryOptions({
    queryKey: messageKeys.conversations,
    queryFn: ({ signal }) => call(api.conversations.$get(undefined, cancelledBy(signal))),
  });

export function useConversations() {
  return useQuery({ ...conversationsQuery(), select: (r) => r.data });
}

export function useMessages(matchId: string | null) {
  return useInfiniteQuery({
    queryKey: messageKeys.pages(matchId ?? ""),
    queryFn: ({ pageParam, signal }) =>
      call(
        api.matches[":id"].messages.$get(
          { param: pathParams({ id: matchId ?? "" }), query: { before: pageParam ?? undefined } },
          cancelledBy(signal),
        ),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: matchId !== null,
    // Events keep it fresh; refetching would reload every page already scrolled through.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/** Adds messages to a conversation's cache (newest first), once each. */
export function mergeMessages(queryClient: QueryClient, matchId: string, incoming: MessageDto[]): void {
  if (incoming.length === 0) return;
  queryClient.setQueryData<MessagePages>(messageKeys.pages(matchId), (data) => {
    if (!data) return data;
    const known = new Set(data.pages.flatMap((p) => p.data.map((m) => m.id)));
    const fresh = incoming.filter((m) => !known.has(m.id));
    const updated = new Map(incoming.map((m) => [m.id, m]));
    // A read never goes back: the send's answer can arrive after the other member's read receipt,
    // carrying the message as it was before she read it.
    const newer = (m: MessageDto): MessageDto => {
      const next = updated.get(m.id);
      return next ? { ...next, readAt: next.readAt ?? m.readAt } : m;
    };
    const pages = data.pages.map((p) => ({ ...p, data: p.data.map(newer) }));
    if (fresh.length > 0 && pages[0]) {
      const first = pages[0];
      pages[0] = {
        ...first,
        data: [...fresh, ...first.data].sort(
          (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
        ),
      };
    }
    return { ...data, pages };
  });
}

/** Marks the member's own messages up to `readAt` as read in the cache. */
export function applyReadReceipt(
  queryClient: QueryClient,
  matchId: string,
  readerId: string,
  readAt: string,
): void {
  queryClient.setQueryData<MessagePages>(
    messageKeys.pages(matchId),
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((p) => ({
          ...p,
          data: p.data.map((m) =>
            m.senderId !== readerId && !m.readAt && m.createdAt <= readAt ? { ...m, readAt } : m,
          ),
        })),
      },
  );
}

/** Drops a message from a conversation's cache (a moderator deleted it). */
export function removeMessage(queryClient: QueryClient, matchId: string, messageId: string): void {
  queryClient.setQueryData<MessagePages>(
    messageKeys.pages(matchId),
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((p) => ({ ...p, data: p.data.filter((m) => m.id !== messageId) })),
      },
  );
}

/** Fetches what is newer than the newest cached message of every loaded conversation. */
export async function catchUp(queryClient: QueryClient): Promise<void> {
  const cached = queryClient.getQueriesData<MessagePages>({ queryKey: messageKeys.allPages });
  await Promise.all(
    cached.map(async ([key, data]) => {
      const matchId = String(key[1]);
      const newest = data?.pages[0]?.data[0];
      if (!matchId) return;
      if (!newest) return void queryClient.invalidateQueries({ queryKey: messageKeys.pages(matchId) });
      try {
        const page = await call(
          api.matches[":id"].messages.$get({
            param: pathParams({ id: matchId }),
            query: { after: afterCursor(newest) },
          }),
        );
        mergeMessages(queryClient, matchId, page.data);
      } catch {
        void queryClient.invalidateQueries({ queryKey: messageKeys.pages(matchId) });
      }
    }),
  );
}

/** What a send carries: a text or a recording, and its idempotency key (the pending message's key). */
export type Outgoing = { key: string } & (
  | { content: string; voice?: undefined }
  | { content?: undefined; voice: { blob: Blob; type: string; durationMs: number; peaks: string } }
);

/** Sends once; a retry with the same key returns the message the first try made (issue 37). */
function sendOnce(matchId: string, out: Outgoing): Promise<MessageDto> {
  const param = pathParams({ id: matchId });
  const headers = { "Idempotency-Key": out.key };
  if (out.voice === undefined)
    return call(api.matches[":id"].messages.$post({ param, json: { content: out.content } }, { headers }));
  const { blob, type, durationMs, peaks } = out.voice;
  return call(
    api.matches[":id"]["voice-messages"].$post(
      { param, query: { durationMs: String(durationMs), peaks } },
      { headers: { ...headers, "Content-Type": type }, init: { body: blob } },
    ),
  );
}

export function useSendMessage(matchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // A lost connection is tried again, with the same key: never lost, never sent twice.
    mutationFn: (out: Outgoing) => withRetries(() => sendOnce(matchId, out)),
    onSuccess: (message) => {
      mergeMessages(queryClient, matchId, [message]);
      refreshConversationLists(queryClient);
    },
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (matchId: string) =>
      call(api.matches[":id"].read.$post({ param: pathParams({ id: matchId }) })),
    onSuccess: () => refreshConversationLists(queryClient),
  });
}

/** Reads a message the shield held (issue 36): its text replaces the warning in the cache. */
export function useRevealMessage(matchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) =>
      call(
        api.matches[":id"].messages[":messageId"].reveal.$post({
          param: pathParams({ id: matchId, messageId }),
        }),
      ),
    onSuccess: (message) => {
      mergeMessages(queryClient, matchId, [message]);
      refreshConversationLists(queryClient);
    },
  });
}
