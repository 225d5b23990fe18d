// Keeps the signed-in member's pages live: one event stream, whose events update the caches the
// pages read (messages, conversations, matches, navigation counts) and who is typing where.
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { callStore } from "@web/features/calls/index.ts";
import { matchKeys } from "@web/features/matches/index.ts";
import {
  applyReadReceipt,
  catchUp,
  mergeMessages,
  refreshConversationLists,
  removeMessage,
} from "@web/features/messages/api.ts";
import { messageKeys } from "@web/features/messages/index.ts";
import { typingStore } from "@web/features/messages/typing.ts";
import { connectRealtime, type StreamEvent } from "@web/lib/realtime.ts";
import { useEffect } from "react";

/** What one event changes in the member's pages. */
export function applyRealtimeEvent(queryClient: QueryClient, event: StreamEvent): void {
  const refreshLists = () => refreshConversationLists(queryClient);
  // Calls (issue 38) follow their own events, and the removal of their conversation.
  callStore.onEvent(event);
  switch (event.type) {
    case "message.created":
      // The sender has finished typing this one: their indicator goes at once.
      typingStore(queryClient).stopped(event.message.matchId, event.message.senderId);
      mergeMessages(queryClient, event.message.matchId, [event.message]);
      refreshLists();
      break;
    case "messages.read":
      applyReadReceipt(queryClient, event.matchId, event.readerId, event.readAt);
      refreshLists();
      break;
    case "message.deleted":
      removeMessage(queryClient, event.matchId, event.messageId);
      refreshLists();
      break;
    case "typing":
      typingStore(queryClient).started(event.matchId, event.userId);
      break;
    case "match.accepted":
    case "match.removed":
      void queryClient.invalidateQueries({ queryKey: matchKeys.all });
      if (event.type === "match.removed")
        queryClient.removeQueries({ queryKey: messageKeys.pages(event.matchId) });
      refreshLists();
      break;
    case "resync":
      void catchUp(queryClient);
      void queryClient.invalidateQueries({ queryKey: matchKeys.all });
      refreshLists();
      break;
  }
}

export function RealtimeEvents() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onEvent = (event: StreamEvent) => applyRealtimeEvent(queryClient, event);
    return connectRealtime({
      onEvent,
      onReconnect: () => onEvent({ type: "resync" }),
    });
  }, [queryClient]);
  return null;
}
