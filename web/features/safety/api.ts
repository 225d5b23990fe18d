// Server state of blocks, reports and the member's own data (export, deletion). Blocking someone
// takes them off every list the member has loaded at once: search, matches, conversations and visits.
import type { MatchListDto, ProfileVisitDto, SearchResultDto } from "@domain/discovery.ts";
import type { ConversationDto } from "@domain/messaging.ts";
import type { BlockedMemberDto, ReportReason } from "@domain/safety.ts";
import {
  type InfiniteData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { matchKeys } from "@web/features/matches/index.ts";
import { messageKeys } from "@web/features/messages/index.ts";
import { searchKeys } from "@web/features/search/index.ts";
import { visitKeys } from "@web/features/visits/index.ts";
import {
  ApiError,
  api,
  call,
  cancelledBy,
  NETWORK_ERROR_MESSAGE,
  parseJson,
  pathParams,
  toApiError,
} from "@web/lib/api.ts";
import { authClient } from "@web/lib/auth-client.ts";
import { safetyKeys } from "./keys.ts";

/** Removes a member from the search results, the matches, the conversations and the visits in the cache. */
export function forgetMember(queryClient: QueryClient, userId: string): void {
  queryClient.setQueriesData<InfiniteData<SearchResultDto>>({ queryKey: searchKeys.all }, (data) =>
    data?.pages
      ? {
          ...data,
          pages: data.pages.map((p) => {
            const kept = p.data.filter((m) => m.userId !== userId);
            const removed = p.data.length - kept.length;
            return { ...p, data: kept, count: p.countCapped ? p.count : Math.max(0, p.count - removed) };
          }),
        }
      : data,
  );
  queryClient.setQueriesData<InfiniteData<MatchListDto>>({ queryKey: matchKeys.all }, (data) =>
    data?.pages
      ? {
          ...data,
          pages: data.pages.map((p) => ({ ...p, data: p.data.filter((m) => m.member.userId !== userId) })),
        }
      : data,
  );
  queryClient.setQueriesData<{ data: ConversationDto[] }>({ queryKey: messageKeys.conversations }, (data) =>
    data?.data ? { ...data, data: data.data.filter((c) => c.member.userId !== userId) } : data,
  );
  queryClient.setQueriesData<{ data: ProfileVisitDto[] }>({ queryKey: visitKeys.all }, (data) =>
    data?.data ? { ...data, data: data.data.filter((v) => v.member.userId !== userId) } : data,
  );
  void queryClient.invalidateQueries({ queryKey: matchKeys.all });
  void queryClient.invalidateQueries({ queryKey: messageKeys.conversations });
  void queryClient.invalidateQueries({ queryKey: messageKeys.navCounts });
  void queryClient.invalidateQueries({ queryKey: safetyKeys.blocks });
}

export function useBlocks() {
  return useQuery({
    queryKey: safetyKeys.blocks,
    queryFn: ({ signal }) => call(api.blocks.$get(undefined, cancelledBy(signal))),
    select: (r) => r.data,
  });
}

export function useBlockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => call(api.blocks.$post({ json: { userId } })),
    onSuccess: (_blocked, userId) => forgetMember(queryClient, userId),
  });
}

export function useUnblockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => call(api.blocks[":userId"].$delete({ param: pathParams({ userId }) })),
    onSuccess: (_v, userId) => {
      queryClient.setQueryData<{ data: BlockedMemberDto[] }>(
        safetyKeys.blocks,
        (data) => data && { data: data.data.filter((b) => b.userId !== userId) },
      );
      // They may show up again in search, and among the visitors.
      void queryClient.invalidateQueries({ queryKey: searchKeys.all });
      void queryClient.invalidateQueries({ queryKey: visitKeys.all });
    },
  });
}

export interface ReportInput {
  userId: string;
  messageId?: string | undefined;
  reason: Exclude<ReportReason, "spam">;
  details: string;
  block: boolean;
}

export function useReportMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, ...rest }: ReportInput) =>
      call(api.reports.$post({ json: messageId ? { ...rest, messageId } : rest })),
    onSuccess: (_r, input) => {
      if (input.block) forgetMember(queryClient, input.userId);
    },
  });
}

/** « passerelle-mes-donnees-2026-11-22.zip » from the Content-Disposition header. */
function fileNameOf(res: Response): string {
  const match = /filename="?([^";]+)"?/i.exec(res.headers.get("Content-Disposition") ?? "");
  return match?.[1] ?? "passerelle-mes-donnees.zip";
}

/** Downloads GET /api/me/export as a file (fetch, blob, temporary object URL). */
export async function downloadMyData(): Promise<string> {
  let res: Response;
  try {
    res = await api.me.export.$get();
  } catch {
    throw new ApiError(0, "NETWORK_ERROR", NETWORK_ERROR_MESSAGE);
  }
  if (!res.ok) throw toApiError(res.status, parseJson(await res.text().catch(() => "")));
  const name = fileNameOf(res);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before releasing the blob.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}

export function useExportMyData() {
  return useMutation({ mutationFn: downloadMyData });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) => call(api.me.delete.$post({ json: { password } })),
  });
}

/** The history state of the home page after « Supprimer mon compte ». */
export const ACCOUNT_DELETED_STATE = { accountDeleted: true } as const;

/**
 * Ends the local session once the account is gone (its server session went with it): the sign-out
 * clears the cookie and the session the pages read; the cached data of the account is dropped.
 */
export async function endDeletedSession(queryClient: QueryClient): Promise<void> {
  queryClient.clear();
  try {
    const { error } = await authClient.signOut();
    if (!error) return;
  } catch {
    // The account is deleted either way; only the page's idea of the session is left to refresh.
  }
  authClient.$store.notify("$sessionSignal");
}
