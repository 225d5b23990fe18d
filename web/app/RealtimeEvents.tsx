// Keeps the signed-in member's pages live: one event stream, whose events update the caches the
// pages read (messages, conversations, matches, navigation counts).
import { useQueryClient } from "@tanstack/react-query";
import {
  applyReadReceipt,
  CONVERSATIONS_KEY,
  catchUp,
  mergeMessages,
  messagesKey,
  NAV_COUNTS_KEY,
  removeMessage,
} from "@web/features/messages/api.ts";
import { connectRealtime, type StreamEvent } from "@web/lib/realtime.ts";
import { useEffect } from "react";

export function RealtimeEvents() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refreshLists = () => {
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
      void queryClient.invalidateQueries({ queryKey: NAV_COUNTS_KEY });
    };
    const onEvent = (event: StreamEvent) => {
      switch (event.type) {
        case "message.created":
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
        case "match.accepted":
        case "match.removed":
          void queryClient.invalidateQueries({ queryKey: ["matches"] });
          if (event.type === "match.removed")
            queryClient.removeQueries({ queryKey: messagesKey(event.matchId) });
          refreshLists();
          break;
        case "resync":
          void catchUp(queryClient);
          void queryClient.invalidateQueries({ queryKey: ["matches"] });
          refreshLists();
          break;
      }
    };
    return connectRealtime({
      onEvent,
      onReconnect: () => onEvent({ type: "resync" }),
    });
  }, [queryClient]);
  return null;
}
