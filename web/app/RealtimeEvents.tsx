// Keeps the signed-in member's pages live: one event stream, whose events update the caches the
// pages read (messages, conversations, matches, navigation counts) and who is typing where.
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import {
  applyReadReceipt,
  CONVERSATIONS_KEY,
  catchUp,
  mergeMessages,
  messagesKey,
  NAV_COUNTS_KEY,
  removeMessage,
} from "@web/features/messages/api.ts";
import { typingStore } from "@web/features/messages/typing.ts";
import { connectRealtime, type StreamEvent } from "@web/lib/realtime.ts";
import { useEffect } from "react";

/** What one event changes in the member's pages. */
export function applyRealtimeEvent(queryClient: QueryClient, event: StreamEvent): void {
  const refreshLists = () => {
    void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    void queryClient.invalidateQueries({ queryKey: NAV_COUNTS_KEY });
  };
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
      void queryClient.invalidateQueries({ queryKey: ["matches"] });
      if (event.type === "match.removed") queryClient.removeQueries({ queryKey: messagesKey(event.matchId) });
      refreshLists();
      break;
    case "resync":
      void catchUp(queryClient);
      void queryClient.invalidateQueries({ queryKey: ["matches"] });
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
