// The calls API (issue 38) for the web app: a conversation's « Appels » settings, and each step of a
// call. The call's own state lives in call-store.ts.
import type { CallDto, CallSettingsDto, CallViewDto, LiveCheckDto } from "@domain/responses/calls.ts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, call, cancelledBy, pathParams } from "@web/lib/api.ts";

export const callKeys = {
  settings: (matchId: string) => ["calls", "settings", matchId] as const,
};

export const callSettingsQuery = (matchId: string) =>
  queryOptions({
    queryKey: callKeys.settings(matchId),
    queryFn: ({ signal }) =>
      call(
        api.matches[":id"].calls.settings.$get({ param: pathParams({ id: matchId }) }, cancelledBy(signal)),
      ),
    // Its TURN credentials last a few minutes: read again before each call (fetchCallSettings).
    staleTime: 60_000,
  });

export function useCallSettings(matchId: string, enabled = true) {
  return useQuery({ ...callSettingsQuery(matchId), enabled });
}

/** Fresh settings, with credentials valid for the call about to start. */
export function fetchCallSettings(matchId: string): Promise<CallSettingsDto> {
  return call(api.matches[":id"].calls.settings.$get({ param: pathParams({ id: matchId }) }));
}

export function useSetCallsAllowed(matchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (allowed: boolean) =>
      call(api.matches[":id"].calls.settings.$put({ param: pathParams({ id: matchId }), json: { allowed } })),
    // The box follows the tap at once; the server's answer (or the former state, on an error) follows.
    onMutate: async (allowed) => {
      await queryClient.cancelQueries({ queryKey: callKeys.settings(matchId) });
      const before = queryClient.getQueryData<CallSettingsDto>(callKeys.settings(matchId));
      if (before) queryClient.setQueryData(callKeys.settings(matchId), { ...before, mine: allowed });
      return { before };
    },
    onError: (_err, _allowed, context) => {
      if (context?.before) queryClient.setQueryData(callKeys.settings(matchId), context.before);
    },
    onSuccess: (settings) => queryClient.setQueryData(callKeys.settings(matchId), settings),
  });
}

export const callApi = {
  start: (matchId: string, video: boolean, offer: string): Promise<CallDto> =>
    call(api.matches[":id"].calls.$post({ param: pathParams({ id: matchId }), json: { video, offer } })),
  get: (id: string): Promise<CallViewDto> => call(api.calls[":id"].$get({ param: pathParams({ id }) })),
  accept: (id: string, answer: string): Promise<CallDto> =>
    call(api.calls[":id"].accept.$post({ param: pathParams({ id }), json: { answer } })),
  end: (id: string, reason: "hangup" | "failed"): Promise<CallDto> =>
    call(api.calls[":id"].end.$post({ param: pathParams({ id }), json: { reason } })),
  heartbeat: (id: string): Promise<CallDto> =>
    call(api.calls[":id"].heartbeat.$post({ param: pathParams({ id }) })),
  liveCheck: (id: string, frames: Blob[]): Promise<LiveCheckDto> =>
    call(
      api.calls[":id"]["live-check"].$post({
        param: pathParams({ id }),
        form: { frames: frames.map((f, i) => new File([f], `image-${i + 1}.jpg`, { type: "image/jpeg" })) },
      }),
    ),
  /** Hangs up while the page goes away: the request outlives the page. */
  endOnLeave(id: string): void {
    void fetch(`/api/calls/${encodeURIComponent(id)}/end`, {
      method: "POST",
      keepalive: true,
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ reason: "hangup" }),
    }).catch(() => undefined);
  },
};
