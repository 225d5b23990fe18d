// What the outbox's sending changes in the app's caches (issue 39): a message the server made
// joins its conversation; a like sent late may have made a match.
import type { MessageDto } from "@domain/messaging.ts";
import type { QueryClient } from "@tanstack/react-query";
import { matchKeys } from "@web/features/matches/index.ts";
import { mergeMessages, refreshConversationLists } from "@web/features/messages/api.ts";
import { messageKeys } from "@web/features/messages/index.ts";
import { onOutboxResult, startOutbox } from "@web/lib/outbox/outbox.ts";

export function startOutboxWithCache(queryClient: QueryClient): void {
  onOutboxResult(({ sent }) => {
    for (const { item, answer } of sent) {
      if (item.kind === "message" && answer) mergeMessages(queryClient, item.target, [answer as MessageDto]);
    }
    if (sent.some((s) => s.item.kind === "message")) refreshConversationLists(queryClient);
    if (sent.some((s) => s.item.kind === "like")) {
      void queryClient.invalidateQueries({ queryKey: matchKeys.all });
      void queryClient.invalidateQueries({ queryKey: messageKeys.navCounts });
    }
  });
  startOutbox();
}
